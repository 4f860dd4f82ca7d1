-- Two feed batches in flight could deadlock in play_daily. Each upserts its rows in the order its
-- grouping produced them (a hash table's, which differs with the batch), so one batch could hold
-- a new key the other was about to insert while waiting for a key the other held. PostgreSQL
-- breaks such a cycle only after deadlock_timeout (1 s), and the feed then retries the batch:
-- 32 such waits in half an hour of bench runs, each a batch of about 1.1 s instead of 0.1 s
-- (bench/README.md, "The members turning active found by the fold, and deadlocks in play_daily").
-- Every upsert into play_daily now writes its rows in the order of the key, so two batches take
-- their common keys in the same order and one only waits for the other. The plays' insert does so
-- since migration 0050; this is every other change (voids, moves, poker hands).
CREATE OR REPLACE FUNCTION play_daily_change_sql(rows_sql text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($q$
    INSERT INTO play_daily AS d (day, member_id, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents)
    SELECT day, member_id, cafe_id, game_id, sum(plays)::int, sum(play), sum(win), sum(rake)
      FROM (%s) r
     GROUP BY day, member_id, cafe_id, game_id
    HAVING sum(plays) <> 0 OR sum(play) <> 0 OR sum(win) <> 0 OR sum(rake) <> 0
     ORDER BY member_id, day, cafe_id, game_id
    ON CONFLICT (member_id, day, cafe_id, game_id) DO UPDATE SET
      plays = d.plays + excluded.plays,
      play_points_cents = d.play_points_cents + excluded.play_points_cents,
      win_points_cents = d.win_points_cents + excluded.win_points_cents,
      rake_cents = d.rake_cents + excluded.rake_cents
  $q$, rows_sql)
$f$;
