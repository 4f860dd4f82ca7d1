-- draw_daily_by_cafe: play_daily_by_cafe's draw games summed per cafe and day (schema comment),
-- so that Today's cafes losing most for the whole network are read from the partial index of the
-- day's losing cafes, in order, instead of summing every cafe's rows of the day (they grow with
-- the network; the losing cafes shown do not). Kept as play_daily_by_manager is kept from
-- play_daily_by_parent (0030): statement-level triggers on play_daily_by_cafe fold each
-- statement's change into it in the same transaction, so plays, late plays, voids, reversals and
-- deletes reach it through play_daily and play_daily_by_cafe. Never written directly (0006). Rows
-- summing to nothing are left in place: readers ask only for losses.
--
-- One row per cafe and day: a feed batch updates the rows of the cafes it holds plays of, so two
-- batches wait for each other only on a cafe both hold, never on a network-wide row.

CREATE TABLE "draw_daily_by_cafe" (
	"cafe_id" uuid NOT NULL,
	"day" date NOT NULL,
	"plays" integer NOT NULL,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint NOT NULL,
	CONSTRAINT "draw_daily_by_cafe_cafe_id_day_pk" PRIMARY KEY("cafe_id","day")
);
--> statement-breakpoint
CREATE INDEX "draw_daily_by_cafe_losing_idx" ON "draw_daily_by_cafe" USING btree ("day",("play_points_cents" - "win_points_cents")) WHERE "draw_daily_by_cafe"."play_points_cents" < "draw_daily_by_cafe"."win_points_cents";
--> statement-breakpoint

-- The signed change of each statement (new rows added, old rows taken away: no join of the two
-- transition tables), draw games only, grouped by cafe and day. Static SQL in each branch, so that
-- a session plans it once.
CREATE FUNCTION draw_daily_by_cafe_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO draw_daily_by_cafe AS c (cafe_id, day, plays, play_points_cents, win_points_cents)
    SELECT r.cafe_id, r.day, sum(r.plays)::int, sum(r.play_points_cents), sum(r.win_points_cents)
      FROM new_rows r
     WHERE r.game_id IN (SELECT id FROM games WHERE kind = 'draw')
     GROUP BY r.cafe_id, r.day
    HAVING sum(r.plays) <> 0 OR sum(r.play_points_cents) <> 0 OR sum(r.win_points_cents) <> 0
    ON CONFLICT (cafe_id, day) DO UPDATE SET
      plays = c.plays + excluded.plays,
      play_points_cents = c.play_points_cents + excluded.play_points_cents,
      win_points_cents = c.win_points_cents + excluded.win_points_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO draw_daily_by_cafe AS c (cafe_id, day, plays, play_points_cents, win_points_cents)
    SELECT r.cafe_id, r.day, -sum(r.plays)::int, -sum(r.play_points_cents), -sum(r.win_points_cents)
      FROM old_rows r
     WHERE r.game_id IN (SELECT id FROM games WHERE kind = 'draw')
     GROUP BY r.cafe_id, r.day
    HAVING sum(r.plays) <> 0 OR sum(r.play_points_cents) <> 0 OR sum(r.win_points_cents) <> 0
    ON CONFLICT (cafe_id, day) DO UPDATE SET
      plays = c.plays + excluded.plays,
      play_points_cents = c.play_points_cents + excluded.play_points_cents,
      win_points_cents = c.win_points_cents + excluded.win_points_cents;
  ELSE
    INSERT INTO draw_daily_by_cafe AS c (cafe_id, day, plays, play_points_cents, win_points_cents)
    SELECT r.cafe_id, r.day, sum(r.plays)::int, sum(r.play_points_cents), sum(r.win_points_cents)
      FROM (SELECT cafe_id, day, game_id, plays, play_points_cents, win_points_cents FROM new_rows
            UNION ALL
            SELECT cafe_id, day, game_id, -plays, -play_points_cents, -win_points_cents FROM old_rows) r
     WHERE r.game_id IN (SELECT id FROM games WHERE kind = 'draw')
     GROUP BY r.cafe_id, r.day
    HAVING sum(r.plays) <> 0 OR sum(r.play_points_cents) <> 0 OR sum(r.win_points_cents) <> 0
    ON CONFLICT (cafe_id, day) DO UPDATE SET
      plays = c.plays + excluded.plays,
      play_points_cents = c.play_points_cents + excluded.play_points_cents,
      win_points_cents = c.win_points_cents + excluded.win_points_cents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER draw_daily_by_cafe_insert AFTER INSERT ON play_daily_by_cafe REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION draw_daily_by_cafe_fold();
--> statement-breakpoint
CREATE TRIGGER draw_daily_by_cafe_update AFTER UPDATE ON play_daily_by_cafe REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION draw_daily_by_cafe_fold();
--> statement-breakpoint
CREATE TRIGGER draw_daily_by_cafe_delete AFTER DELETE ON play_daily_by_cafe REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION draw_daily_by_cafe_fold();
--> statement-breakpoint

-- Existing days (the triggers above hold play_daily_by_cafe's writers back until this commits),
-- in day order, before the table refuses other writers.
INSERT INTO draw_daily_by_cafe (cafe_id, day, plays, play_points_cents, win_points_cents)
SELECT cafe_id, day, sum(plays)::int, sum(play_points_cents), sum(win_points_cents)
  FROM play_daily_by_cafe
 WHERE game_id IN (SELECT id FROM games WHERE kind = 'draw')
 GROUP BY cafe_id, day
 ORDER BY day, cafe_id;
--> statement-breakpoint
CREATE TRIGGER draw_daily_by_cafe_direct_write BEFORE INSERT OR UPDATE OR DELETE ON draw_daily_by_cafe FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER draw_daily_by_cafe_no_truncate BEFORE TRUNCATE ON draw_daily_by_cafe FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
