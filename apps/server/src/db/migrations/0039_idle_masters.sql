-- Today's masters with no play for the whole network (docs/domain.md, "Insight"): their count
-- from two counters instead of looking at every master, and their first rows from the day's
-- played masters instead of two index reads per master.
--
-- master_play_days: for each master and day, how many play_daily_by_parent rows (its members'
-- plays) and play_daily rows of its own it has; the master played that day when the count is above
-- 0 (the condition Today asked of every master). Statement-level triggers on play_daily_by_parent
-- and play_daily add each statement's rows (inserted +1, deleted -1) per master and day in the
-- same transaction. Their keys never change by UPDATE (the folds upsert sums; moves insert and
-- delete rows; direct writes are refused, 0006), so INSERT and DELETE are enough. The counts are
-- added, not tested for existence, so two feed batches on one master's day stay right: the upsert
-- takes the row's lock and sees the other's count.
--
-- played_masters_by_day: how many active masters (role master, user_status on) played on each
-- day. The transaction that turns a master's day from 0 rows to some (or back) adds (or takes) one,
-- if the master is active; it reads the status FOR SHARE, so a change of status waits for it (and
-- then finds its day) or is seen by it. A change of status adds or takes one on each day the
-- master played, on stripe 4, which no feed batch writes (so it never waits for one). Feed batches
-- write the stripe mod(txid_current(), 4), as active_members_by_manager does.
--
-- active_master_count: how many masters are active; one row, kept by the accounts' insert and
-- status triggers. Roles never change and accounts are never deleted (0001, 0012).
--
-- Today's idle count for the whole network is then active_master_count less the day's
-- played_masters_by_day. The tables are never written directly (0006).

CREATE TABLE "active_master_count" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"masters" integer NOT NULL,
	CONSTRAINT "active_master_count_single" CHECK ("active_master_count"."single")
);
--> statement-breakpoint
CREATE TABLE "master_play_days" (
	"master_id" uuid NOT NULL,
	"day" date NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "master_play_days_master_id_day_pk" PRIMARY KEY("master_id","day")
);
--> statement-breakpoint
CREATE TABLE "played_masters_by_day" (
	"day" date NOT NULL,
	"stripe" smallint NOT NULL,
	"masters" integer NOT NULL,
	CONSTRAINT "played_masters_by_day_day_stripe_pk" PRIMARY KEY("day","stripe")
);
--> statement-breakpoint
CREATE INDEX "master_play_days_day_idx" ON "master_play_days" USING btree ("day","master_id");--> statement-breakpoint
CREATE INDEX "accounts_master_username_idx" ON "accounts" USING btree (lower("username")) WHERE "accounts"."role" = 'master';
--> statement-breakpoint

-- A statement's rows per master and day (signed), added to master_play_days; the days that went
-- from none to some rows (+1) or back (-1) counted for the active masters among them.
CREATE FUNCTION master_play_days_apply(master_ids uuid[], days date[], deltas int[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  flip_ids uuid[];
  flip_days date[];
  flip_signs int[];
  active_ids uuid[];
BEGIN
  WITH d AS (SELECT u.master_id, u.day, sum(u.delta)::int AS delta
               FROM unnest(master_ids, days, deltas) AS u(master_id, day, delta)
              GROUP BY 1, 2 HAVING sum(u.delta) <> 0),
       added AS (INSERT INTO master_play_days AS m (master_id, day, rows)
                 SELECT master_id, day, delta FROM d ORDER BY master_id, day
                 ON CONFLICT (master_id, day) DO UPDATE SET rows = m.rows + excluded.rows
                 RETURNING m.master_id, m.day, m.rows)
  SELECT array_agg(a.master_id), array_agg(a.day), array_agg(CASE WHEN a.rows > 0 THEN 1 ELSE -1 END)
    INTO flip_ids, flip_days, flip_signs
    FROM added a JOIN d ON d.master_id = a.master_id AND d.day = a.day
   WHERE (a.rows > 0) <> (a.rows - d.delta > 0);
  IF flip_ids IS NULL THEN
    RETURN;
  END IF;
  -- FOR SHARE: a change of the masters' status waits for this transaction (see above).
  SELECT array_agg(s.id) INTO active_ids
    FROM (SELECT a.id FROM accounts a WHERE a.id = ANY(flip_ids) AND a.user_status ORDER BY a.id FOR SHARE) s;
  IF active_ids IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO played_masters_by_day AS c (day, stripe, masters)
  SELECT f.day, mod(txid_current(), 4)::smallint, sum(f.sign)::int
    FROM unnest(flip_ids, flip_days, flip_signs) AS f(master_id, day, sign)
   WHERE f.master_id = ANY(active_ids)
   GROUP BY f.day
  HAVING sum(f.sign) <> 0
   ORDER BY f.day
  ON CONFLICT (day, stripe) DO UPDATE SET masters = c.masters + excluded.masters;
END $$;
--> statement-breakpoint
-- play_daily_by_parent's rows of a master parent: its members' plays of the day.
CREATE FUNCTION master_play_days_by_parent_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  master_ids uuid[];
  days date[];
  deltas int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.parent_id), array_agg(r.day), array_agg(r.n) INTO master_ids, days, deltas
      FROM (SELECT n.parent_id, n.day, count(*)::int AS n FROM new_rows n
              JOIN accounts a ON a.id = n.parent_id AND a.role = 'master' GROUP BY 1, 2) r;
  ELSE
    SELECT array_agg(r.parent_id), array_agg(r.day), array_agg(r.n) INTO master_ids, days, deltas
      FROM (SELECT o.parent_id, o.day, -count(*)::int AS n FROM old_rows o
              JOIN accounts a ON a.id = o.parent_id AND a.role = 'master' GROUP BY 1, 2) r;
  END IF;
  IF master_ids IS NOT NULL THEN
    PERFORM master_play_days_apply(master_ids, days, deltas);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- play_daily's rows of a master: its own plays of the day.
CREATE FUNCTION master_play_days_own_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  master_ids uuid[];
  days date[];
  deltas int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.member_id), array_agg(r.day), array_agg(r.n) INTO master_ids, days, deltas
      FROM (SELECT n.member_id, n.day, count(*)::int AS n FROM new_rows n
              JOIN accounts a ON a.id = n.member_id AND a.role = 'master' GROUP BY 1, 2) r;
  ELSE
    SELECT array_agg(r.member_id), array_agg(r.day), array_agg(r.n) INTO master_ids, days, deltas
      FROM (SELECT o.member_id, o.day, -count(*)::int AS n FROM old_rows o
              JOIN accounts a ON a.id = o.member_id AND a.role = 'master' GROUP BY 1, 2) r;
  END IF;
  IF master_ids IS NOT NULL THEN
    PERFORM master_play_days_apply(master_ids, days, deltas);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER master_play_days_insert AFTER INSERT ON play_daily_by_parent REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION master_play_days_by_parent_fold();
--> statement-breakpoint
CREATE TRIGGER master_play_days_delete AFTER DELETE ON play_daily_by_parent REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION master_play_days_by_parent_fold();
--> statement-breakpoint
CREATE TRIGGER master_play_days_own_insert AFTER INSERT ON play_daily REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION master_play_days_own_fold();
--> statement-breakpoint
CREATE TRIGGER master_play_days_own_delete AFTER DELETE ON play_daily REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION master_play_days_own_fold();
--> statement-breakpoint

-- A new active master counts; a master whose status changes leaves (or joins) the count and the
-- days it played.
CREATE FUNCTION accounts_master_status_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := CASE WHEN NEW.user_status THEN 1 ELSE -1 END;
BEGIN
  UPDATE active_master_count SET masters = masters + sign;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO played_masters_by_day AS c (day, stripe, masters)
    SELECT m.day, 4, sign FROM master_play_days m WHERE m.master_id = NEW.id AND m.rows > 0 ORDER BY m.day
    ON CONFLICT (day, stripe) DO UPDATE SET masters = c.masters + excluded.masters;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_master_count_insert AFTER INSERT ON accounts FOR EACH ROW WHEN (NEW.role = 'master' AND NEW.user_status) EXECUTE FUNCTION accounts_master_status_counts();
--> statement-breakpoint
CREATE TRIGGER accounts_master_count_status AFTER UPDATE OF user_status ON accounts FOR EACH ROW WHEN (NEW.role = 'master' AND OLD.user_status IS DISTINCT FROM NEW.user_status) EXECUTE FUNCTION accounts_master_status_counts();
--> statement-breakpoint

-- What is there already (the triggers above hold the writers back until this commits).
INSERT INTO master_play_days (master_id, day, rows)
SELECT s.master_id, s.day, sum(s.n)::int
  FROM (SELECT p.parent_id AS master_id, p.day, count(*) AS n
          FROM play_daily_by_parent p JOIN accounts a ON a.id = p.parent_id AND a.role = 'master'
         GROUP BY 1, 2
        UNION ALL
        SELECT d.member_id, d.day, count(*)
          FROM play_daily d JOIN accounts a ON a.id = d.member_id AND a.role = 'master'
         GROUP BY 1, 2) s
 GROUP BY 1, 2
 ORDER BY 2, 1;
--> statement-breakpoint
INSERT INTO played_masters_by_day (day, stripe, masters)
SELECT m.day, 0, count(*)::int
  FROM master_play_days m JOIN accounts a ON a.id = m.master_id AND a.user_status
 WHERE m.rows > 0
 GROUP BY m.day;
--> statement-breakpoint
INSERT INTO active_master_count (single, masters)
SELECT true, count(*)::int FROM accounts WHERE role = 'master' AND user_status;
--> statement-breakpoint
CREATE TRIGGER master_play_days_direct_write BEFORE INSERT OR UPDATE OR DELETE ON master_play_days FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER master_play_days_no_truncate BEFORE TRUNCATE ON master_play_days FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER played_masters_by_day_direct_write BEFORE INSERT OR UPDATE OR DELETE ON played_masters_by_day FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER played_masters_by_day_no_truncate BEFORE TRUNCATE ON played_masters_by_day FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER active_master_count_direct_write BEFORE INSERT OR UPDATE OR DELETE ON active_master_count FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER active_master_count_no_truncate BEFORE TRUNCATE ON active_master_count FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
