CREATE TABLE "cafe_count" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"cafes" integer NOT NULL,
	CONSTRAINT "cafe_count_single" CHECK ("cafe_count"."single")
);
--> statement-breakpoint
CREATE TABLE "cafe_trend_totals" (
	"cafe_id" uuid PRIMARY KEY NOT NULL,
	"weeks4_cents" bigint NOT NULL,
	"weeks8_cents" bigint NOT NULL,
	"weeks12_cents" bigint NOT NULL,
	"weeks26_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cafe_trend_week" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"week_start" date NOT NULL,
	CONSTRAINT "cafe_trend_week_single" CHECK ("cafe_trend_week"."single")
);
--> statement-breakpoint
CREATE TABLE "cafe_week_totals" (
	"week_start" date PRIMARY KEY NOT NULL,
	"plays" bigint NOT NULL,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint NOT NULL,
	"own_profit_cents" bigint NOT NULL,
	"other_profit_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cafe_trend_totals_weeks4_idx" ON "cafe_trend_totals" USING btree ("weeks4_cents");--> statement-breakpoint
CREATE INDEX "cafe_trend_totals_weeks8_idx" ON "cafe_trend_totals" USING btree ("weeks8_cents");--> statement-breakpoint
CREATE INDEX "cafe_trend_totals_weeks12_idx" ON "cafe_trend_totals" USING btree ("weeks12_cents");--> statement-breakpoint
CREATE INDEX "cafe_trend_totals_weeks26_idx" ON "cafe_trend_totals" USING btree ("weeks26_cents");--> statement-breakpoint

-- cafe_trend_totals: each cafe's draw-games profit (play - win) over the 4, 8, 12 and 26 weeks
-- ending with the kept week (cafe_trend_week), one row per cafe, so that Cafe Trends' default
-- order for the whole network (Total, a period's profit) is read from an index in order: a page
-- of entries at any size of network, where summing every cafe's weeks grows with the network.
-- A period's profit is its days' rows of draw_daily_by_cafe summed; the closing fixes the same
-- sums in cafe_week, and a closed week's days never change again (late facts are booked in the
-- open week), so it equals what Cafe Trends shows for the period, closed weeks and open alike.
--
-- Kept by statement-level triggers:
-- * on draw_daily_by_cafe: each statement's change of a day in the kept periods is added to its
--   cafe's row, in the same transaction (plays, late plays, voids and deletes all reach it there);
-- * on cafe_trend_week: moving the kept week (the closing job does, under the settlement lock
--   taken alone, each Monday) adds the days that enter each period and takes away those that
--   leave it (the leaving weeks from what their closing fixed, the new week from its few rows so
--   far); the first week kept is summed anew;
-- * on cafes: a new cafe's row, at zero.
-- The change of a day reads the kept week, so it takes the settlement lock shared (feed batches
-- hold it already): a move of the week, which holds it alone, never interleaves with a change.
-- Never written directly.

CREATE FUNCTION refuse_direct_kept_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION '% is kept by the triggers of the tables it sums and cannot be written directly', TG_TABLE_NAME
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- The change of each statement to draw_daily_by_cafe (new rows added, old ones taken away), in
-- the kept periods, per cafe. The periods start 3, 7, 11 and 25 weeks before the kept week.
CREATE FUNCTION cafe_trend_totals_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- 7246001: the settlement lock (settlement/close-weeks.ts, SETTLEMENT_LOCK_KEY).
  PERFORM pg_advisory_xact_lock_shared(7246001);
  IF TG_OP = 'INSERT' THEN
    UPDATE cafe_trend_totals t SET
      weeks4_cents = t.weeks4_cents + s.weeks4, weeks8_cents = t.weeks8_cents + s.weeks8,
      weeks12_cents = t.weeks12_cents + s.weeks12, weeks26_cents = t.weeks26_cents + s.weeks26
      FROM (SELECT n.cafe_id,
                   coalesce(sum(n.play_points_cents - n.win_points_cents) FILTER (WHERE n.day >= k.week_start - 21), 0) AS weeks4,
                   coalesce(sum(n.play_points_cents - n.win_points_cents) FILTER (WHERE n.day >= k.week_start - 49), 0) AS weeks8,
                   coalesce(sum(n.play_points_cents - n.win_points_cents) FILTER (WHERE n.day >= k.week_start - 77), 0) AS weeks12,
                   sum(n.play_points_cents - n.win_points_cents) AS weeks26
              FROM new_rows n
              JOIN cafe_trend_week k ON n.day >= k.week_start - 175 AND n.day <= k.week_start + 6
             GROUP BY n.cafe_id) s
     WHERE t.cafe_id = s.cafe_id AND (s.weeks4, s.weeks8, s.weeks12, s.weeks26) <> (0, 0, 0, 0);
  ELSE
    UPDATE cafe_trend_totals t SET
      weeks4_cents = t.weeks4_cents + s.weeks4, weeks8_cents = t.weeks8_cents + s.weeks8,
      weeks12_cents = t.weeks12_cents + s.weeks12, weeks26_cents = t.weeks26_cents + s.weeks26
      FROM (SELECT n.cafe_id,
                   coalesce(sum(n.profit) FILTER (WHERE n.day >= k.week_start - 21), 0) AS weeks4,
                   coalesce(sum(n.profit) FILTER (WHERE n.day >= k.week_start - 49), 0) AS weeks8,
                   coalesce(sum(n.profit) FILTER (WHERE n.day >= k.week_start - 77), 0) AS weeks12,
                   sum(n.profit) AS weeks26
              FROM (SELECT cafe_id, day, play_points_cents - win_points_cents AS profit FROM new_rows
                    UNION ALL
                    SELECT cafe_id, day, win_points_cents - play_points_cents FROM old_rows) n
              JOIN cafe_trend_week k ON n.day >= k.week_start - 175 AND n.day <= k.week_start + 6
             GROUP BY n.cafe_id) s
     WHERE t.cafe_id = s.cafe_id AND (s.weeks4, s.weeks8, s.weeks12, s.weeks26) <> (0, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cafe_trend_totals_insert AFTER INSERT ON draw_daily_by_cafe REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cafe_trend_totals_fold();
--> statement-breakpoint
CREATE TRIGGER cafe_trend_totals_update AFTER UPDATE ON draw_daily_by_cafe REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cafe_trend_totals_fold();
--> statement-breakpoint

-- A new cafe's row: no play names it yet.
CREATE FUNCTION cafe_trend_totals_new_cafes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cafe_trend_totals (cafe_id, weeks4_cents, weeks8_cents, weeks12_cents, weeks26_cents)
  SELECT n.id, 0, 0, 0, 0 FROM new_rows n ORDER BY n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cafe_trend_totals_new_cafes AFTER INSERT ON cafes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cafe_trend_totals_new_cafes();
--> statement-breakpoint

-- The kept week set or moved, a whole number of weeks. The first: every cafe's periods summed
-- anew. A move: per period, the weeks in the new period and not the old are added, those in the
-- old and not the new taken away. A cafe's profit in a week comes from what the week's closing
-- fixed (cafe_week: the same sums as its days' rows, which never change once it is closed) or,
-- for a week not closed, from its days' rows of play_daily_by_cafe (through their day index: on a
-- Monday, the new week's few hours). So a move each Monday reads the leaving weeks' cafe_week rows
-- and the new week so far, not a probe per cafe and day.
CREATE FUNCTION cafe_trend_week_profit(weeks date[]) RETURNS TABLE (cafe_id uuid, week_start date, profit_cents bigint)
LANGUAGE sql STABLE AS $$
  SELECT w.cafe_id, w.week_start, w.own_profit_cents + w.other_profit_cents
    FROM cafe_week w
   WHERE w.week_start = ANY (weeks)
     AND EXISTS (SELECT 1 FROM settled_weeks s WHERE s.week_start = w.week_start AND s.kind = 'games')
  UNION ALL
  SELECT d.cafe_id, k.week_start, sum(d.play_points_cents - d.win_points_cents)::bigint
    FROM unnest(weeks) AS k (week_start)
    JOIN play_daily_by_cafe d ON d.day >= k.week_start AND d.day <= k.week_start + 6
   WHERE NOT EXISTS (SELECT 1 FROM settled_weeks s WHERE s.week_start = k.week_start AND s.kind = 'games')
     AND d.game_id IN (SELECT id FROM games WHERE kind = 'draw')
   GROUP BY 1, 2
$$;
--> statement-breakpoint
CREATE FUNCTION cafe_trend_totals_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE cafe_trend_totals t SET
      weeks4_cents = coalesce(s.weeks4, 0), weeks8_cents = coalesce(s.weeks8, 0),
      weeks12_cents = coalesce(s.weeks12, 0), weeks26_cents = coalesce(s.weeks26, 0)
      FROM cafes cf
      LEFT JOIN (SELECT p.cafe_id,
                        sum(p.profit_cents) FILTER (WHERE p.week_start >= NEW.week_start - 21) AS weeks4,
                        sum(p.profit_cents) FILTER (WHERE p.week_start >= NEW.week_start - 49) AS weeks8,
                        sum(p.profit_cents) FILTER (WHERE p.week_start >= NEW.week_start - 77) AS weeks12,
                        sum(p.profit_cents) AS weeks26
                   FROM cafe_trend_week_profit(ARRAY(SELECT NEW.week_start - 7 * i FROM generate_series(0, 25) i)) p
                  GROUP BY p.cafe_id) s ON s.cafe_id = cf.id
     WHERE t.cafe_id = cf.id;
  ELSIF NEW.week_start <> OLD.week_start THEN
    WITH p (weeks) AS (VALUES (4), (8), (12), (26)),
         changed AS (
           SELECT p.weeks, NEW.week_start - 7 * i AS week_start, 1 AS sign FROM p, generate_series(0, p.weeks - 1) i
            WHERE NEW.week_start - 7 * i NOT BETWEEN OLD.week_start - 7 * (p.weeks - 1) AND OLD.week_start
           UNION ALL
           SELECT p.weeks, OLD.week_start - 7 * i, -1 FROM p, generate_series(0, p.weeks - 1) i
            WHERE OLD.week_start - 7 * i NOT BETWEEN NEW.week_start - 7 * (p.weeks - 1) AND NEW.week_start),
         s AS (SELECT w.cafe_id,
                      coalesce(sum(c.sign * w.profit_cents) FILTER (WHERE c.weeks = 4), 0) AS weeks4,
                      coalesce(sum(c.sign * w.profit_cents) FILTER (WHERE c.weeks = 8), 0) AS weeks8,
                      coalesce(sum(c.sign * w.profit_cents) FILTER (WHERE c.weeks = 12), 0) AS weeks12,
                      coalesce(sum(c.sign * w.profit_cents) FILTER (WHERE c.weeks = 26), 0) AS weeks26
                 FROM cafe_trend_week_profit(ARRAY(SELECT DISTINCT week_start FROM changed)) w
                 JOIN changed c ON c.week_start = w.week_start
                GROUP BY w.cafe_id)
    UPDATE cafe_trend_totals t SET
      weeks4_cents = t.weeks4_cents + s.weeks4, weeks8_cents = t.weeks8_cents + s.weeks8,
      weeks12_cents = t.weeks12_cents + s.weeks12, weeks26_cents = t.weeks26_cents + s.weeks26
      FROM s
     WHERE t.cafe_id = s.cafe_id AND (s.weeks4, s.weeks8, s.weeks12, s.weeks26) <> (0, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cafe_trend_totals_move AFTER INSERT OR UPDATE ON cafe_trend_week FOR EACH ROW EXECUTE FUNCTION cafe_trend_totals_move();
--> statement-breakpoint

-- Every cafe there is, at zero, then the week of now (IST), summed anew: the triggers above hold
-- draw_daily_by_cafe's and cafes' writers back until this commits. The closing job moves it on.
INSERT INTO cafe_trend_totals (cafe_id, weeks4_cents, weeks8_cents, weeks12_cents, weeks26_cents)
SELECT id, 0, 0, 0, 0 FROM cafes ORDER BY id;
--> statement-breakpoint
INSERT INTO cafe_trend_week (week_start) VALUES (ist_week_start(ist_day(now())));
--> statement-breakpoint
CREATE TRIGGER cafe_trend_totals_direct_write BEFORE INSERT OR UPDATE OR DELETE ON cafe_trend_totals FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_kept_write();
--> statement-breakpoint
CREATE TRIGGER cafe_trend_totals_no_truncate BEFORE TRUNCATE ON cafe_trend_totals FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_kept_write();
--> statement-breakpoint

-- Migrations 0039 and 0040 refused direct writes to these with the roll-ups' message, which names
-- plays and poker hands: each now says what keeps it.
DROP TRIGGER active_master_count_direct_write ON active_master_count;
--> statement-breakpoint
DROP TRIGGER active_master_count_no_truncate ON active_master_count;
--> statement-breakpoint
CREATE TRIGGER active_master_count_direct_write BEFORE INSERT OR UPDATE OR DELETE ON active_master_count FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_count_write();
--> statement-breakpoint
CREATE TRIGGER active_master_count_no_truncate BEFORE TRUNCATE ON active_master_count FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_count_write();
--> statement-breakpoint
DROP TRIGGER loan_owed_by_master_direct_write ON loan_owed_by_master;
--> statement-breakpoint
DROP TRIGGER loan_owed_by_master_no_truncate ON loan_owed_by_master;
--> statement-breakpoint
CREATE TRIGGER loan_owed_by_master_direct_write BEFORE INSERT OR UPDATE OR DELETE ON loan_owed_by_master FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_kept_write();
--> statement-breakpoint
CREATE TRIGGER loan_owed_by_master_no_truncate BEFORE TRUNCATE ON loan_owed_by_master FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_kept_write();
--> statement-breakpoint
DROP TRIGGER loan_owed_totals_direct_write ON loan_owed_totals;
--> statement-breakpoint
DROP TRIGGER loan_owed_totals_no_truncate ON loan_owed_totals;
--> statement-breakpoint
CREATE TRIGGER loan_owed_totals_direct_write BEFORE INSERT OR UPDATE OR DELETE ON loan_owed_totals FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_kept_write();
--> statement-breakpoint
CREATE TRIGGER loan_owed_totals_no_truncate BEFORE TRUNCATE ON loan_owed_totals FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_kept_write();
--> statement-breakpoint

-- cafe_week_totals: cafe_week summed per week, so that Cafe Profit of a closed week for the whole
-- network takes its totals row from one row instead of every cafe's row of the week, and Cafe
-- Trends its closed weeks' totals. cafe_week rows are inserted once, in their week's closing, and
-- never changed (refuse_change_to_closed_week): a statement-level trigger on their inserts keeps it.
CREATE FUNCTION cafe_week_totals_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cafe_week_totals AS t (week_start, plays, play_points_cents, win_points_cents, own_profit_cents, other_profit_cents)
  SELECT n.week_start, sum(n.plays)::bigint, sum(n.play_points_cents)::bigint, sum(n.win_points_cents)::bigint,
         sum(n.own_profit_cents)::bigint, sum(n.other_profit_cents)::bigint
    FROM new_rows n GROUP BY n.week_start ORDER BY n.week_start
  ON CONFLICT (week_start) DO UPDATE SET
    plays = t.plays + excluded.plays,
    play_points_cents = t.play_points_cents + excluded.play_points_cents,
    win_points_cents = t.win_points_cents + excluded.win_points_cents,
    own_profit_cents = t.own_profit_cents + excluded.own_profit_cents,
    other_profit_cents = t.other_profit_cents + excluded.other_profit_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cafe_week_totals_insert AFTER INSERT ON cafe_week REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cafe_week_totals_fold();
--> statement-breakpoint
INSERT INTO cafe_week_totals (week_start, plays, play_points_cents, win_points_cents, own_profit_cents, other_profit_cents)
SELECT week_start, sum(plays)::bigint, sum(play_points_cents)::bigint, sum(win_points_cents)::bigint,
       sum(own_profit_cents)::bigint, sum(other_profit_cents)::bigint
  FROM cafe_week GROUP BY week_start;
--> statement-breakpoint
CREATE TRIGGER cafe_week_totals_direct_write BEFORE INSERT OR UPDATE OR DELETE ON cafe_week_totals FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_kept_write();
--> statement-breakpoint
CREATE TRIGGER cafe_week_totals_no_truncate BEFORE TRUNCATE ON cafe_week_totals FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_kept_write();
--> statement-breakpoint

-- cafe_count: how many cafes there are, for the whole network's totals rows, kept by a statement
-- trigger on cafes' inserts (cafes are never deleted: cafes_never_deleted). A new cafe is rare, so
-- its one row is no hot spot.
CREATE FUNCTION cafe_count_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cafe_count SET cafes = cafes + (SELECT count(*) FROM new_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cafe_count_insert AFTER INSERT ON cafes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cafe_count_fold();
--> statement-breakpoint
INSERT INTO cafe_count (cafes) SELECT count(*) FROM cafes;
--> statement-breakpoint
CREATE TRIGGER cafe_count_direct_write BEFORE INSERT OR UPDATE OR DELETE ON cafe_count FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_count_write();
--> statement-breakpoint
CREATE TRIGGER cafe_count_no_truncate BEFORE TRUNCATE ON cafe_count FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_count_write();
