-- Reference data, hierarchy rules, the play roll-up and the protection of closed weeks.
-- Custom migration: everything here is plain PostgreSQL (15 and PGlite's 18).

INSERT INTO games (id, code, slug, name, kind) VALUES
  (1, 'MNOQqWWi', 'funtarget', 'Fun Target', 'draw'),
  (2, 'vwRORrGO', 'funroullet', 'Fun Roullet', 'draw'),
  (3, 'zuuhVbBM', 'triplefun', 'Triple Fun', 'draw'),
  (4, 'qZicXikM', 'funab', 'Fun AB', 'draw'),
  (5, 'POKER', 'poker', 'Poker', 'poker');
--> statement-breakpoint

-- The business day of an instant: India has kept UTC+05:30 without daylight saving since 1945,
-- so a fixed offset is exact and keeps the function immutable (usable in indexes).
CREATE FUNCTION ist_day(ts timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ((ts AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date $$;
--> statement-breakpoint

CREATE UNIQUE INDEX accounts_single_superadmin ON accounts (role) WHERE role = 'superadmin';
--> statement-breakpoint
CREATE UNIQUE INDEX accounts_single_house ON accounts (role) WHERE role = 'house';
--> statement-breakpoint

-- Every account but the superadmin (and the house) has a parent of a higher role; accounts
-- never move, and the closure table gets its rows in the same statement as the account.
CREATE FUNCTION accounts_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE parent_role role;
BEGIN
  IF NEW.role IN ('house', 'superadmin') THEN
    IF NEW.parent_id IS NOT NULL THEN
      RAISE EXCEPTION 'a % account has no parent', NEW.role USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  SELECT role INTO parent_role FROM accounts WHERE id = NEW.parent_id;
  IF parent_role IS NULL OR parent_role = 'house' OR parent_role >= NEW.role THEN
    RAISE EXCEPTION 'the parent of a % must be an account of a higher role', NEW.role USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_before_insert BEFORE INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION accounts_before_insert();
--> statement-breakpoint

CREATE FUNCTION accounts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_closure (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
  IF NEW.parent_id IS NOT NULL THEN
    INSERT INTO account_closure (ancestor_id, descendant_id, depth)
      SELECT ancestor_id, NEW.id, depth + 1 FROM account_closure WHERE descendant_id = NEW.parent_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_after_insert AFTER INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION accounts_after_insert();
--> statement-breakpoint

CREATE FUNCTION accounts_before_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS DISTINCT FROM OLD.parent_id OR NEW.role <> OLD.role THEN
    RAISE EXCEPTION 'accounts do not move in the hierarchy' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_before_update BEFORE UPDATE ON accounts FOR EACH ROW EXECUTE FUNCTION accounts_before_update();
--> statement-breakpoint

-- play_daily is a pure function of plays and poker_hands: statement-level triggers fold each
-- statement's rows (its transition tables) into it, inside the same transaction.
-- Transition tables are visible only to the trigger function itself, so this helper returns the
-- statement and the trigger EXECUTEs it. `rows_sql` selects (day, member_id, cafe_id, game_id,
-- play, win, rake) from a transition table; sign -1 takes rows out, +1 puts them in.
CREATE FUNCTION play_daily_fold_sql(sign integer, rows_sql text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO play_daily AS d (day, member_id, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents)
    SELECT day, member_id, cafe_id, game_id, %1$s * count(*)::int, %1$s * sum(play), %1$s * sum(win), %1$s * sum(rake)
      FROM (%2$s) r
     GROUP BY day, member_id, cafe_id, game_id
    ON CONFLICT (member_id, day, cafe_id, game_id) DO UPDATE SET
      plays = d.plays + excluded.plays,
      play_points_cents = d.play_points_cents + excluded.play_points_cents,
      win_points_cents = d.win_points_cents + excluded.win_points_cents,
      rake_cents = d.rake_cents + excluded.rake_cents
  $q$, sign, rows_sql)
$$;
--> statement-breakpoint

CREATE FUNCTION plays_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cols text := 'SELECT ist_day(played_at) AS day, member_id, cafe_id, game_id, play_points_cents AS play, win_points_cents AS win, 0::bigint AS rake FROM ';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE play_daily_fold_sql(-1, cols || 'old_rows');
    DELETE FROM play_daily WHERE plays = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN EXECUTE play_daily_fold_sql(1, cols || 'new_rows'); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER plays_fold_insert AFTER INSERT ON plays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plays_fold();
--> statement-breakpoint
CREATE TRIGGER plays_fold_update AFTER UPDATE ON plays REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plays_fold();
--> statement-breakpoint
CREATE TRIGGER plays_fold_delete AFTER DELETE ON plays REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION plays_fold();
--> statement-breakpoint

CREATE FUNCTION poker_hands_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cols text := 'SELECT ist_day(played_at) AS day, member_id, cafe_id, (SELECT id FROM games WHERE kind = ''poker'') AS game_id, 0::bigint AS play, 0::bigint AS win, rake_cents AS rake FROM ';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE play_daily_fold_sql(-1, cols || 'old_rows');
    DELETE FROM play_daily WHERE plays = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN EXECUTE play_daily_fold_sql(1, cols || 'new_rows'); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER poker_hands_fold_insert AFTER INSERT ON poker_hands REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION poker_hands_fold();
--> statement-breakpoint
CREATE TRIGGER poker_hands_fold_update AFTER UPDATE ON poker_hands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION poker_hands_fold();
--> statement-breakpoint
CREATE TRIGGER poker_hands_fold_delete AFTER DELETE ON poker_hands REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION poker_hands_fold();
--> statement-breakpoint

-- A closed week is final: its settlement rows, loan deductions and closing mark never change.
CREATE FUNCTION refuse_change_to_closed_week() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows belong to a closed week and cannot be changed', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER weekly_settlements_final BEFORE UPDATE OR DELETE ON weekly_settlements FOR EACH ROW EXECUTE FUNCTION refuse_change_to_closed_week();
--> statement-breakpoint
CREATE TRIGGER loan_deductions_final BEFORE UPDATE OR DELETE ON loan_deductions FOR EACH ROW EXECUTE FUNCTION refuse_change_to_closed_week();
--> statement-breakpoint
CREATE TRIGGER settled_weeks_final BEFORE UPDATE OR DELETE ON settled_weeks FOR EACH ROW EXECUTE FUNCTION refuse_change_to_closed_week();
--> statement-breakpoint
CREATE TRIGGER weekly_settlements_no_truncate BEFORE TRUNCATE ON weekly_settlements FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_closed_week();
--> statement-breakpoint
CREATE TRIGGER loan_deductions_no_truncate BEFORE TRUNCATE ON loan_deductions FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_closed_week();
