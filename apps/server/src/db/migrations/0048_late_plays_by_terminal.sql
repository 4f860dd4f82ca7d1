-- late_play_daily (0046) gains the cafe, the terminal and the number of plays, so that Cafe
-- Terminals reads a cafe's late plays and reversals from it too. Its query found them in the plays
-- by booking day, which no played_at range bounds, so it planned every monthly partition twice:
-- Cafe Terminals of one day took 3.3 ms with 4 months of partitions and 8.3 ms with 24. The table
-- holds only what the triggers derive from plays and poker hands, so it is made anew and filled
-- again. One row per member, day, game, cafe and terminal, an unknown terminal (null) being one
-- key (NULLS NOT DISTINCT). A late row counts as a play on its booking day; a reversal is no play.
-- Writers of plays and poker hands wait until this commits: none meets the table while it is
-- made anew, and the refill below reads every late row.
LOCK TABLE plays, poker_hands IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
DROP TABLE "late_play_daily";
--> statement-breakpoint
CREATE TABLE "late_play_daily" (
	"day" date NOT NULL,
	"member_id" uuid NOT NULL,
	"game_id" smallint NOT NULL,
	"cafe_id" uuid NOT NULL,
	"terminal_id" text,
	"plays" integer NOT NULL,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint NOT NULL,
	"rake_cents" bigint NOT NULL,
	CONSTRAINT "late_play_daily_key" UNIQUE NULLS NOT DISTINCT("member_id","day","game_id","cafe_id","terminal_id")
);
--> statement-breakpoint
CREATE INDEX "late_play_daily_day_idx" ON "late_play_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "late_play_daily_cafe_day_idx" ON "late_play_daily" USING btree ("cafe_id","day");--> statement-breakpoint

-- A statement's late contributions as SQL over its transition table `rows` (or the table itself),
-- with `sign` for new rows (1) or old ones (-1): a late row counts, as a play, on its booked_day
-- unless it was voided while its week was open; a reversal counts, with the opposite sign and no
-- play, on its void_booked_day. Draw games from plays, the poker game from poker_hands.
CREATE OR REPLACE FUNCTION late_play_contributions_sql(tbl text, sign int, rows text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $f$
  SELECT CASE tbl WHEN 'plays' THEN format($q$
    SELECT booked_day AS day, member_id, game_id, cafe_id, terminal_id, %1$s AS plays,
           %1$s * play_points_cents AS play, %1$s * win_points_cents AS win, 0::bigint AS rake
      FROM %2$I
     WHERE booked_day IS NOT NULL AND (voided_at IS NULL OR void_booked_day IS NOT NULL)
       AND game_id IN (SELECT id FROM games WHERE kind = 'draw')
    UNION ALL
    SELECT void_booked_day, member_id, game_id, cafe_id, terminal_id, 0,
           %3$s * play_points_cents, %3$s * win_points_cents, 0::bigint
      FROM %2$I
     WHERE void_booked_day IS NOT NULL AND game_id IN (SELECT id FROM games WHERE kind = 'draw')$q$, sign, rows, -sign)
  ELSE format($q$
    SELECT booked_day AS day, member_id, (SELECT id FROM games WHERE kind = 'poker') AS game_id, cafe_id, terminal_id,
           %1$s AS plays, 0::bigint AS play, 0::bigint AS win, %1$s * rake_cents AS rake
      FROM %2$I
     WHERE booked_day IS NOT NULL AND (voided_at IS NULL OR void_booked_day IS NOT NULL)
    UNION ALL
    SELECT void_booked_day, member_id, (SELECT id FROM games WHERE kind = 'poker'), cafe_id, terminal_id,
           0, 0::bigint, 0::bigint, %3$s * rake_cents
      FROM %2$I
     WHERE void_booked_day IS NOT NULL$q$, sign, rows, -sign)
  END
$f$;
--> statement-breakpoint

-- As in 0046, with the new key and the plays.
CREATE OR REPLACE FUNCTION late_play_daily_fold() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE booked_day IS NOT NULL OR void_booked_day IS NOT NULL) THEN
      RETURN NULL;
    END IF;
    changed := late_play_contributions_sql(TG_TABLE_NAME, 1, 'new_rows');
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE booked_day IS NOT NULL OR void_booked_day IS NOT NULL) THEN
      RETURN NULL;
    END IF;
    changed := late_play_contributions_sql(TG_TABLE_NAME, -1, 'old_rows');
  ELSE
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE booked_day IS NOT NULL OR void_booked_day IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM old_rows WHERE booked_day IS NOT NULL OR void_booked_day IS NOT NULL) THEN
      RETURN NULL;
    END IF;
    changed := late_play_contributions_sql(TG_TABLE_NAME, 1, 'new_rows') || ' UNION ALL '
            || late_play_contributions_sql(TG_TABLE_NAME, -1, 'old_rows');
  END IF;
  EXECUTE format($q$
    INSERT INTO late_play_daily AS l (day, member_id, game_id, cafe_id, terminal_id, plays, play_points_cents,
                                      win_points_cents, rake_cents)
    SELECT c.day, c.member_id, c.game_id, c.cafe_id, c.terminal_id, sum(c.plays), sum(c.play), sum(c.win), sum(c.rake)
      FROM (%s) c
     GROUP BY c.member_id, c.day, c.game_id, c.cafe_id, c.terminal_id
    HAVING sum(c.plays) <> 0 OR sum(c.play) <> 0 OR sum(c.win) <> 0 OR sum(c.rake) <> 0
     ORDER BY c.member_id, c.day, c.game_id, c.cafe_id, c.terminal_id
    ON CONFLICT (member_id, day, game_id, cafe_id, terminal_id) DO UPDATE SET
      plays = l.plays + excluded.plays,
      play_points_cents = l.play_points_cents + excluded.play_points_cents,
      win_points_cents = l.win_points_cents + excluded.win_points_cents,
      rake_cents = l.rake_cents + excluded.rake_cents$q$, changed);
  RETURN NULL;
END $f$;
--> statement-breakpoint

-- The late rows already there, before the table refuses other writers.
DO $d$
BEGIN
  EXECUTE format($q$
    INSERT INTO late_play_daily (day, member_id, game_id, cafe_id, terminal_id, plays, play_points_cents,
                                 win_points_cents, rake_cents)
    SELECT c.day, c.member_id, c.game_id, c.cafe_id, c.terminal_id, sum(c.plays), sum(c.play), sum(c.win), sum(c.rake)
      FROM (%s UNION ALL %s) c
     GROUP BY c.member_id, c.day, c.game_id, c.cafe_id, c.terminal_id
    HAVING sum(c.plays) <> 0 OR sum(c.play) <> 0 OR sum(c.win) <> 0 OR sum(c.rake) <> 0$q$,
    late_play_contributions_sql('plays', 1, 'plays'), late_play_contributions_sql('poker_hands', 1, 'poker_hands'));
END $d$;
--> statement-breakpoint
CREATE TRIGGER late_play_daily_direct_write BEFORE INSERT OR UPDATE OR DELETE ON late_play_daily FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER late_play_daily_no_truncate BEFORE TRUNCATE ON late_play_daily FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
