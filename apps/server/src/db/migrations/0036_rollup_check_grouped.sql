-- The check in play_daily's UPDATE folds (into play_daily_by_parent and play_daily_by_cafe) of
-- whether some play_daily row lost plays joined the statement's old and new rows. The planner has no
-- row counts for transition tables and takes each for one row, so the join ran as a nested loop:
-- 400 updated rows made 160,000 comparisons, 12 to 17 ms of every feed batch, growing with the rows
-- a batch updates (the plays' rate fell from about 20,000 to 15,000 a second over 30 s of feed).
-- The same question is now asked by grouping both sides by key: the same answer, in one pass.
CREATE OR REPLACE FUNCTION play_daily_by_parent_fold() RETURNS trigger
LANGUAGE plpgsql AS $$
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
    -- A roll-up row can only be left empty when some play_daily row lost plays (a reversal only
    -- adds negative sums: it never empties a row).
    -- Grouped rather than joined: a join of the two transition tables is planned as a nested loop
    -- (the planner takes each for one row), quadratic in the rows the statement touched.
    IF NOT EXISTS (SELECT 1
                     FROM (SELECT member_id, day, cafe_id, game_id, plays AS before, NULL::int AS after FROM old_rows
                           UNION ALL
                           SELECT member_id, day, cafe_id, game_id, NULL, plays FROM new_rows) c
                    GROUP BY member_id, day, cafe_id, game_id
                   HAVING count(before) > 0 AND (count(after) = 0 OR max(after) < max(before))) THEN
      RETURN NULL;
    END IF;
  END IF;
  -- Rows left without plays go, as in play_daily; only the keys this statement touched are looked at.
  EXECUTE 'DELETE FROM play_daily_by_parent p
            USING (SELECT DISTINCT m.parent_id, r.day, r.game_id FROM old_rows r JOIN accounts m ON m.id = r.member_id) k
            WHERE p.parent_id = k.parent_id AND p.day = k.day AND p.game_id = k.game_id AND p.plays = 0
              AND p.play_points_cents = 0 AND p.win_points_cents = 0 AND p.rake_cents = 0';
  RETURN NULL;
END $$;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION play_daily_by_cafe_fold() RETURNS trigger
LANGUAGE plpgsql AS $$
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
    -- Grouped rather than joined: a join of the two transition tables is planned as a nested loop
    -- (the planner takes each for one row), quadratic in the rows the statement touched.
    IF NOT EXISTS (SELECT 1
                     FROM (SELECT member_id, day, cafe_id, game_id, plays AS before, NULL::int AS after FROM old_rows
                           UNION ALL
                           SELECT member_id, day, cafe_id, game_id, NULL, plays FROM new_rows) c
                    GROUP BY member_id, day, cafe_id, game_id
                   HAVING count(before) > 0 AND (count(after) = 0 OR max(after) < max(before))) THEN
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
