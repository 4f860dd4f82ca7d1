-- A feed batch's plays used to find the members turning active in a trigger of their own
-- (plays_members_insert, migration 0030): for every member and day of the batch it summed the
-- member's draw-game rows of play_daily, some 650 index reads a batch of 1,000 plays and 8 to 9 ms,
-- although almost every member of a batch has played that day already.
--
-- An insert of plays only adds plays, so a member's day turns active only if none of the rows of
-- play_daily it adds to held a play before. The fold into play_daily knows that: its upsert
-- returns each row's plays after the batch, and the batch's own share of the row is known, so the
-- plays before are the difference. The insert's fold now upserts play_daily and keeps, from the
-- same statement, only the members' days whose touched draw-game rows held no play before; only
-- those go to active_members_apply, which still reads each one's whole day and decides. Deletes and
-- updates of plays (voids, moves) keep their trigger as it was. Same flips, same counts.
CREATE OR REPLACE FUNCTION play_rows_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
  member_ids uuid[];
  days date[];
  changes int[];
BEGIN
  IF TG_OP = 'INSERT' AND TG_TABLE_NAME = 'plays' THEN
    EXECUTE format($q$
      WITH batch AS MATERIALIZED (
        SELECT day, member_id, cafe_id, game_id, sum(plays)::int AS plays, sum(play) AS play, sum(win) AS win, sum(rake) AS rake
          FROM (%s) r
         GROUP BY day, member_id, cafe_id, game_id
        HAVING sum(plays) <> 0 OR sum(play) <> 0 OR sum(win) <> 0 OR sum(rake) <> 0),
      added AS (
        INSERT INTO play_daily AS d (day, member_id, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents)
        SELECT day, member_id, cafe_id, game_id, plays, play, win, rake FROM batch
         ORDER BY member_id, day, cafe_id, game_id -- the key's order: see migration 0051
        ON CONFLICT (member_id, day, cafe_id, game_id) DO UPDATE SET
          plays = d.plays + excluded.plays,
          play_points_cents = d.play_points_cents + excluded.play_points_cents,
          win_points_cents = d.win_points_cents + excluded.win_points_cents,
          rake_cents = d.rake_cents + excluded.rake_cents
        RETURNING d.day, d.member_id, d.cafe_id, d.game_id, d.plays)
      SELECT array_agg(m.member_id), array_agg(m.day), array_agg(m.plays)
        FROM (SELECT b.member_id, b.day, sum(b.plays)::int AS plays
                FROM batch b
                JOIN added a ON a.member_id = b.member_id AND a.day = b.day AND a.cafe_id = b.cafe_id AND a.game_id = b.game_id
               WHERE b.game_id = ANY ($1)
               GROUP BY 1, 2
              HAVING sum(b.plays) <> 0 AND bool_and(a.plays - b.plays = 0)) m
    $q$, play_contributions_sql(TG_TABLE_NAME, 1, 'new_rows'))
      INTO member_ids, days, changes
      USING ARRAY(SELECT id FROM games WHERE kind = 'draw');
    IF member_ids IS NOT NULL THEN
      PERFORM active_members_apply(member_ids, days, changes);
    END IF;
    RETURN NULL;
  END IF;
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
END $$;
--> statement-breakpoint
DROP TRIGGER plays_members_insert ON plays;
--> statement-breakpoint
-- Only deletes and updates of plays come here now.
CREATE OR REPLACE FUNCTION plays_active_members_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member_ids uuid[];
  days date[];
  changes int[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.member_id), array_agg(r.day), array_agg(r.plays) INTO member_ids, days, changes
      FROM (SELECT member_id, coalesce(booked_day, ist_day(played_at)) AS day, -count(*)::int AS plays
              FROM old_rows
             WHERE (voided_at IS NULL OR void_booked_day IS NOT NULL) AND game_id IN (SELECT id FROM games WHERE kind = 'draw')
             GROUP BY 1, 2) r;
  ELSE
    SELECT array_agg(r.member_id), array_agg(r.day), array_agg(r.plays) INTO member_ids, days, changes
      FROM (SELECT member_id, day, sum(plays)::int AS plays
              FROM (SELECT member_id, coalesce(booked_day, ist_day(played_at)) AS day, game_id, 1 AS plays
                      FROM new_rows WHERE voided_at IS NULL OR void_booked_day IS NOT NULL
                    UNION ALL
                    SELECT member_id, coalesce(booked_day, ist_day(played_at)), game_id, -1
                      FROM old_rows WHERE voided_at IS NULL OR void_booked_day IS NOT NULL) c
             WHERE game_id IN (SELECT id FROM games WHERE kind = 'draw')
             GROUP BY 1, 2
            HAVING sum(plays) <> 0) r;
  END IF;
  IF member_ids IS NOT NULL THEN
    PERFORM active_members_apply(member_ids, days, changes);
  END IF;
  RETURN NULL;
END $$;
