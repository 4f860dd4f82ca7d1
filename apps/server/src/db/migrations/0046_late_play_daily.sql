-- late_play_daily: the late part of the plays and poker hands per booking day, member and game
-- (schema comment), so that Revenue's late line of an open week reads a few rows instead of the
-- plays themselves. The late rows cannot be found by when they were played (a play of any past
-- week may arrive late), so that query named every monthly partition of plays and poker_hands,
-- twice each, and its planning grew with the months of history: 2 ms with 4 partitions, 9 to
-- 18 ms with 24, for a read of a few rows. Kept by statement-level triggers on plays and
-- poker_hands in the same transaction, as play_daily is; never written directly (0006). Rows
-- summing to nothing are left in place. A statement without late rows or reversals (nearly every
-- feed batch) leaves after one pass over its own rows.

CREATE TABLE "late_play_daily" (
	"day" date NOT NULL,
	"member_id" uuid NOT NULL,
	"game_id" smallint NOT NULL,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint NOT NULL,
	"rake_cents" bigint NOT NULL,
	CONSTRAINT "late_play_daily_member_id_day_game_id_pk" PRIMARY KEY("member_id","day","game_id")
);
--> statement-breakpoint
CREATE INDEX "late_play_daily_day_idx" ON "late_play_daily" USING btree ("day");--> statement-breakpoint

-- A statement's late contributions as SQL over its transition table `rows` (or the table itself),
-- with `sign` for new rows (1) or old ones (-1): a late row counts on its booked_day unless it was
-- voided while its week was open; a reversal counts, with the opposite sign, on its
-- void_booked_day. Draw games from plays, the poker game from poker_hands: what Revenue reads
-- for each settlement.
CREATE FUNCTION late_play_contributions_sql(tbl text, sign int, rows text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $f$
  SELECT CASE tbl WHEN 'plays' THEN format($q$
    SELECT booked_day AS day, member_id, game_id, %1$s * play_points_cents AS play, %1$s * win_points_cents AS win, 0::bigint AS rake
      FROM %2$I
     WHERE booked_day IS NOT NULL AND (voided_at IS NULL OR void_booked_day IS NOT NULL)
       AND game_id IN (SELECT id FROM games WHERE kind = 'draw')
    UNION ALL
    SELECT void_booked_day, member_id, game_id, %3$s * play_points_cents, %3$s * win_points_cents, 0::bigint
      FROM %2$I
     WHERE void_booked_day IS NOT NULL AND game_id IN (SELECT id FROM games WHERE kind = 'draw')$q$, sign, rows, -sign)
  ELSE format($q$
    SELECT booked_day AS day, member_id, (SELECT id FROM games WHERE kind = 'poker') AS game_id,
           0::bigint AS play, 0::bigint AS win, %1$s * rake_cents AS rake
      FROM %2$I
     WHERE booked_day IS NOT NULL AND (voided_at IS NULL OR void_booked_day IS NOT NULL)
    UNION ALL
    SELECT void_booked_day, member_id, (SELECT id FROM games WHERE kind = 'poker'), 0::bigint, 0::bigint, %3$s * rake_cents
      FROM %2$I
     WHERE void_booked_day IS NOT NULL$q$, sign, rows, -sign)
  END
$f$;
--> statement-breakpoint

-- The signed change of each statement, grouped and in key order (two batches meeting on a row
-- wait for each other in one order). The first test is static SQL, planned once a session; the
-- rest runs only for a statement holding a late row or a reversal.
CREATE FUNCTION late_play_daily_fold() RETURNS trigger LANGUAGE plpgsql AS $f$
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
    INSERT INTO late_play_daily AS l (day, member_id, game_id, play_points_cents, win_points_cents, rake_cents)
    SELECT c.day, c.member_id, c.game_id, sum(c.play), sum(c.win), sum(c.rake)
      FROM (%s) c
     GROUP BY c.member_id, c.day, c.game_id
    HAVING sum(c.play) <> 0 OR sum(c.win) <> 0 OR sum(c.rake) <> 0
     ORDER BY c.member_id, c.day, c.game_id
    ON CONFLICT (member_id, day, game_id) DO UPDATE SET
      play_points_cents = l.play_points_cents + excluded.play_points_cents,
      win_points_cents = l.win_points_cents + excluded.win_points_cents,
      rake_cents = l.rake_cents + excluded.rake_cents$q$, changed);
  RETURN NULL;
END $f$;
--> statement-breakpoint
CREATE TRIGGER plays_late_daily_insert AFTER INSERT ON plays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION late_play_daily_fold();
--> statement-breakpoint
CREATE TRIGGER plays_late_daily_update AFTER UPDATE ON plays REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION late_play_daily_fold();
--> statement-breakpoint
CREATE TRIGGER plays_late_daily_delete AFTER DELETE ON plays REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION late_play_daily_fold();
--> statement-breakpoint
CREATE TRIGGER poker_hands_late_daily_insert AFTER INSERT ON poker_hands REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION late_play_daily_fold();
--> statement-breakpoint
CREATE TRIGGER poker_hands_late_daily_update AFTER UPDATE ON poker_hands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION late_play_daily_fold();
--> statement-breakpoint
CREATE TRIGGER poker_hands_late_daily_delete AFTER DELETE ON poker_hands REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION late_play_daily_fold();
--> statement-breakpoint

-- The late rows already there (the triggers above hold the writers of plays and poker hands back
-- until this commits), read through the partial indexes of late rows and reversals, before the
-- table refuses other writers.
DO $d$
BEGIN
  EXECUTE format($q$
    INSERT INTO late_play_daily (day, member_id, game_id, play_points_cents, win_points_cents, rake_cents)
    SELECT c.day, c.member_id, c.game_id, sum(c.play), sum(c.win), sum(c.rake)
      FROM (%s UNION ALL %s) c
     GROUP BY c.member_id, c.day, c.game_id
    HAVING sum(c.play) <> 0 OR sum(c.win) <> 0 OR sum(c.rake) <> 0$q$,
    late_play_contributions_sql('plays', 1, 'plays'), late_play_contributions_sql('poker_hands', 1, 'poker_hands'));
END $d$;
--> statement-breakpoint
CREATE TRIGGER late_play_daily_direct_write BEFORE INSERT OR UPDATE OR DELETE ON late_play_daily FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER late_play_daily_no_truncate BEFORE TRUNCATE ON late_play_daily FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
