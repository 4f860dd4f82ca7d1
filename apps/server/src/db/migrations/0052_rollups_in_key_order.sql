-- Migration 0051 made play_daily's upserts write their rows in the key's order, after two feed
-- batches in flight deadlocked there (each deadlock a batch of about 1.1 s, deadlock_timeout, then
-- retried). The roll-ups folded from play_daily's changes upsert the same way, in their grouping's
-- hash order: play_daily_by_parent, play_daily_by_cafe, draw_daily_by_cafe and
-- play_daily_by_manager. None deadlocked in the bench's runs, whose few cafes and parents every
-- batch touches alike (so both batches' hash tables list them in the same order), but two batches
-- touching different cafes of a large network could. Each of their upserts now writes its rows
-- in the order of its key too: the same functions, each INSERT with an ORDER BY before its
-- ON CONFLICT, nothing else changed.
--> statement-breakpoint
CREATE OR REPLACE FUNCTION play_daily_by_parent_add_sql(rows_sql text) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $_$
  SELECT format($q$
    INSERT INTO play_daily_by_parent AS p (day, parent_id, game_id, plays, play_points_cents, win_points_cents, rake_cents,
                                           other_play_points_cents, other_win_points_cents)
    SELECT r.day, r.parent_id, r.game_id, sum(r.sign * r.plays)::int, sum(r.sign * r.play_points_cents),
           sum(r.sign * r.win_points_cents), sum(r.sign * r.rake_cents),
           coalesce(sum(r.sign * r.play_points_cents) FILTER (WHERE r.cafe_master_id IS DISTINCT FROM r.parent_id), 0),
           coalesce(sum(r.sign * r.win_points_cents) FILTER (WHERE r.cafe_master_id IS DISTINCT FROM r.parent_id), 0)
      FROM (%s) r
     GROUP BY r.day, r.parent_id, r.game_id
    ORDER BY r.parent_id, r.day, r.game_id
    ON CONFLICT (parent_id, day, game_id) DO UPDATE SET
      plays = p.plays + excluded.plays,
      play_points_cents = p.play_points_cents + excluded.play_points_cents,
      win_points_cents = p.win_points_cents + excluded.win_points_cents,
      rake_cents = p.rake_cents + excluded.rake_cents,
      other_play_points_cents = p.other_play_points_cents + excluded.other_play_points_cents,
      other_win_points_cents = p.other_win_points_cents + excluded.other_win_points_cents
  $q$, rows_sql)
$_$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION play_daily_by_cafe_add_sql(rows_sql text) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $_$
  SELECT format($q$
    INSERT INTO play_daily_by_cafe AS c (cafe_id, day, game_id, plays, play_points_cents, win_points_cents, rake_cents)
    SELECT r.cafe_id, r.day, r.game_id, sum(r.plays)::int, sum(r.play_points_cents), sum(r.win_points_cents), sum(r.rake_cents)
      FROM (%s) r
     GROUP BY r.cafe_id, r.day, r.game_id
    HAVING sum(r.plays) <> 0 OR sum(r.play_points_cents) <> 0 OR sum(r.win_points_cents) <> 0 OR sum(r.rake_cents) <> 0
    ORDER BY r.cafe_id, r.day, r.game_id
    ON CONFLICT (cafe_id, day, game_id) DO UPDATE SET
      plays = c.plays + excluded.plays,
      play_points_cents = c.play_points_cents + excluded.play_points_cents,
      win_points_cents = c.win_points_cents + excluded.win_points_cents,
      rake_cents = c.rake_cents + excluded.rake_cents
  $q$, rows_sql)
$_$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION draw_daily_by_cafe_fold() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO draw_daily_by_cafe AS c (cafe_id, day, plays, play_points_cents, win_points_cents)
    SELECT r.cafe_id, r.day, sum(r.plays)::int, sum(r.play_points_cents), sum(r.win_points_cents)
      FROM new_rows r
     WHERE r.game_id IN (SELECT id FROM games WHERE kind = 'draw')
     GROUP BY r.cafe_id, r.day
    HAVING sum(r.plays) <> 0 OR sum(r.play_points_cents) <> 0 OR sum(r.win_points_cents) <> 0
    ORDER BY r.cafe_id, r.day
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
    ORDER BY r.cafe_id, r.day
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
    ORDER BY r.cafe_id, r.day
    ON CONFLICT (cafe_id, day) DO UPDATE SET
      plays = c.plays + excluded.plays,
      play_points_cents = c.play_points_cents + excluded.play_points_cents,
      win_points_cents = c.win_points_cents + excluded.win_points_cents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION play_daily_by_manager_fold() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO play_daily_by_manager AS b (manager_id, day, game_id, under_master, stripe, plays, play_points_cents,
                                            win_points_cents, rake_cents, other_play_points_cents, other_win_points_cents)
    SELECT up.ancestor_id, r.day, r.game_id, p.role = 'master', mod(txid_current(), 4)::smallint, sum(r.plays)::int,
           sum(r.play_points_cents), sum(r.win_points_cents), sum(r.rake_cents), sum(r.other_play_points_cents),
           sum(r.other_win_points_cents)
      FROM new_rows r
      JOIN accounts p ON p.id = r.parent_id
      JOIN account_closure up ON up.descendant_id = r.parent_id AND (up.depth > 0 OR p.role <> 'master')
     GROUP BY up.ancestor_id, r.day, r.game_id, p.role = 'master'
    HAVING sum(r.plays) <> 0 OR sum(r.play_points_cents) <> 0 OR sum(r.win_points_cents) <> 0 OR sum(r.rake_cents) <> 0
        OR sum(r.other_play_points_cents) <> 0 OR sum(r.other_win_points_cents) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (manager_id, day, game_id, under_master, stripe) DO UPDATE SET
      plays = b.plays + excluded.plays,
      play_points_cents = b.play_points_cents + excluded.play_points_cents,
      win_points_cents = b.win_points_cents + excluded.win_points_cents,
      rake_cents = b.rake_cents + excluded.rake_cents,
      other_play_points_cents = b.other_play_points_cents + excluded.other_play_points_cents,
      other_win_points_cents = b.other_win_points_cents + excluded.other_win_points_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO play_daily_by_manager AS b (manager_id, day, game_id, under_master, stripe, plays, play_points_cents,
                                            win_points_cents, rake_cents, other_play_points_cents, other_win_points_cents)
    SELECT up.ancestor_id, r.day, r.game_id, p.role = 'master', mod(txid_current(), 4)::smallint, sum(r.plays)::int,
           sum(r.play_points_cents), sum(r.win_points_cents), sum(r.rake_cents), sum(r.other_play_points_cents),
           sum(r.other_win_points_cents)
      FROM (SELECT parent_id, day, game_id, -plays AS plays, -play_points_cents AS play_points_cents,
                   -win_points_cents AS win_points_cents, -rake_cents AS rake_cents,
                   -other_play_points_cents AS other_play_points_cents, -other_win_points_cents AS other_win_points_cents
              FROM old_rows) r
      JOIN accounts p ON p.id = r.parent_id
      JOIN account_closure up ON up.descendant_id = r.parent_id AND (up.depth > 0 OR p.role <> 'master')
     GROUP BY up.ancestor_id, r.day, r.game_id, p.role = 'master'
    HAVING sum(r.plays) <> 0 OR sum(r.play_points_cents) <> 0 OR sum(r.win_points_cents) <> 0 OR sum(r.rake_cents) <> 0
        OR sum(r.other_play_points_cents) <> 0 OR sum(r.other_win_points_cents) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (manager_id, day, game_id, under_master, stripe) DO UPDATE SET
      plays = b.plays + excluded.plays,
      play_points_cents = b.play_points_cents + excluded.play_points_cents,
      win_points_cents = b.win_points_cents + excluded.win_points_cents,
      rake_cents = b.rake_cents + excluded.rake_cents,
      other_play_points_cents = b.other_play_points_cents + excluded.other_play_points_cents,
      other_win_points_cents = b.other_win_points_cents + excluded.other_win_points_cents;
  ELSE
    -- play_daily_by_parent's key is unique in each transition table: new minus old per key.
    INSERT INTO play_daily_by_manager AS b (manager_id, day, game_id, under_master, stripe, plays, play_points_cents,
                                            win_points_cents, rake_cents, other_play_points_cents, other_win_points_cents)
    SELECT up.ancestor_id, r.day, r.game_id, p.role = 'master', mod(txid_current(), 4)::smallint, sum(r.plays)::int,
           sum(r.play_points_cents), sum(r.win_points_cents), sum(r.rake_cents), sum(r.other_play_points_cents),
           sum(r.other_win_points_cents)
      FROM (SELECT parent_id, day, game_id,
                   coalesce(n.plays, 0) - coalesce(o.plays, 0) AS plays,
                   coalesce(n.play_points_cents, 0) - coalesce(o.play_points_cents, 0) AS play_points_cents,
                   coalesce(n.win_points_cents, 0) - coalesce(o.win_points_cents, 0) AS win_points_cents,
                   coalesce(n.rake_cents, 0) - coalesce(o.rake_cents, 0) AS rake_cents,
                   coalesce(n.other_play_points_cents, 0) - coalesce(o.other_play_points_cents, 0) AS other_play_points_cents,
                   coalesce(n.other_win_points_cents, 0) - coalesce(o.other_win_points_cents, 0) AS other_win_points_cents
              FROM new_rows n FULL JOIN old_rows o USING (parent_id, day, game_id)) r
      JOIN accounts p ON p.id = r.parent_id
      JOIN account_closure up ON up.descendant_id = r.parent_id AND (up.depth > 0 OR p.role <> 'master')
     GROUP BY up.ancestor_id, r.day, r.game_id, p.role = 'master'
    HAVING sum(r.plays) <> 0 OR sum(r.play_points_cents) <> 0 OR sum(r.win_points_cents) <> 0 OR sum(r.rake_cents) <> 0
        OR sum(r.other_play_points_cents) <> 0 OR sum(r.other_win_points_cents) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (manager_id, day, game_id, under_master, stripe) DO UPDATE SET
      plays = b.plays + excluded.plays,
      play_points_cents = b.play_points_cents + excluded.play_points_cents,
      win_points_cents = b.win_points_cents + excluded.win_points_cents,
      rake_cents = b.rake_cents + excluded.rake_cents,
      other_play_points_cents = b.other_play_points_cents + excluded.other_play_points_cents,
      other_win_points_cents = b.other_win_points_cents + excluded.other_win_points_cents;
  END IF;
  RETURN NULL;
END $$;
