-- Updates of plays and poker_hands (a void, docs/feed.md "Voided plays and hands") fired the roll-up,
-- closed-week and registry triggers of 0010/0021 in full: each statement planned their dynamic SQL
-- afresh, wrote the registry's ids out and back in, and folded into play_daily with an upsert
-- whose INSERT and UPDATE triggers both ran, all of it some tens of milliseconds whatever the
-- number of rows. The UPDATE triggers now run their own functions, with the same answers:
-- - plays_fold_update: plays' fold in static SQL (plans kept for the session): new minus old
--   contributions per play_daily key, written by an UPDATE of the keys that exist (only the
--   UPDATE triggers of play_daily fire), an upsert only when some key is new (a reversal on a day
--   without one), the delete of emptied rows only when the update emptied one;
-- - refuse_plays_of_closed_week_update: when no day the rows count on (before or after, booking
--   and reversal days) lies in a closed week, nothing can be refused: no further check; else the
--   check of 0021, as it was;
-- - register_platform_ids_update: when the statement leaves the platform ids as they were (a
--   void), the registry is not touched; else as 0010.
-- Inserts and deletes keep their triggers; poker_hands keeps its fold (0021).

CREATE FUNCTION plays_fold_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $f$
DECLARE
  missing boolean;
  emptied boolean;
BEGIN
  -- The change per key: what the new rows add (0021, play_contributions_sql) less what the old
  -- ones added; keys whose change sums to nothing are left alone.
  WITH c AS MATERIALIZED (
    SELECT day, member_id, cafe_id, game_id, sum(plays)::int AS plays, sum(play) AS play, sum(win) AS win, sum(rake) AS rake
      FROM (SELECT coalesce(booked_day, ist_day(played_at)) AS day, member_id, cafe_id, game_id, 1 AS plays,
                   play_points_cents AS play, win_points_cents AS win, 0::bigint AS rake
              FROM new_rows WHERE voided_at IS NULL OR void_booked_day IS NOT NULL
            UNION ALL
            SELECT void_booked_day, member_id, cafe_id, game_id, 0, -play_points_cents, -win_points_cents, 0::bigint
              FROM new_rows WHERE void_booked_day IS NOT NULL
            UNION ALL
            SELECT coalesce(booked_day, ist_day(played_at)), member_id, cafe_id, game_id, -1, -play_points_cents, -win_points_cents, 0::bigint
              FROM old_rows WHERE voided_at IS NULL OR void_booked_day IS NOT NULL
            UNION ALL
            SELECT void_booked_day, member_id, cafe_id, game_id, 0, play_points_cents, win_points_cents, 0::bigint
              FROM old_rows WHERE void_booked_day IS NOT NULL) r
     GROUP BY day, member_id, cafe_id, game_id
    HAVING sum(plays) <> 0 OR sum(play) <> 0 OR sum(win) <> 0 OR sum(rake) <> 0
  ), u AS (
    UPDATE play_daily d
       SET plays = d.plays + c.plays,
           play_points_cents = d.play_points_cents + c.play,
           win_points_cents = d.win_points_cents + c.win,
           rake_cents = d.rake_cents + c.rake
      FROM c
     WHERE d.member_id = c.member_id AND d.day = c.day AND d.cafe_id = c.cafe_id AND d.game_id = c.game_id
    RETURNING d.plays = 0 AND d.play_points_cents = 0 AND d.win_points_cents = 0 AND d.rake_cents = 0 AS empty
  )
  SELECT (SELECT count(*) FROM c) > (SELECT count(*) FROM u), EXISTS (SELECT 1 FROM u WHERE empty)
    INTO missing, emptied;
  IF missing THEN
    -- Keys play_daily did not hold: the upsert of 0021 (another batch may add one meanwhile).
    INSERT INTO play_daily AS d (day, member_id, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents)
    SELECT day, member_id, cafe_id, game_id, sum(plays)::int, sum(play), sum(win), sum(rake)
      FROM (SELECT coalesce(booked_day, ist_day(played_at)) AS day, member_id, cafe_id, game_id, 1 AS plays,
                   play_points_cents AS play, win_points_cents AS win, 0::bigint AS rake
              FROM new_rows WHERE voided_at IS NULL OR void_booked_day IS NOT NULL
            UNION ALL
            SELECT void_booked_day, member_id, cafe_id, game_id, 0, -play_points_cents, -win_points_cents, 0::bigint
              FROM new_rows WHERE void_booked_day IS NOT NULL
            UNION ALL
            SELECT coalesce(booked_day, ist_day(played_at)), member_id, cafe_id, game_id, -1, -play_points_cents, -win_points_cents, 0::bigint
              FROM old_rows WHERE voided_at IS NULL OR void_booked_day IS NOT NULL
            UNION ALL
            SELECT void_booked_day, member_id, cafe_id, game_id, 0, play_points_cents, win_points_cents, 0::bigint
              FROM old_rows WHERE void_booked_day IS NOT NULL) r
     WHERE NOT EXISTS (SELECT 1 FROM play_daily x
                        WHERE x.member_id = r.member_id AND x.day = r.day AND x.cafe_id = r.cafe_id AND x.game_id = r.game_id)
     GROUP BY day, member_id, cafe_id, game_id
    HAVING sum(plays) <> 0 OR sum(play) <> 0 OR sum(win) <> 0 OR sum(rake) <> 0
    ON CONFLICT (member_id, day, cafe_id, game_id) DO UPDATE SET
      plays = d.plays + excluded.plays,
      play_points_cents = d.play_points_cents + excluded.play_points_cents,
      win_points_cents = d.win_points_cents + excluded.win_points_cents,
      rake_cents = d.rake_cents + excluded.rake_cents;
  END IF;
  IF emptied OR missing THEN
    -- Rows left with nothing in them go; only the keys this statement touched are looked at.
    DELETE FROM play_daily d
     USING (SELECT coalesce(booked_day, ist_day(played_at)) AS day, member_id, cafe_id, game_id FROM new_rows
            UNION SELECT void_booked_day, member_id, cafe_id, game_id FROM new_rows WHERE void_booked_day IS NOT NULL
            UNION SELECT coalesce(booked_day, ist_day(played_at)), member_id, cafe_id, game_id FROM old_rows
            UNION SELECT void_booked_day, member_id, cafe_id, game_id FROM old_rows WHERE void_booked_day IS NOT NULL) k
     WHERE d.member_id = k.member_id AND d.day = k.day AND d.cafe_id = k.cafe_id AND d.game_id = k.game_id
       AND d.plays = 0 AND d.play_points_cents = 0 AND d.win_points_cents = 0 AND d.rake_cents = 0;
  END IF;
  RETURN NULL;
END $f$;
--> statement-breakpoint

CREATE FUNCTION refuse_plays_of_closed_week_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $_$
DECLARE
  settlement settlement_kind := CASE TG_TABLE_NAME WHEN 'poker_hands' THEN 'poker'::settlement_kind ELSE 'games'::settlement_kind END;
  closed_week date;
BEGIN
  -- Every day a row counts on, before and after: none in a closed week, nothing to refuse.
  IF NOT EXISTS (
    SELECT 1 FROM settled_weeks s
     WHERE s.kind = settlement
       AND s.week_start IN (SELECT ist_week_start(coalesce(booked_day, ist_day(played_at))) FROM old_rows
                            UNION SELECT ist_week_start(void_booked_day) FROM old_rows WHERE void_booked_day IS NOT NULL
                            UNION SELECT ist_week_start(coalesce(booked_day, ist_day(played_at))) FROM new_rows
                            UNION SELECT ist_week_start(void_booked_day) FROM new_rows WHERE void_booked_day IS NOT NULL)) THEN
    RETURN NULL;
  END IF;
  -- The days whose sums the update changes: the contributions (per row) found on one side only (0021).
  EXECUTE format($q$
    SELECT s.week_start
      FROM ((SELECT * FROM (%1$s) n EXCEPT ALL SELECT * FROM (%2$s) o)
            UNION ALL (SELECT * FROM (%2$s) o EXCEPT ALL SELECT * FROM (%1$s) n)) c
      JOIN settled_weeks s ON s.kind = $1 AND s.week_start = ist_week_start(c.day)
     LIMIT 1$q$,
    play_contributions_sql(TG_TABLE_NAME, 1, 'new_rows', 'id, played_at,'),
    play_contributions_sql(TG_TABLE_NAME, 1, 'old_rows', 'id, played_at,'))
    INTO closed_week USING settlement;
  IF closed_week IS NOT NULL THEN
    RAISE EXCEPTION '% rows cannot be booked in or taken from the week of %: it is closed', TG_TABLE_NAME, closed_week
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $_$;
--> statement-breakpoint

CREATE FUNCTION register_platform_ids_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE registry text := CASE TG_TABLE_NAME WHEN 'plays' THEN 'play_platform_ids' ELSE 'poker_hand_platform_ids' END;
BEGIN
  IF NOT EXISTS (SELECT platform_id FROM old_rows EXCEPT ALL SELECT platform_id FROM new_rows)
     AND NOT EXISTS (SELECT platform_id FROM new_rows EXCEPT ALL SELECT platform_id FROM old_rows) THEN
    RETURN NULL;
  END IF;
  EXECUTE format('DELETE FROM %I k USING old_rows o WHERE k.platform_id = o.platform_id', registry);
  EXECUTE format('INSERT INTO %I (platform_id) SELECT platform_id FROM new_rows WHERE platform_id IS NOT NULL', registry);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER plays_fold_update ON plays;--> statement-breakpoint
CREATE TRIGGER plays_fold_update AFTER UPDATE ON plays REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plays_fold_update();--> statement-breakpoint
DROP TRIGGER plays_closed_week_update ON plays;--> statement-breakpoint
CREATE TRIGGER plays_closed_week_update AFTER UPDATE ON plays REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_closed_week_update();--> statement-breakpoint
DROP TRIGGER poker_hands_closed_week_update ON poker_hands;--> statement-breakpoint
CREATE TRIGGER poker_hands_closed_week_update AFTER UPDATE ON poker_hands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_closed_week_update();--> statement-breakpoint
DROP TRIGGER plays_platform_ids_update ON plays;--> statement-breakpoint
CREATE TRIGGER plays_platform_ids_update AFTER UPDATE ON plays REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION register_platform_ids_update();--> statement-breakpoint
DROP TRIGGER poker_hands_platform_ids_update ON poker_hands;--> statement-breakpoint
CREATE TRIGGER poker_hands_platform_ids_update AFTER UPDATE ON poker_hands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION register_platform_ids_update();
