-- Today's big wins of the whole network (insight/today.ts, bigWinsToday): the ten biggest wins of
-- a day read from the big wins by size, the first ones of the month's partition that fall on the
-- day, instead of every big win of the day by time (as many as the network is large). The index by
-- time stays for a manager's subtree, whose wins are a few of the day's.
CREATE INDEX "plays_big_win_size_idx" ON "plays" USING btree ("win_points_cents" DESC NULLS FIRST,"played_at" DESC NULLS FIRST) WHERE "plays"."win_points_cents" >= 100000;
