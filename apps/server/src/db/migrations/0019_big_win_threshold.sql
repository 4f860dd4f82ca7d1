-- The Today screen's big-win threshold (docs/domain.md, "Insight"), kept per user: the wins at or
-- above it are listed. In hundredths; 10,000 points by default.
ALTER TABLE "accounts" ADD COLUMN "big_win_threshold_cents" bigint DEFAULT 1000000 NOT NULL;
