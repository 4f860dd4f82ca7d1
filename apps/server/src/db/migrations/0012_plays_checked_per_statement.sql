-- Plays, poker hands and feed events arrive by the thousand in one statement (the platform feed).
-- Three checks on them cost more than writing the rows, and are made once per statement here
-- instead of once per row, with the same guarantees:
-- 1. References. A foreign key checks each new row on its own (one lookup and row lock per row
--    and key: four per play). Instead a statement trigger checks the distinct accounts, cafes,
--    games and draws the new rows name (a few dozen per batch), and the rows they may name are
--    never deleted nor given another id (a foreign key's other half). The error is the same class
--    (foreign_key_violation).
-- 2. Closed weeks (0009): a statement first compares the range of days its rows fall on with the
--    closed weeks; only when they overlap is each row's booking day checked.
-- 3. The roll-up by parent (0003, 0009) of an updated play_daily row adds the difference of its
--    new and old sums instead of adding the new and taking out the old, and looks for rows left
--    without plays only when a row lost plays.

-- ---------------------------------------------------------------- 1. references

ALTER TABLE plays DROP CONSTRAINT plays_member_id_accounts_id_fk;
--> statement-breakpoint
ALTER TABLE plays DROP CONSTRAINT plays_cafe_id_cafes_id_fk;
--> statement-breakpoint
ALTER TABLE plays DROP CONSTRAINT plays_game_id_games_id_fk;
--> statement-breakpoint
ALTER TABLE plays DROP CONSTRAINT plays_draw_id_draws_id_fk;
--> statement-breakpoint
ALTER TABLE poker_hands DROP CONSTRAINT poker_hands_member_id_accounts_id_fk;
--> statement-breakpoint
ALTER TABLE poker_hands DROP CONSTRAINT poker_hands_cafe_id_cafes_id_fk;
--> statement-breakpoint
ALTER TABLE feed_events DROP CONSTRAINT feed_events_key_id_feed_keys_id_fk;
--> statement-breakpoint

CREATE FUNCTION refuse_unknown_reference(tbl text, col text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%.% names a row that does not exist', tbl, col USING ERRCODE = 'foreign_key_violation';
END $$;
--> statement-breakpoint

CREATE FUNCTION plays_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT member_id FROM new_rows) n WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = n.member_id)) THEN
    PERFORM refuse_unknown_reference(TG_TABLE_NAME, 'member_id');
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT cafe_id FROM new_rows) n WHERE NOT EXISTS (SELECT 1 FROM cafes c WHERE c.id = n.cafe_id)) THEN
    PERFORM refuse_unknown_reference(TG_TABLE_NAME, 'cafe_id');
  END IF;
  IF TG_TABLE_NAME = 'plays' THEN
    IF EXISTS (SELECT 1 FROM (SELECT DISTINCT game_id FROM new_rows) n WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.id = n.game_id)) THEN
      PERFORM refuse_unknown_reference(TG_TABLE_NAME, 'game_id');
    END IF;
    IF EXISTS (SELECT 1 FROM (SELECT DISTINCT draw_id FROM new_rows WHERE draw_id IS NOT NULL) n
                WHERE NOT EXISTS (SELECT 1 FROM draws d WHERE d.id = n.draw_id)) THEN
      PERFORM refuse_unknown_reference(TG_TABLE_NAME, 'draw_id');
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER plays_references_insert AFTER INSERT ON plays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plays_check_references();
--> statement-breakpoint
CREATE TRIGGER plays_references_update AFTER UPDATE ON plays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plays_check_references();
--> statement-breakpoint
CREATE TRIGGER poker_hands_references_insert AFTER INSERT ON poker_hands REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plays_check_references();
--> statement-breakpoint
CREATE TRIGGER poker_hands_references_update AFTER UPDATE ON poker_hands REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plays_check_references();
--> statement-breakpoint

CREATE FUNCTION feed_events_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT key_id FROM new_rows) n WHERE NOT EXISTS (SELECT 1 FROM feed_keys k WHERE k.id = n.key_id)) THEN
    PERFORM refuse_unknown_reference(TG_TABLE_NAME, 'key_id');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER feed_events_references_insert AFTER INSERT ON feed_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_events_check_references();
--> statement-breakpoint
CREATE TRIGGER feed_events_references_update AFTER UPDATE ON feed_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_events_check_references();
--> statement-breakpoint

-- The rows plays, hands and feed events name stay: accounts are deactivated, keys revoked, and
-- nothing deletes a cafe, a game or a draw.
CREATE FUNCTION refuse_delete_of_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never deleted: plays, poker hands and feed events name them', TG_TABLE_NAME
    USING ERRCODE = 'foreign_key_violation';
END $$;
--> statement-breakpoint
CREATE FUNCTION refuse_new_id_of_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the id of % rows never changes: plays, poker hands and feed events name them', TG_TABLE_NAME
    USING ERRCODE = 'foreign_key_violation';
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['accounts', 'cafes', 'games', 'draws', 'feed_keys'] LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete_of_referenced()',
                   t || '_never_deleted', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OF id ON %I FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_new_id_of_referenced()',
                   t || '_id_kept', t);
  END LOOP;
END $$;
--> statement-breakpoint

-- ---------------------------------------------------------------- 2. closed weeks, by range first

CREATE OR REPLACE FUNCTION refuse_plays_of_closed_week() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  settlement settlement_kind := CASE TG_TABLE_NAME WHEN 'poker_hands' THEN 'poker'::settlement_kind ELSE 'games'::settlement_kind END;
  closed_week date;
  first_played timestamptz;
  last_played timestamptz;
  first_booked date;
  last_booked date;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
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
  END IF;
  IF closed_week IS NULL AND TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT s.week_start INTO closed_week
      FROM old_rows o
      JOIN settled_weeks s ON s.kind = settlement AND s.week_start = ist_week_start(coalesce(o.booked_day, ist_day(o.played_at)))
     LIMIT 1;
  END IF;
  IF closed_week IS NOT NULL THEN
    RAISE EXCEPTION '% rows cannot be booked in or taken from the week of %: it is closed', TG_TABLE_NAME, closed_week
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- ---------------------------------------------------------------- 3. the roll-up by parent of an update

CREATE OR REPLACE FUNCTION play_daily_by_parent_fold() RETURNS trigger LANGUAGE plpgsql AS $$
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
    -- A roll-up row can only be left without plays when some play_daily row lost plays.
    IF NOT EXISTS (SELECT 1 FROM old_rows o LEFT JOIN new_rows n USING (member_id, day, cafe_id, game_id)
                    WHERE n.plays IS NULL OR n.plays < o.plays) THEN
      RETURN NULL;
    END IF;
  END IF;
  -- Rows left without plays go, as in play_daily; only the keys this statement touched are looked at.
  EXECUTE 'DELETE FROM play_daily_by_parent p
            USING (SELECT DISTINCT m.parent_id, r.day, r.game_id FROM old_rows r JOIN accounts m ON m.id = r.member_id) k
            WHERE p.parent_id = k.parent_id AND p.day = k.day AND p.game_id = k.game_id AND p.plays = 0';
  RETURN NULL;
END $$;
