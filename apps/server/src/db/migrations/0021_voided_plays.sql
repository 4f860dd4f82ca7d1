-- Voided plays and poker hands (feed events play.voided / pokerHand.voided, docs/feed.md): the
-- platform cancelled a bet or a hand. Its row stays, marked (voided_at, void_reason); its profit
-- leaves every roll-up:
-- - its week still open: it leaves the day it was booked on (the row simply stops counting);
-- - its week closed: that week stays as it is, and the reversal is booked, with the opposite sign,
--   on void_booked_day (the day the void arrived, in the open week), like a late fact: it counts
--   there in play_daily (plays 0, negative sums) and on the week's late line.
-- A roll-up row may therefore hold no plays but negative sums: rows are removed when every sum is
-- zero, not when their plays are. The feed finds the row to void by its platform id (an index).

ALTER TABLE "plays" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "void_booked_day" date;--> statement-breakpoint
ALTER TABLE "poker_hands" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "poker_hands" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "poker_hands" ADD COLUMN "void_booked_day" date;--> statement-breakpoint
CREATE INDEX "plays_platform_id_idx" ON "plays" USING btree ("platform_id") WHERE "plays"."platform_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "plays_void_idx" ON "plays" USING btree ("void_booked_day") WHERE "plays"."void_booked_day" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "poker_hands_platform_id_idx" ON "poker_hands" USING btree ("platform_id") WHERE "poker_hands"."platform_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "poker_hands_void_idx" ON "poker_hands" USING btree ("void_booked_day") WHERE "poker_hands"."void_booked_day" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_void_complete" CHECK ((voided_at IS NULL) = (void_reason IS NULL) AND (void_booked_day IS NULL OR voided_at IS NOT NULL));--> statement-breakpoint
ALTER TABLE "poker_hands" ADD CONSTRAINT "poker_hands_void_complete" CHECK ((voided_at IS NULL) = (void_reason IS NULL) AND (void_booked_day IS NULL OR voided_at IS NOT NULL));--> statement-breakpoint

-- What a row adds to play_daily, as (day, member_id, cafe_id, game_id, plays, play, win, rake) rows,
-- `sign` times: +1 on its booking day unless voided in place; the opposite on void_booked_day.
-- `lead`: columns of the row put first (e.g. 'id, played_at, ').
CREATE OR REPLACE FUNCTION play_contributions_sql(tbl text, sign int, rows_sql text, lead text DEFAULT '') RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $f$
  SELECT CASE tbl WHEN 'plays' THEN format($q$
    SELECT %3$s coalesce(booked_day, ist_day(played_at)) AS day, member_id, cafe_id, game_id, %1$s AS plays,
           %1$s * play_points_cents AS play, %1$s * win_points_cents AS win, 0::bigint AS rake
      FROM %2$s WHERE voided_at IS NULL OR void_booked_day IS NOT NULL
    UNION ALL
    SELECT %3$s void_booked_day, member_id, cafe_id, game_id, 0, (0 - %1$s) * play_points_cents, (0 - %1$s) * win_points_cents, 0::bigint
      FROM %2$s WHERE void_booked_day IS NOT NULL
  $q$, sign, rows_sql, lead) ELSE format($q$
    SELECT %3$s coalesce(booked_day, ist_day(played_at)) AS day, member_id, cafe_id, (SELECT id FROM games WHERE kind = 'poker') AS game_id,
           %1$s AS plays, 0::bigint AS play, 0::bigint AS win, %1$s * rake_cents AS rake
      FROM %2$s WHERE voided_at IS NULL OR void_booked_day IS NOT NULL
    UNION ALL
    SELECT %3$s void_booked_day, member_id, cafe_id, (SELECT id FROM games WHERE kind = 'poker'), 0, 0::bigint, 0::bigint, (0 - %1$s) * rake_cents
      FROM %2$s WHERE void_booked_day IS NOT NULL
  $q$, sign, rows_sql, lead) END
$f$;
--> statement-breakpoint

-- Adds contribution rows to play_daily, summed per key; keys whose sums cancel out are not touched
-- (voiding a play of a closed week changes nothing of that week).
CREATE OR REPLACE FUNCTION play_daily_change_sql(rows_sql text) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $f$
  SELECT format($q$
    INSERT INTO play_daily AS d (day, member_id, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents)
    SELECT day, member_id, cafe_id, game_id, sum(plays)::int, sum(play), sum(win), sum(rake)
      FROM (%s) r
     GROUP BY day, member_id, cafe_id, game_id
    HAVING sum(plays) <> 0 OR sum(play) <> 0 OR sum(win) <> 0 OR sum(rake) <> 0
    ON CONFLICT (member_id, day, cafe_id, game_id) DO UPDATE SET
      plays = d.plays + excluded.plays,
      play_points_cents = d.play_points_cents + excluded.play_points_cents,
      win_points_cents = d.win_points_cents + excluded.win_points_cents,
      rake_cents = d.rake_cents + excluded.rake_cents
  $q$, rows_sql)
$f$;
--> statement-breakpoint

-- plays_fold and poker_hands_fold, one function: an update adds the difference of its new and old
-- contributions; rows left with nothing in them go.
CREATE OR REPLACE FUNCTION play_rows_fold() RETURNS trigger
    LANGUAGE plpgsql
    AS $f$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE play_daily_change_sql(play_contributions_sql(TG_TABLE_NAME, 1, 'new_rows'));
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    changed := play_contributions_sql(TG_TABLE_NAME, -1, 'old_rows');
  ELSE
    changed := play_contributions_sql(TG_TABLE_NAME, 1, 'new_rows') || ' UNION ALL ' || play_contributions_sql(TG_TABLE_NAME, -1, 'old_rows');
  END IF;
  EXECUTE play_daily_change_sql(changed);
  EXECUTE format($q$
    DELETE FROM play_daily d
     USING (SELECT DISTINCT day, member_id, cafe_id, game_id FROM (%s) c) k
     WHERE d.member_id = k.member_id AND d.day = k.day AND d.cafe_id = k.cafe_id AND d.game_id = k.game_id
       AND d.plays = 0 AND d.play_points_cents = 0 AND d.win_points_cents = 0 AND d.rake_cents = 0
  $q$, changed);
  RETURN NULL;
END $f$;
--> statement-breakpoint
DROP TRIGGER plays_fold_insert ON plays;--> statement-breakpoint
DROP TRIGGER plays_fold_update ON plays;--> statement-breakpoint
DROP TRIGGER plays_fold_delete ON plays;--> statement-breakpoint
DROP TRIGGER poker_hands_fold_insert ON poker_hands;--> statement-breakpoint
DROP TRIGGER poker_hands_fold_update ON poker_hands;--> statement-breakpoint
DROP TRIGGER poker_hands_fold_delete ON poker_hands;--> statement-breakpoint
DROP FUNCTION plays_fold();--> statement-breakpoint
DROP FUNCTION poker_hands_fold();--> statement-breakpoint
DROP FUNCTION play_daily_fold_sql(integer, text);--> statement-breakpoint
CREATE TRIGGER plays_fold_insert AFTER INSERT ON plays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION play_rows_fold();--> statement-breakpoint
CREATE TRIGGER plays_fold_update AFTER UPDATE ON plays REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION play_rows_fold();--> statement-breakpoint
CREATE TRIGGER plays_fold_delete AFTER DELETE ON plays REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION play_rows_fold();--> statement-breakpoint
CREATE TRIGGER poker_hands_fold_insert AFTER INSERT ON poker_hands REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION play_rows_fold();--> statement-breakpoint
CREATE TRIGGER poker_hands_fold_update AFTER UPDATE ON poker_hands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION play_rows_fold();--> statement-breakpoint
CREATE TRIGGER poker_hands_fold_delete AFTER DELETE ON poker_hands REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION play_rows_fold();--> statement-breakpoint

-- Closed weeks: an update is refused when it changes what a row adds to a day of a closed week
-- (voiding a play of a closed week books its reversal in the open week: allowed); inserts and
-- deletes as before, a delete also by the day a reversal is booked on.
CREATE OR REPLACE FUNCTION refuse_plays_of_closed_week() RETURNS trigger
    LANGUAGE plpgsql
    AS $f$
DECLARE
  settlement settlement_kind := CASE TG_TABLE_NAME WHEN 'poker_hands' THEN 'poker'::settlement_kind ELSE 'games'::settlement_kind END;
  closed_week date;
  first_played timestamptz;
  last_played timestamptz;
  first_booked date;
  last_booked date;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A row's booking day is its booked_day or else the day it was played: a closed week that
    -- meets neither range holds none of them.
    SELECT min(played_at), max(played_at), min(booked_day), max(booked_day)
      INTO first_played, last_played, first_booked, last_booked FROM new_rows;
    IF EXISTS (SELECT 1 FROM settled_weeks s
                WHERE s.kind = settlement
                  AND (s.week_start BETWEEN ist_week_start(ist_day(first_played)) AND ist_day(last_played)
                       OR s.week_start BETWEEN ist_week_start(first_booked) AND last_booked)) THEN
      SELECT s.week_start INTO closed_week
        FROM new_rows n
        JOIN settled_weeks s ON s.kind = settlement AND s.week_start = ist_week_start(coalesce(n.booked_day, ist_day(n.played_at)))
       LIMIT 1;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT s.week_start INTO closed_week
      FROM old_rows o
      JOIN settled_weeks s ON s.kind = settlement
       AND s.week_start IN (ist_week_start(coalesce(o.booked_day, ist_day(o.played_at))), ist_week_start(o.void_booked_day))
     LIMIT 1;
  ELSE
    -- The days whose sums the update changes: the contributions (per row) found on one side only.
    EXECUTE format($q$
      SELECT s.week_start
        FROM ((SELECT * FROM (%1$s) n EXCEPT ALL SELECT * FROM (%2$s) o)
              UNION ALL (SELECT * FROM (%2$s) o EXCEPT ALL SELECT * FROM (%1$s) n)) c
        JOIN settled_weeks s ON s.kind = $1 AND s.week_start = ist_week_start(c.day)
       LIMIT 1$q$,
      play_contributions_sql(TG_TABLE_NAME, 1, 'new_rows', 'id, played_at,'),
      play_contributions_sql(TG_TABLE_NAME, 1, 'old_rows', 'id, played_at,'))
      INTO closed_week USING settlement;
  END IF;
  IF closed_week IS NOT NULL THEN
    RAISE EXCEPTION '% rows cannot be booked in or taken from the week of %: it is closed', TG_TABLE_NAME, closed_week
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $f$;
--> statement-breakpoint

-- Roll-up rows by parent go when every sum is zero (a row of reversals has no plays but sums);
-- a week's closing fixes its late line with the reversals booked in it, voided late rows left out.
CREATE OR REPLACE FUNCTION public.play_daily_by_parent_fold() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE cols text := 'day, member_id, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents FROM ';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE play_daily_by_parent_fold_sql('SELECT 1 AS sign, ' || cols || 'new_rows');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    EXECUTE play_daily_by_parent_fold_sql('SELECT -1 AS sign, ' || cols || 'old_rows');
  ELSE
    -- play_daily's key is unique in each transition table: new minus old per key (a key found on
    -- one side only counts in full).
    EXECUTE play_daily_by_parent_fold_sql(
      'SELECT 1 AS sign, day, member_id, cafe_id, game_id,
              coalesce(n.plays, 0) - coalesce(o.plays, 0) AS plays,
              coalesce(n.play_points_cents, 0) - coalesce(o.play_points_cents, 0) AS play_points_cents,
              coalesce(n.win_points_cents, 0) - coalesce(o.win_points_cents, 0) AS win_points_cents,
              coalesce(n.rake_cents, 0) - coalesce(o.rake_cents, 0) AS rake_cents
         FROM new_rows n FULL JOIN old_rows o USING (member_id, day, cafe_id, game_id)');
    -- A roll-up row can only be left empty when some play_daily row lost plays (a reversal only
    -- adds negative sums: it never empties a row).
    IF NOT EXISTS (SELECT 1 FROM old_rows o LEFT JOIN new_rows n USING (member_id, day, cafe_id, game_id)
                    WHERE n.plays IS NULL OR n.plays < o.plays) THEN
      RETURN NULL;
    END IF;
  END IF;
  -- Rows left without plays go, as in play_daily; only the keys this statement touched are looked at.
  EXECUTE 'DELETE FROM play_daily_by_parent p
            USING (SELECT DISTINCT m.parent_id, r.day, r.game_id FROM old_rows r JOIN accounts m ON m.id = r.member_id) k
            WHERE p.parent_id = k.parent_id AND p.day = k.day AND p.game_id = k.game_id AND p.plays = 0
              AND p.play_points_cents = 0 AND p.win_points_cents = 0 AND p.rake_cents = 0';
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.accounts_after_move() RETURNS trigger
    LANGUAGE plpgsql
    AS $_$
BEGIN
  -- Closure: the subtree leaves its old ancestors and joins the new parent's.
  DELETE FROM account_closure c
   USING account_closure up, account_closure down
   WHERE up.descendant_id = NEW.id AND up.depth > 0
     AND down.ancestor_id = NEW.id
     AND c.ancestor_id = up.ancestor_id AND c.descendant_id = down.descendant_id;
  INSERT INTO account_closure (ancestor_id, descendant_id, depth)
    SELECT up.ancestor_id, down.descendant_id, up.depth + down.depth + 1
      FROM account_closure up
      CROSS JOIN account_closure down
     WHERE up.descendant_id = NEW.parent_id AND down.ancestor_id = NEW.id;
  -- play_daily_by_parent sums each member's plays under its parent: the moved account's own plays
  -- go from the old parent to the new one. Its descendants keep their parents, so their rows stay.
  EXECUTE play_daily_by_parent_add_sql(format($q$
    SELECT s.sign, d.day, s.parent_id, cf.master_id AS cafe_master_id, d.game_id, d.plays, d.play_points_cents,
           d.win_points_cents, d.rake_cents
      FROM play_daily d
      CROSS JOIN (VALUES (-1, %L::uuid), (1, %L::uuid)) AS s(sign, parent_id)
      LEFT JOIN cafes cf ON cf.id = d.cafe_id
     WHERE d.member_id = %L::uuid
  $q$, OLD.parent_id, NEW.parent_id, NEW.id));
  DELETE FROM play_daily_by_parent p
   USING (SELECT DISTINCT day, game_id FROM play_daily WHERE member_id = NEW.id) k
   WHERE p.parent_id = OLD.parent_id AND p.day = k.day AND p.game_id = k.game_id AND p.plays = 0
     AND p.play_points_cents = 0 AND p.win_points_cents = 0 AND p.rake_cents = 0;
  RETURN NULL;
END $_$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.settle_week_play_totals(week date, settlement public.settlement_kind) RETURNS void
    LANGUAGE sql
    AS $$
  INSERT INTO weekly_play_totals (week_start, kind, account_id, parent_id, game_id, play_points_cents, win_points_cents,
                                  rake_cents, other_play_points_cents, other_win_points_cents, late_play_points_cents,
                                  late_win_points_cents, late_rake_cents)
  SELECT week, settlement, x.account_id, a.parent_id, x.game_id, sum(x.play), sum(x.win), sum(x.rake), sum(x.other_play),
         sum(x.other_win), sum(x.late_play), sum(x.late_win), sum(x.late_rake)
    FROM (SELECT c.ancestor_id AS account_id, p.game_id, p.play_points_cents AS play, p.win_points_cents AS win,
                 p.rake_cents AS rake, p.other_play_points_cents AS other_play, p.other_win_points_cents AS other_win,
                 0::bigint AS late_play, 0::bigint AS late_win, 0::bigint AS late_rake
            FROM play_daily_by_parent p
            JOIN account_closure c ON c.descendant_id = p.parent_id
           WHERE p.day >= week AND p.day <= week + 6
          UNION ALL
          SELECT d.member_id, d.game_id, d.play_points_cents, d.win_points_cents, d.rake_cents,
                 CASE WHEN cf.master_id IS DISTINCT FROM m.parent_id THEN d.play_points_cents ELSE 0 END,
                 CASE WHEN cf.master_id IS DISTINCT FROM m.parent_id THEN d.win_points_cents ELSE 0 END, 0, 0, 0
            FROM play_daily d
            JOIN accounts m ON m.id = d.member_id
            LEFT JOIN cafes cf ON cf.id = d.cafe_id
           WHERE d.day >= week AND d.day <= week + 6
          UNION ALL
          SELECT c.ancestor_id, l.game_id, 0, 0, 0, 0, 0, l.play_points_cents, l.win_points_cents, 0
            FROM plays l
            JOIN account_closure c ON c.descendant_id = l.member_id
           WHERE l.booked_day >= week AND l.booked_day <= week + 6 AND (l.voided_at IS NULL OR l.void_booked_day IS NOT NULL)
          UNION ALL
          SELECT c.ancestor_id, l.game_id, 0, 0, 0, 0, 0, -l.play_points_cents, -l.win_points_cents, 0
            FROM plays l
            JOIN account_closure c ON c.descendant_id = l.member_id
           WHERE l.void_booked_day >= week AND l.void_booked_day <= week + 6
          UNION ALL
          SELECT c.ancestor_id, (SELECT g.id FROM games g WHERE g.kind = 'poker'), 0, 0, 0, 0, 0, 0, 0, h.rake_cents
            FROM poker_hands h
            JOIN account_closure c ON c.descendant_id = h.member_id
           WHERE h.booked_day >= week AND h.booked_day <= week + 6 AND (h.voided_at IS NULL OR h.void_booked_day IS NOT NULL)
          UNION ALL
          SELECT c.ancestor_id, (SELECT g.id FROM games g WHERE g.kind = 'poker'), 0, 0, 0, 0, 0, 0, 0, -h.rake_cents
            FROM poker_hands h
            JOIN account_closure c ON c.descendant_id = h.member_id
           WHERE h.void_booked_day >= week AND h.void_booked_day <= week + 6) x
    JOIN accounts a ON a.id = x.account_id
    JOIN games g ON g.id = x.game_id
   WHERE g.kind = (CASE settlement WHEN 'games' THEN 'draw' ELSE 'poker' END)::game_kind
   GROUP BY x.account_id, a.parent_id, x.game_id
$$;
