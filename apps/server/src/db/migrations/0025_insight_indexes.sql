-- The agents in the order the reports sort them by name (lower-cased under the "C" collation, so
-- PGlite and any PostgreSQL locale agree): the superadmin's Cafe Profit page of a closed week,
-- sorted by agent, walks the agents in this order and stops once its page is full, instead of
-- sorting every cafe of the network.
CREATE INDEX "accounts_username_c_idx" ON "accounts" USING btree (lower("username" COLLATE "C"));--> statement-breakpoint
-- Today's big wins: the plays that won 1,000 points or more (a few in a hundred), by time, so that
-- a day's big wins are read without the day's other plays. Every month partition gets its own.
CREATE INDEX "plays_big_win_idx" ON "plays" USING btree ("played_at","win_points_cents") WHERE "plays"."win_points_cents" >= 100000;
