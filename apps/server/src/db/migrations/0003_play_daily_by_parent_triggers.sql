-- play_daily_by_parent: play_daily summed by the member's parent (schema comment). Like play_daily
-- itself, a pure function of its source: statement-level triggers on play_daily fold each
-- statement's rows (its transition tables) into it, in the same transaction. An INSERT ... ON
-- CONFLICT DO UPDATE into play_daily (the plays fold) fires the INSERT trigger for the new keys
-- and the UPDATE trigger for the others. Accounts never move, so a member's parent is fixed.

-- `rows_sql` selects (sign, day, member_id, cafe_id, game_id, plays, play_points_cents,
-- win_points_cents, rake_cents); sign +1 puts rows in, -1 takes them out.
CREATE FUNCTION play_daily_by_parent_fold_sql(rows_sql text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO play_daily_by_parent AS p (day, parent_id, game_id, plays, play_points_cents, win_points_cents, rake_cents,
                                           other_play_points_cents, other_win_points_cents)
    SELECT r.day, m.parent_id, r.game_id, sum(r.sign * r.plays)::int, sum(r.sign * r.play_points_cents),
           sum(r.sign * r.win_points_cents), sum(r.sign * r.rake_cents),
           coalesce(sum(r.sign * r.play_points_cents) FILTER (WHERE cf.master_id IS DISTINCT FROM m.parent_id), 0),
           coalesce(sum(r.sign * r.win_points_cents) FILTER (WHERE cf.master_id IS DISTINCT FROM m.parent_id), 0)
      FROM (%s) r
      JOIN accounts m ON m.id = r.member_id AND m.parent_id IS NOT NULL
      LEFT JOIN cafes cf ON cf.id = r.cafe_id
     GROUP BY r.day, m.parent_id, r.game_id
    ON CONFLICT (parent_id, day, game_id) DO UPDATE SET
      plays = p.plays + excluded.plays,
      play_points_cents = p.play_points_cents + excluded.play_points_cents,
      win_points_cents = p.win_points_cents + excluded.win_points_cents,
      rake_cents = p.rake_cents + excluded.rake_cents,
      other_play_points_cents = p.other_play_points_cents + excluded.other_play_points_cents,
      other_win_points_cents = p.other_win_points_cents + excluded.other_win_points_cents
  $q$, rows_sql)
$$;
--> statement-breakpoint

CREATE FUNCTION play_daily_by_parent_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cols text := 'day, member_id, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents FROM ';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE play_daily_by_parent_fold_sql('SELECT 1 AS sign, ' || cols || 'new_rows');
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE play_daily_by_parent_fold_sql('SELECT 1 AS sign, ' || cols || 'new_rows UNION ALL SELECT -1, ' || cols || 'old_rows');
  ELSE
    EXECUTE play_daily_by_parent_fold_sql('SELECT -1 AS sign, ' || cols || 'old_rows');
  END IF;
  -- Rows left without plays go, as in play_daily; only the keys this statement touched are looked at.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE 'DELETE FROM play_daily_by_parent p
              USING (SELECT DISTINCT m.parent_id, r.day, r.game_id FROM old_rows r JOIN accounts m ON m.id = r.member_id) k
              WHERE p.parent_id = k.parent_id AND p.day = k.day AND p.game_id = k.game_id AND p.plays = 0';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER play_daily_by_parent_insert AFTER INSERT ON play_daily REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION play_daily_by_parent_fold();
--> statement-breakpoint
CREATE TRIGGER play_daily_by_parent_update AFTER UPDATE ON play_daily REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION play_daily_by_parent_fold();
--> statement-breakpoint
CREATE TRIGGER play_daily_by_parent_delete AFTER DELETE ON play_daily REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION play_daily_by_parent_fold();
--> statement-breakpoint

-- Existing plays (the triggers above hold play_daily's writers back until this commits).
DO $$ BEGIN
  EXECUTE play_daily_by_parent_fold_sql(
    'SELECT 1 AS sign, day, member_id, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents FROM play_daily');
END $$;
