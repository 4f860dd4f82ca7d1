-- Today's masters with no play for the whole network, once few are idle (docs/domain.md,
-- "Insight"; decision 0030): their first rows read as many index entries as there are idle masters,
-- instead of every master played that day (0039).
--
-- master_last_play: for each master, the latest day its master_play_days count is above 0
-- ('-infinity' before its first play) and whether it is active (accounts.user_status). On a day D
-- that no active master has played past (Today's day, every hour of it), the active masters whose
-- last day is before D are exactly those with no play on D; the partial index holds them in that
-- order. The reader checks the condition (the index's last entry) and otherwise reads as before.
--
-- Kept in master_play_days_apply where a master's day turns from none to some rows or back: the
-- flipped masters' accounts are read FOR SHARE (as before, and before their rows here, as the status
-- trigger takes the account and then its row), their master_last_play rows locked in id order, and
-- only then their last day read again from master_play_days. Locked first, the read sees what any
-- batch that flipped the same master before it committed; a batch after it waits and reads again.
-- So two batches, one raising a master's last day and one voiding its last day's plays, stay right.
-- A master's first play of the day flips it once: one row per master and day, never a hot row.
-- New masters get their row from the accounts' insert; a change of status sets `active`. Never
-- written directly (0006).

CREATE TABLE "master_last_play" (
	"master_id" uuid PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"last_day" date DEFAULT '-infinity'::date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "master_last_play_active_day_idx" ON "master_last_play" USING btree ("last_day") WHERE "master_last_play"."active";

--> statement-breakpoint
CREATE OR REPLACE FUNCTION master_play_days_apply(master_ids uuid[], days date[], deltas int[]) RETURNS void LANGUAGE plpgsql AS $$
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
  -- FOR SHARE: a change of the masters' status waits for this transaction (0039).
  SELECT array_agg(s.id) FILTER (WHERE s.user_status) INTO active_ids
    FROM (SELECT a.id, a.user_status FROM accounts a WHERE a.id = ANY(flip_ids) ORDER BY a.id FOR SHARE) s;
  -- Locked, then read again in the next statement (a new snapshot): see above.
  PERFORM 1 FROM master_last_play l WHERE l.master_id = ANY(flip_ids) ORDER BY l.master_id FOR UPDATE;
  UPDATE master_last_play l
     SET last_day = coalesce((SELECT max(m.day) FROM master_play_days m WHERE m.master_id = l.master_id AND m.rows > 0),
                             '-infinity'::date)
   WHERE l.master_id = ANY(flip_ids);
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
CREATE OR REPLACE FUNCTION accounts_master_status_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := CASE WHEN NEW.user_status THEN 1 ELSE -1 END;
BEGIN
  UPDATE active_master_count SET masters = masters + sign;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO played_masters_by_day AS c (day, stripe, masters)
    SELECT m.day, 4, sign FROM master_play_days m WHERE m.master_id = NEW.id AND m.rows > 0 ORDER BY m.day
    ON CONFLICT (day, stripe) DO UPDATE SET masters = c.masters + excluded.masters;
    UPDATE master_last_play SET active = NEW.user_status WHERE master_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every new master, active or not, has its row from the start (it has played on no day).
CREATE FUNCTION accounts_master_last_play_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO master_last_play (master_id, active) VALUES (NEW.id, NEW.user_status);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_master_last_play_insert AFTER INSERT ON accounts FOR EACH ROW WHEN (NEW.role = 'master') EXECUTE FUNCTION accounts_master_last_play_row();
--> statement-breakpoint

-- What is there already (the triggers above hold the writers back until this commits).
INSERT INTO master_last_play (master_id, active, last_day)
SELECT a.id, a.user_status,
       coalesce((SELECT max(m.day) FROM master_play_days m WHERE m.master_id = a.id AND m.rows > 0), '-infinity'::date)
  FROM accounts a
 WHERE a.role = 'master'
 ORDER BY a.id;
--> statement-breakpoint
CREATE TRIGGER master_last_play_direct_write BEFORE INSERT OR UPDATE OR DELETE ON master_last_play FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER master_last_play_no_truncate BEFORE TRUNCATE ON master_last_play FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
