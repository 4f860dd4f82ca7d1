-- A block range index on plays.played_at (docs/deploy.md, "Data that grows"): plays arrive in time
-- order, so a few hours of plays (Today's same time last week) are read without scanning the month.
-- On the partitioned table, every month partition, present and future, gets its own.
CREATE INDEX "plays_played_at_brin" ON "plays" USING brin ("played_at");
