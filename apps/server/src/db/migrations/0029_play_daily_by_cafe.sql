CREATE TABLE "play_daily_by_cafe" (
	"cafe_id" uuid NOT NULL,
	"day" date NOT NULL,
	"game_id" smallint NOT NULL,
	"plays" integer NOT NULL,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint NOT NULL,
	"rake_cents" bigint NOT NULL,
	CONSTRAINT "play_daily_by_cafe_cafe_id_day_game_id_pk" PRIMARY KEY("cafe_id","day","game_id")
);
--> statement-breakpoint
CREATE INDEX "play_daily_by_cafe_day_idx" ON "play_daily_by_cafe" USING btree ("day");--> statement-breakpoint

-- play_daily_by_cafe: play_daily summed by cafe (schema comment), kept as play_daily_by_parent is
-- (0003, 0012, 0021): statement-level triggers on play_daily fold each statement's transition
-- tables into it in the same transaction, so plays, late plays, voids and their reversals, and
-- deletes reach it through play_daily. The cafe is part of play_daily's key, so neither an
-- account's move nor a cafe's new master changes it. It is never written directly (0006).

-- The grouped upsert of signed rows (day, cafe_id, game_id, plays, play_points_cents,
-- win_points_cents, rake_cents); a key whose change sums to nothing is left alone.
CREATE FUNCTION play_daily_by_cafe_add_sql(rows_sql text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO play_daily_by_cafe AS c (cafe_id, day, game_id, plays, play_points_cents, win_points_cents, rake_cents)
    SELECT r.cafe_id, r.day, r.game_id, sum(r.plays)::int, sum(r.play_points_cents), sum(r.win_points_cents), sum(r.rake_cents)
      FROM (%s) r
     GROUP BY r.cafe_id, r.day, r.game_id
    HAVING sum(r.plays) <> 0 OR sum(r.play_points_cents) <> 0 OR sum(r.win_points_cents) <> 0 OR sum(r.rake_cents) <> 0
    ON CONFLICT (cafe_id, day, game_id) DO UPDATE SET
      plays = c.plays + excluded.plays,
      play_points_cents = c.play_points_cents + excluded.play_points_cents,
      win_points_cents = c.win_points_cents + excluded.win_points_cents,
      rake_cents = c.rake_cents + excluded.rake_cents
  $q$, rows_sql)
$$;
--> statement-breakpoint

CREATE FUNCTION play_daily_by_cafe_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE play_daily_by_cafe_add_sql(
      'SELECT day, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents FROM new_rows');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    EXECUTE play_daily_by_cafe_add_sql(
      'SELECT day, cafe_id, game_id, -plays AS plays, -play_points_cents AS play_points_cents,
              -win_points_cents AS win_points_cents, -rake_cents AS rake_cents FROM old_rows');
  ELSE
    -- play_daily's key is unique in each transition table: new minus old per key (a key found on
    -- one side only counts in full).
    EXECUTE play_daily_by_cafe_add_sql(
      'SELECT day, cafe_id, game_id,
              coalesce(n.plays, 0) - coalesce(o.plays, 0) AS plays,
              coalesce(n.play_points_cents, 0) - coalesce(o.play_points_cents, 0) AS play_points_cents,
              coalesce(n.win_points_cents, 0) - coalesce(o.win_points_cents, 0) AS win_points_cents,
              coalesce(n.rake_cents, 0) - coalesce(o.rake_cents, 0) AS rake_cents
         FROM new_rows n FULL JOIN old_rows o USING (member_id, day, cafe_id, game_id)');
    -- A cafe's row can only be left empty when some play_daily row lost plays: without plays,
    -- every row under it is a reversal (no plays, sums of one sign), emptied only when play_daily
    -- deletes it, which the DELETE branch sees.
    IF NOT EXISTS (SELECT 1 FROM old_rows o LEFT JOIN new_rows n USING (member_id, day, cafe_id, game_id)
                    WHERE n.plays IS NULL OR n.plays < o.plays) THEN
      RETURN NULL;
    END IF;
  END IF;
  -- Rows left with nothing in them go, as in play_daily; only the keys this statement touched are looked at.
  DELETE FROM play_daily_by_cafe c
   USING (SELECT DISTINCT cafe_id, day, game_id FROM old_rows) k
   WHERE c.cafe_id = k.cafe_id AND c.day = k.day AND c.game_id = k.game_id AND c.plays = 0
     AND c.play_points_cents = 0 AND c.win_points_cents = 0 AND c.rake_cents = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER play_daily_by_cafe_insert AFTER INSERT ON play_daily REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION play_daily_by_cafe_fold();
--> statement-breakpoint
CREATE TRIGGER play_daily_by_cafe_update AFTER UPDATE ON play_daily REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION play_daily_by_cafe_fold();
--> statement-breakpoint
CREATE TRIGGER play_daily_by_cafe_delete AFTER DELETE ON play_daily REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION play_daily_by_cafe_fold();
--> statement-breakpoint

-- Existing plays (the triggers above hold play_daily's writers back until this commits), before
-- the roll-up refuses writes that are not the fold's; in day order, as the fold adds them, so that
-- a week's rows lie together.
INSERT INTO play_daily_by_cafe (cafe_id, day, game_id, plays, play_points_cents, win_points_cents, rake_cents)
SELECT cafe_id, day, game_id, sum(plays)::int, sum(play_points_cents), sum(win_points_cents), sum(rake_cents)
  FROM play_daily
 GROUP BY cafe_id, day, game_id
 ORDER BY day, cafe_id, game_id;
--> statement-breakpoint
CREATE TRIGGER play_daily_by_cafe_direct_write BEFORE INSERT OR UPDATE OR DELETE ON play_daily_by_cafe FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER play_daily_by_cafe_no_truncate BEFORE TRUNCATE ON play_daily_by_cafe FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
