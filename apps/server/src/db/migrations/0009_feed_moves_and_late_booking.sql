-- The platform feed (DOMAIN.md section 10) needs three things of the database:
-- 1. Late plays and hands: a play whose week is closed is booked on the IST day it arrived
--    (plays.booked_day, poker_hands.booked_day; null = its own day). The roll-ups sum every row on
--    its booking day, and a closed week refuses rows booked into it, so it never changes.
-- 2. Accounts move: a new parent moves the whole subtree. The closure rows and the moved account's
--    own plays in play_daily_by_parent (summed under its parent) follow in the same statement.
--    The role of an account still never changes.
-- 3. A cafe may change hands: the "other agents' cafes" sums of play_daily_by_parent follow.

-- ---------------------------------------------------------------- 1. booking day

-- Monday of the settlement week holding an IST day.
CREATE FUNCTION ist_week_start(day date) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT day - (extract(isodow FROM day)::int - 1) $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION plays_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cols text := 'SELECT coalesce(booked_day, ist_day(played_at)) AS day, member_id, cafe_id, game_id, play_points_cents AS play, win_points_cents AS win, 0::bigint AS rake FROM ';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE play_daily_fold_sql(-1, cols || 'old_rows');
    DELETE FROM play_daily d
     USING (SELECT DISTINCT coalesce(booked_day, ist_day(played_at)) AS day, member_id, cafe_id, game_id FROM old_rows) k
     WHERE d.member_id = k.member_id AND d.day = k.day AND d.cafe_id = k.cafe_id AND d.game_id = k.game_id AND d.plays = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN EXECUTE play_daily_fold_sql(1, cols || 'new_rows'); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION poker_hands_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  poker smallint := (SELECT id FROM games WHERE kind = 'poker');
  cols text := 'SELECT coalesce(booked_day, ist_day(played_at)) AS day, member_id, cafe_id, (SELECT id FROM games WHERE kind = ''poker'') AS game_id, 0::bigint AS play, 0::bigint AS win, rake_cents AS rake FROM ';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE play_daily_fold_sql(-1, cols || 'old_rows');
    DELETE FROM play_daily d
     USING (SELECT DISTINCT coalesce(booked_day, ist_day(played_at)) AS day, member_id, cafe_id FROM old_rows) k
     WHERE d.member_id = k.member_id AND d.day = k.day AND d.cafe_id = k.cafe_id AND d.game_id = poker AND d.plays = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN EXECUTE play_daily_fold_sql(1, cols || 'new_rows'); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- A closed week is final for plays too: no row is booked into it, and none booked there changes.
-- Plays belong to the draw-games settlement, poker hands to the poker one.
CREATE FUNCTION refuse_plays_of_closed_week() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  settlement settlement_kind := CASE TG_TABLE_NAME WHEN 'poker_hands' THEN 'poker'::settlement_kind ELSE 'games'::settlement_kind END;
  closed_week date;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT s.week_start INTO closed_week
      FROM new_rows n
      JOIN settled_weeks s ON s.kind = settlement AND s.week_start = ist_week_start(coalesce(n.booked_day, ist_day(n.played_at)))
     LIMIT 1;
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
CREATE TRIGGER plays_closed_week_insert AFTER INSERT ON plays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER plays_closed_week_update AFTER UPDATE ON plays REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER plays_closed_week_delete AFTER DELETE ON plays REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER poker_hands_closed_week_insert AFTER INSERT ON poker_hands REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER poker_hands_closed_week_update AFTER UPDATE ON poker_hands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER poker_hands_closed_week_delete AFTER DELETE ON poker_hands REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_closed_week();
--> statement-breakpoint

-- ---------------------------------------------------------------- play_daily_by_parent, by any parent

-- The grouped upsert of play_daily_by_parent (0003) from rows that name the parent and the cafe's
-- master themselves: (sign, day, parent_id, cafe_master_id, game_id, plays, play_points_cents,
-- win_points_cents, rake_cents). A play is "other" when the cafe's master is not that parent.
CREATE FUNCTION play_daily_by_parent_add_sql(rows_sql text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO play_daily_by_parent AS p (day, parent_id, game_id, plays, play_points_cents, win_points_cents, rake_cents,
                                           other_play_points_cents, other_win_points_cents)
    SELECT r.day, r.parent_id, r.game_id, sum(r.sign * r.plays)::int, sum(r.sign * r.play_points_cents),
           sum(r.sign * r.win_points_cents), sum(r.sign * r.rake_cents),
           coalesce(sum(r.sign * r.play_points_cents) FILTER (WHERE r.cafe_master_id IS DISTINCT FROM r.parent_id), 0),
           coalesce(sum(r.sign * r.win_points_cents) FILTER (WHERE r.cafe_master_id IS DISTINCT FROM r.parent_id), 0)
      FROM (%s) r
     GROUP BY r.day, r.parent_id, r.game_id
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

-- The fold of play_daily rows (0003), now through the function above: the parent and the cafe's
-- master are the current ones.
CREATE OR REPLACE FUNCTION play_daily_by_parent_fold_sql(rows_sql text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT play_daily_by_parent_add_sql(format($q$
    SELECT r.sign, r.day, m.parent_id, cf.master_id AS cafe_master_id, r.game_id, r.plays, r.play_points_cents,
           r.win_points_cents, r.rake_cents
      FROM (%s) r
      JOIN accounts m ON m.id = r.member_id AND m.parent_id IS NOT NULL
      LEFT JOIN cafes cf ON cf.id = r.cafe_id
  $q$, rows_sql))
$$;
--> statement-breakpoint

-- ---------------------------------------------------------------- 2. accounts move with their subtree

-- A new parent must rank higher (the same rule as at creation); since every account below the
-- moved one ranks lower than it, a move can never make a cycle. The role never changes: a
-- master's cafes, settlements and members depend on it.
CREATE OR REPLACE FUNCTION accounts_before_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE parent_role role;
BEGIN
  IF NEW.role <> OLD.role THEN
    RAISE EXCEPTION 'the role of an account does not change' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.parent_id IS DISTINCT FROM OLD.parent_id THEN
    IF NEW.role IN ('house', 'superadmin') THEN
      RAISE EXCEPTION 'a % account has no parent', NEW.role USING ERRCODE = 'check_violation';
    END IF;
    SELECT role INTO parent_role FROM accounts WHERE id = NEW.parent_id;
    IF parent_role IS NULL OR parent_role = 'house' OR parent_role >= NEW.role THEN
      RAISE EXCEPTION 'the parent of a % must be an account of a higher role', NEW.role USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint

CREATE FUNCTION accounts_after_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Closure: the subtree leaves its old ancestors and joins the new parent's.
  DELETE FROM account_closure c
   USING account_closure up, account_closure down
   WHERE up.descendant_id = NEW.id AND up.depth > 0
     AND down.ancestor_id = NEW.id
     AND c.ancestor_id = up.ancestor_id AND c.descendant_id = down.descendant_id;
  INSERT INTO account_closure (ancestor_id, descendant_id, depth)
    SELECT up.ancestor_id, down.descendant_id, up.depth + down.depth + 1
      FROM account_closure up
      CROSS JOIN account_closure down
     WHERE up.descendant_id = NEW.parent_id AND down.ancestor_id = NEW.id;
  -- play_daily_by_parent sums each member's plays under its parent: the moved account's own plays
  -- go from the old parent to the new one. Its descendants keep their parents, so their rows stay.
  EXECUTE play_daily_by_parent_add_sql(format($q$
    SELECT s.sign, d.day, s.parent_id, cf.master_id AS cafe_master_id, d.game_id, d.plays, d.play_points_cents,
           d.win_points_cents, d.rake_cents
      FROM play_daily d
      CROSS JOIN (VALUES (-1, %L::uuid), (1, %L::uuid)) AS s(sign, parent_id)
      LEFT JOIN cafes cf ON cf.id = d.cafe_id
     WHERE d.member_id = %L::uuid
  $q$, OLD.parent_id, NEW.parent_id, NEW.id));
  DELETE FROM play_daily_by_parent p
   USING (SELECT DISTINCT day, game_id FROM play_daily WHERE member_id = NEW.id) k
   WHERE p.parent_id = OLD.parent_id AND p.day = k.day AND p.game_id = k.game_id AND p.plays = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_after_move AFTER UPDATE OF parent_id ON accounts FOR EACH ROW
  WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id) EXECUTE FUNCTION accounts_after_move();
--> statement-breakpoint

-- ---------------------------------------------------------------- 3. a cafe changes hands

-- Only the "other agents' cafes" sums depend on the cafe's master: take the cafe's plays out as
-- they were counted and put them back under the new master (plays and totals stay as they are).
CREATE FUNCTION cafes_after_master_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE play_daily_by_parent_add_sql(format($q$
    SELECT s.sign, d.day, m.parent_id, s.master_id AS cafe_master_id, d.game_id, d.plays, d.play_points_cents,
           d.win_points_cents, d.rake_cents
      FROM play_daily d
      JOIN accounts m ON m.id = d.member_id AND m.parent_id IS NOT NULL
      CROSS JOIN (VALUES (-1, %L::uuid), (1, %L::uuid)) AS s(sign, master_id)
     WHERE d.cafe_id = %L::uuid
  $q$, OLD.master_id, NEW.master_id, NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cafes_after_master_change AFTER UPDATE OF master_id ON cafes FOR EACH ROW
  WHEN (OLD.master_id IS DISTINCT FROM NEW.master_id) EXECUTE FUNCTION cafes_after_master_change();
