-- cafe_trend_totals moved to a new week a slice of cafes at a time, so that the weekly move never
-- holds the feed (decision 0027). Until now the closing job moved every cafe's row in one
-- statement under the settlement lock taken alone, and every feed batch waited for it: a few
-- hundred milliseconds on the large network, seconds on one ten times larger.
--
-- Each row now carries the week its periods end with. A play's change is folded into its cafe's
-- row by that row's own week; the closing job moves the rows a slice at a time, each slice in its
-- own short transaction (cafe_trend_totals_move_slice), and then sets cafe_trend_week, which tells
-- readers that every row holds that week. While it moves, cafe_trend_week.moving_to names the new
-- week, and Cafe Trends sums the cafes' days for either week instead of reading the rows.
--
-- Why it stays exact with feed batches committing beside the slices: a row's week and its sums
-- change only while the row is locked, and whoever changes them locks it first and then reads
-- from a snapshot taken after the lock (READ COMMITTED takes one per statement).
-- * A feed batch's fold locks its cafes' rows (in cafe order) before it reads their weeks: one that
--   waited for a slice sees the moved week and folds the new week's days in.
-- * A slice locks its rows first, skipping those a batch holds (a later pass takes them, so it
--   never waits for the feed, and the two never deadlock), then reads the weeks that enter and
--   leave each period: a batch that committed before the lock is in that read, and one that had
--   not folded yet waits for the slice and folds by the new week.
-- * A new cafe's row takes cafe_trend_week's week under a share lock of that row; the move's last
--   step updates that row, then checks that no row is left behind, all in one transaction.
ALTER TABLE "cafe_trend_totals" ADD COLUMN "week_start" date;
--> statement-breakpoint
ALTER TABLE "cafe_trend_totals" DISABLE TRIGGER "cafe_trend_totals_direct_write";
--> statement-breakpoint
UPDATE "cafe_trend_totals" SET "week_start" = (SELECT "week_start" FROM "cafe_trend_week");
--> statement-breakpoint
ALTER TABLE "cafe_trend_totals" ENABLE TRIGGER "cafe_trend_totals_direct_write";
--> statement-breakpoint
ALTER TABLE "cafe_trend_totals" ALTER COLUMN "week_start" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "cafe_trend_week" ADD COLUMN "moving_to" date;
--> statement-breakpoint
DROP TRIGGER "cafe_trend_totals_move" ON "cafe_trend_week";
--> statement-breakpoint
DROP FUNCTION cafe_trend_totals_move();
--> statement-breakpoint
DROP FUNCTION cafe_trend_week_profit(date[]);
--> statement-breakpoint

-- Direct writes stay refused; a slice of the move says so for its own transaction.
CREATE FUNCTION refuse_direct_cafe_trend_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' AND (pg_trigger_depth() >= 2 OR current_setting('playrep.moving_cafe_trends', true) = 'on') THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION '% is kept by the triggers of the tables it sums and cannot be written directly', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
DROP TRIGGER "cafe_trend_totals_direct_write" ON "cafe_trend_totals";
--> statement-breakpoint
CREATE TRIGGER cafe_trend_totals_direct_write BEFORE INSERT OR UPDATE OR DELETE ON cafe_trend_totals FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_cafe_trend_write();
--> statement-breakpoint

-- A statement's change to draw_daily_by_cafe, by each cafe row's own week: the rows locked first.
CREATE OR REPLACE FUNCTION cafe_trend_totals_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM cafe_trend_totals t WHERE t.cafe_id IN (SELECT n.cafe_id FROM new_rows n)
      ORDER BY t.cafe_id FOR UPDATE OF t;
    UPDATE cafe_trend_totals t SET
      weeks4_cents = t.weeks4_cents + s.weeks4, weeks8_cents = t.weeks8_cents + s.weeks8,
      weeks12_cents = t.weeks12_cents + s.weeks12, weeks26_cents = t.weeks26_cents + s.weeks26
      FROM (SELECT n.cafe_id,
                   coalesce(sum(n.play_points_cents - n.win_points_cents) FILTER (WHERE n.day >= k.week_start - 21), 0) AS weeks4,
                   coalesce(sum(n.play_points_cents - n.win_points_cents) FILTER (WHERE n.day >= k.week_start - 49), 0) AS weeks8,
                   coalesce(sum(n.play_points_cents - n.win_points_cents) FILTER (WHERE n.day >= k.week_start - 77), 0) AS weeks12,
                   sum(n.play_points_cents - n.win_points_cents) AS weeks26
              FROM new_rows n
              JOIN cafe_trend_totals k ON k.cafe_id = n.cafe_id AND n.day >= k.week_start - 175 AND n.day <= k.week_start + 6
             GROUP BY n.cafe_id) s
     WHERE t.cafe_id = s.cafe_id AND (s.weeks4, s.weeks8, s.weeks12, s.weeks26) <> (0, 0, 0, 0);
  ELSE
    PERFORM 1 FROM cafe_trend_totals t WHERE t.cafe_id IN (SELECT n.cafe_id FROM new_rows n UNION SELECT o.cafe_id FROM old_rows o)
      ORDER BY t.cafe_id FOR UPDATE OF t;
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
              JOIN cafe_trend_totals k ON k.cafe_id = n.cafe_id AND n.day >= k.week_start - 175 AND n.day <= k.week_start + 6
             GROUP BY n.cafe_id) s
     WHERE t.cafe_id = s.cafe_id AND (s.weeks4, s.weeks8, s.weeks12, s.weeks26) <> (0, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- A new cafe's row, at zero, at the kept week (read under a share lock: see the top).
CREATE OR REPLACE FUNCTION cafe_trend_totals_new_cafes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept date;
BEGIN
  SELECT week_start INTO kept FROM cafe_trend_week FOR SHARE;
  INSERT INTO cafe_trend_totals (cafe_id, week_start, weeks4_cents, weeks8_cents, weeks12_cents, weeks26_cents)
  SELECT n.id, coalesce(kept, ist_week_start(ist_day(now()))), 0, 0, 0, 0 FROM new_rows n ORDER BY n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- One slice of the move to `target`: up to `slice_size` rows after cafe `after_cafe` (in cafe order)
-- that are at another week and not locked by a feed batch now. Per row, the weeks that enter each
-- period are added and those that leave it taken away: a closed week's profit from what its closing
-- fixed (cafe_week, which never changes again), any other week's from its days' rows. Returns the
-- last cafe looked at (null once past the last) and how many rows moved.
CREATE FUNCTION cafe_trend_totals_move_slice(target date, after_cafe uuid, slice_size integer)
RETURNS TABLE (last_cafe uuid, moved integer) LANGUAGE plpgsql
-- The planner's guesses for the weeks' lists are far above the few rows they hold, enough to
-- compile the statement (JIT): most of a second per slice for a few milliseconds of work.
SET jit = off AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(l.cafe_id ORDER BY l.cafe_id) INTO ids
    FROM (SELECT t.cafe_id FROM cafe_trend_totals t WHERE t.cafe_id > after_cafe
           ORDER BY t.cafe_id LIMIT slice_size FOR UPDATE SKIP LOCKED) l;
  moved := 0;
  last_cafe := ids[array_upper(ids, 1)];
  IF ids IS NULL THEN
    RETURN NEXT;
    RETURN;
  END IF;
  PERFORM set_config('playrep.moving_cafe_trends', 'on', true);
  WITH moving AS (SELECT t.cafe_id, t.week_start AS old
                    FROM unnest(ids) AS u (cafe_id) JOIN cafe_trend_totals t ON t.cafe_id = u.cafe_id
                   WHERE t.week_start <> target),
       periods (weeks) AS (VALUES (4), (8), (12), (26)),
       changed AS (
         SELECT o.old, p.weeks, target - 7 * i AS week_start, 1 AS sign
           FROM (SELECT DISTINCT old FROM moving) o, periods p, generate_series(0, p.weeks - 1) i
          WHERE target - 7 * i NOT BETWEEN o.old - 7 * (p.weeks - 1) AND o.old
         UNION ALL
         SELECT o.old, p.weeks, o.old - 7 * i, -1
           FROM (SELECT DISTINCT old FROM moving) o, periods p, generate_series(0, p.weeks - 1) i
          WHERE o.old - 7 * i NOT BETWEEN target - 7 * (p.weeks - 1) AND target),
       weeks AS (SELECT DISTINCT c.week_start,
                        EXISTS (SELECT 1 FROM settled_weeks s WHERE s.week_start = c.week_start AND s.kind = 'games') AS closed
                   FROM changed c),
       profit AS (
         SELECT w.cafe_id, w.week_start, (w.own_profit_cents + w.other_profit_cents)::bigint AS profit_cents
           FROM cafe_week w JOIN weeks k ON k.week_start = w.week_start AND k.closed
          WHERE w.cafe_id = ANY (ids)
         UNION ALL
         SELECT d.cafe_id, k.week_start, sum(d.play_points_cents - d.win_points_cents)::bigint
           FROM weeks k JOIN draw_daily_by_cafe d ON d.day >= k.week_start AND d.day <= k.week_start + 6
          WHERE NOT k.closed AND d.cafe_id = ANY (ids)
          GROUP BY 1, 2),
       s AS (SELECT m.cafe_id,
                    coalesce(sum(c.sign * p.profit_cents) FILTER (WHERE c.weeks = 4), 0) AS weeks4,
                    coalesce(sum(c.sign * p.profit_cents) FILTER (WHERE c.weeks = 8), 0) AS weeks8,
                    coalesce(sum(c.sign * p.profit_cents) FILTER (WHERE c.weeks = 12), 0) AS weeks12,
                    coalesce(sum(c.sign * p.profit_cents) FILTER (WHERE c.weeks = 26), 0) AS weeks26
               FROM moving m
               JOIN changed c ON c.old = m.old
               JOIN profit p ON p.cafe_id = m.cafe_id AND p.week_start = c.week_start
              GROUP BY m.cafe_id)
  UPDATE cafe_trend_totals t SET
    week_start = target,
    weeks4_cents = t.weeks4_cents + coalesce(s.weeks4, 0), weeks8_cents = t.weeks8_cents + coalesce(s.weeks8, 0),
    weeks12_cents = t.weeks12_cents + coalesce(s.weeks12, 0), weeks26_cents = t.weeks26_cents + coalesce(s.weeks26, 0)
    FROM moving m LEFT JOIN s ON s.cafe_id = m.cafe_id
   WHERE t.cafe_id = m.cafe_id;
  GET DIAGNOSTICS moved = ROW_COUNT;
  PERFORM set_config('playrep.moving_cafe_trends', '', true);
  RETURN NEXT;
END $$;
