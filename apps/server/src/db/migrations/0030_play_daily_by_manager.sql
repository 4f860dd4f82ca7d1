CREATE TABLE "active_members_by_manager" (
	"manager_id" uuid NOT NULL,
	"day" date NOT NULL,
	"stripe" smallint NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "active_members_by_manager_manager_id_day_stripe_pk" PRIMARY KEY("manager_id","day","stripe")
);
--> statement-breakpoint
CREATE TABLE "play_daily_by_manager" (
	"manager_id" uuid NOT NULL,
	"day" date NOT NULL,
	"game_id" smallint NOT NULL,
	"stripe" smallint NOT NULL,
	"under_master" boolean NOT NULL,
	"plays" integer NOT NULL,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint NOT NULL,
	"rake_cents" bigint NOT NULL,
	"other_play_points_cents" bigint NOT NULL,
	"other_win_points_cents" bigint NOT NULL,
	CONSTRAINT "play_daily_by_manager_manager_id_day_game_id_under_master_stripe_pk" PRIMARY KEY("manager_id","day","game_id","under_master","stripe")
);
--> statement-breakpoint

-- play_daily_by_manager: play_daily_by_parent summed up the tree (schema comment). A manager's
-- rows hold every play strictly below it: the play_daily_by_parent rows of every account of its
-- subtree, itself included. A master's are its play_daily_by_parent rows, so masters have none
-- here. Statement-level triggers on play_daily_by_parent fold each statement's transition tables
-- into it in the same transaction, so plays, late plays, voids, reversals, deletes, a cafe's new
-- master and a member's move reach it through play_daily_by_parent; the move of a manager or a
-- master also carries what is below it (accounts_after_move_managers). It is never written
-- directly (0006). Rows summing to nothing are left in place: readers only sum.
--
-- `under_master` keeps apart the plays of members whose parent is a master (all that Daily Status
-- and Week at a Glance count) from those of players placed directly under a manager.
--
-- Each statement writes the stripe mod(txid_current(), 4), so two feed batches in flight rarely
-- update the same row (the superadmin's day, say) and neither waits for the other's commit.

-- Each row of play_daily_by_parent's transition tables (a signed change per parent, day and game)
-- is added to every manager at or above its parent (a master parent only counts for those above
-- it), grouped. Static SQL in each branch, so that a session plans it once (a feed connection folds
-- many statements).
CREATE FUNCTION play_daily_by_manager_fold() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER play_daily_by_manager_insert AFTER INSERT ON play_daily_by_parent REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION play_daily_by_manager_fold();
--> statement-breakpoint
CREATE TRIGGER play_daily_by_manager_update AFTER UPDATE ON play_daily_by_parent REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION play_daily_by_manager_fold();
--> statement-breakpoint
CREATE TRIGGER play_daily_by_manager_delete AFTER DELETE ON play_daily_by_parent REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION play_daily_by_manager_fold();
--> statement-breakpoint

-- A master or a manager that moves takes what is below it to its new parent's managers. (Its own
-- plays move in play_daily_by_parent, from its old parent to the new one, and reach this table
-- through the fold above; what is below it keeps its parents there.) Managers above both the old
-- and the new parent gain and lose the same sums, which the grouping cancels.
CREATE FUNCTION accounts_after_move_managers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role <> 'player' THEN
  INSERT INTO play_daily_by_manager AS b (manager_id, day, game_id, under_master, stripe, plays, play_points_cents,
                                          win_points_cents, rake_cents, other_play_points_cents, other_win_points_cents)
  SELECT up.ancestor_id, s.day, s.game_id, s.under_master, mod(txid_current(), 4)::smallint, sum(m.sign * s.plays)::int,
         sum(m.sign * s.play_points_cents), sum(m.sign * s.win_points_cents), sum(m.sign * s.rake_cents),
         sum(m.sign * s.other_play_points_cents), sum(m.sign * s.other_win_points_cents)
    FROM (SELECT day, game_id, under_master, plays, play_points_cents, win_points_cents, rake_cents,
                 other_play_points_cents, other_win_points_cents
            FROM play_daily_by_manager WHERE manager_id = NEW.id
          UNION ALL
          SELECT day, game_id, true, plays, play_points_cents, win_points_cents, rake_cents, other_play_points_cents,
                 other_win_points_cents
            FROM play_daily_by_parent WHERE parent_id = NEW.id AND NEW.role = 'master') s
   CROSS JOIN (VALUES (-1, OLD.parent_id), (1, NEW.parent_id)) AS m(sign, parent_id)
    JOIN account_closure up ON up.descendant_id = m.parent_id
   GROUP BY up.ancestor_id, s.day, s.game_id, s.under_master
  HAVING sum(m.sign * s.plays) <> 0 OR sum(m.sign * s.play_points_cents) <> 0 OR sum(m.sign * s.win_points_cents) <> 0
      OR sum(m.sign * s.rake_cents) <> 0 OR sum(m.sign * s.other_play_points_cents) <> 0
      OR sum(m.sign * s.other_win_points_cents) <> 0
  ON CONFLICT (manager_id, day, game_id, under_master, stripe) DO UPDATE SET
    plays = b.plays + excluded.plays,
    play_points_cents = b.play_points_cents + excluded.play_points_cents,
    win_points_cents = b.win_points_cents + excluded.win_points_cents,
    rake_cents = b.rake_cents + excluded.rake_cents,
    other_play_points_cents = b.other_play_points_cents + excluded.other_play_points_cents,
    other_win_points_cents = b.other_win_points_cents + excluded.other_win_points_cents;
  END IF;
  -- The members active on each day below it (itself, for a player) change managers the same way.
  INSERT INTO active_members_by_manager AS b (manager_id, day, stripe, members)
  SELECT up.ancestor_id, s.day, mod(txid_current(), 4)::smallint, sum(m.sign * s.members)::int
    FROM (SELECT day, sum(members) AS members FROM active_members_by_manager WHERE manager_id = NEW.id GROUP BY day
          UNION ALL
          SELECT a.day, count(*) FROM (
            SELECT d.member_id, d.day FROM play_daily d
             WHERE NEW.role >= 'master'
               AND (d.member_id = NEW.id OR d.member_id IN (SELECT id FROM accounts WHERE parent_id = NEW.id))
               AND d.game_id IN (SELECT id FROM games WHERE kind = 'draw')
             GROUP BY 1, 2 HAVING sum(d.plays) > 0) a
           GROUP BY a.day) s
   CROSS JOIN (VALUES (-1, OLD.parent_id), (1, NEW.parent_id)) AS m(sign, parent_id)
    JOIN account_closure up ON up.descendant_id = m.parent_id
    JOIN accounts k ON k.id = up.ancestor_id AND k.role < 'master'
   GROUP BY up.ancestor_id, s.day
  HAVING sum(m.sign * s.members) <> 0
  ON CONFLICT (manager_id, day, stripe) DO UPDATE SET members = b.members + excluded.members;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_after_move_managers AFTER UPDATE OF parent_id ON accounts FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id) EXECUTE FUNCTION accounts_after_move_managers();
--> statement-breakpoint

-- active_members_by_manager: for each manager and day, the members below it with a draw-game play
-- counted on that day (play_daily's rows of the member and day hold plays), Today's active members.
-- A statement-level trigger on plays (after the roll-up fold, by name) takes each statement's
-- change of plays per member and day and, where it turns a member's day from none to some or back
-- (play_daily has the day after the statement), adds one or takes one away for every manager above
-- the member.
CREATE FUNCTION active_members_apply(member_ids uuid[], days date[], changes int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH flips AS (
    SELECT d.member_id, d.day, CASE WHEN s.after > 0 THEN 1 ELSE -1 END AS sign
      FROM unnest(member_ids, days, changes) AS d(member_id, day, plays)
      CROSS JOIN LATERAL (SELECT coalesce(sum(x.plays), 0) AS after FROM play_daily x
                           WHERE x.member_id = d.member_id AND x.day = d.day
                             AND x.game_id IN (SELECT id FROM games WHERE kind = 'draw')) s
     WHERE (s.after > 0) <> (s.after - d.plays > 0))
  INSERT INTO active_members_by_manager AS b (manager_id, day, stripe, members)
  SELECT up.ancestor_id, f.day, mod(txid_current(), 4)::smallint, sum(f.sign)::int
    FROM flips f
    JOIN account_closure up ON up.descendant_id = f.member_id
    JOIN accounts a ON a.id = up.ancestor_id AND a.role < 'master'
   GROUP BY 1, 2
  HAVING sum(f.sign) <> 0
  ON CONFLICT (manager_id, day, stripe) DO UPDATE SET members = b.members + excluded.members;
END $$;
--> statement-breakpoint
-- The change of counted draw plays per member and day of a statement on plays (as play_daily
-- counts them: a play voided while its week was open counts nowhere, a reversal is no play).
CREATE FUNCTION plays_active_members_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member_ids uuid[];
  days date[];
  changes int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.member_id), array_agg(r.day), array_agg(r.plays) INTO member_ids, days, changes
      FROM (SELECT member_id, coalesce(booked_day, ist_day(played_at)) AS day, count(*)::int AS plays
              FROM new_rows
             WHERE (voided_at IS NULL OR void_booked_day IS NOT NULL) AND game_id IN (SELECT id FROM games WHERE kind = 'draw')
             GROUP BY 1, 2) r;
  ELSIF TG_OP = 'DELETE' THEN
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
--> statement-breakpoint
CREATE TRIGGER plays_members_insert AFTER INSERT ON plays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plays_active_members_fold();
--> statement-breakpoint
CREATE TRIGGER plays_members_update AFTER UPDATE ON plays REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plays_active_members_fold();
--> statement-breakpoint
CREATE TRIGGER plays_members_delete AFTER DELETE ON plays REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION plays_active_members_fold();
--> statement-breakpoint

-- Existing plays, in day order as the fold adds them, before the tables refuse other writers.
INSERT INTO active_members_by_manager (manager_id, day, stripe, members)
SELECT up.ancestor_id, a.day, 0, count(*)::int
  FROM (SELECT member_id, day FROM play_daily WHERE game_id IN (SELECT id FROM games WHERE kind = 'draw')
         GROUP BY 1, 2 HAVING sum(plays) > 0) a
  JOIN account_closure up ON up.descendant_id = a.member_id
  JOIN accounts m ON m.id = up.ancestor_id AND m.role < 'master'
 GROUP BY 1, 2
 ORDER BY 2, 1;
--> statement-breakpoint
INSERT INTO play_daily_by_manager (manager_id, day, game_id, under_master, stripe, plays, play_points_cents, win_points_cents,
                                   rake_cents, other_play_points_cents, other_win_points_cents)
SELECT up.ancestor_id, r.day, r.game_id, p.role = 'master', 0, sum(r.plays)::int, sum(r.play_points_cents), sum(r.win_points_cents),
       sum(r.rake_cents), sum(r.other_play_points_cents), sum(r.other_win_points_cents)
  FROM play_daily_by_parent r
  JOIN accounts p ON p.id = r.parent_id
  JOIN account_closure up ON up.descendant_id = r.parent_id AND (up.depth > 0 OR p.role <> 'master')
 GROUP BY up.ancestor_id, r.day, r.game_id, p.role = 'master'
 ORDER BY r.day, up.ancestor_id, r.game_id;
--> statement-breakpoint
CREATE TRIGGER play_daily_by_manager_direct_write BEFORE INSERT OR UPDATE OR DELETE ON play_daily_by_manager FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER play_daily_by_manager_no_truncate BEFORE TRUNCATE ON play_daily_by_manager FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER active_members_by_manager_direct_write BEFORE INSERT OR UPDATE OR DELETE ON active_members_by_manager FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER active_members_by_manager_no_truncate BEFORE TRUNCATE ON active_members_by_manager FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
