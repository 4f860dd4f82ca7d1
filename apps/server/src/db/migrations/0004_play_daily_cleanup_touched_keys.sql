-- After an UPDATE or DELETE of plays or poker hands, only the play_daily keys the statement touched
-- can have dropped to zero plays: look at those, not the whole table (0001 scanned all of it).
CREATE OR REPLACE FUNCTION plays_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cols text := 'SELECT ist_day(played_at) AS day, member_id, cafe_id, game_id, play_points_cents AS play, win_points_cents AS win, 0::bigint AS rake FROM ';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE play_daily_fold_sql(-1, cols || 'old_rows');
    DELETE FROM play_daily d
     USING (SELECT DISTINCT ist_day(played_at) AS day, member_id, cafe_id, game_id FROM old_rows) k
     WHERE d.member_id = k.member_id AND d.day = k.day AND d.cafe_id = k.cafe_id AND d.game_id = k.game_id AND d.plays = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN EXECUTE play_daily_fold_sql(1, cols || 'new_rows'); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION poker_hands_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  poker smallint := (SELECT id FROM games WHERE kind = 'poker');
  cols text := 'SELECT ist_day(played_at) AS day, member_id, cafe_id, (SELECT id FROM games WHERE kind = ''poker'') AS game_id, 0::bigint AS play, 0::bigint AS win, rake_cents AS rake FROM ';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE play_daily_fold_sql(-1, cols || 'old_rows');
    DELETE FROM play_daily d
     USING (SELECT DISTINCT ist_day(played_at) AS day, member_id, cafe_id FROM old_rows) k
     WHERE d.member_id = k.member_id AND d.day = k.day AND d.cafe_id = k.cafe_id AND d.game_id = poker AND d.plays = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN EXECUTE play_daily_fold_sql(1, cols || 'new_rows'); END IF;
  RETURN NULL;
END $$;
