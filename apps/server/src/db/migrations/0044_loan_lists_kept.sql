CREATE TABLE "loan_list_totals" (
	"list" text PRIMARY KEY NOT NULL,
	"masters" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"outstanding_cents" bigint NOT NULL,
	CONSTRAINT "loan_list_totals_list" CHECK ("loan_list_totals"."list" IN ('computer', 'multiple'))
);
--> statement-breakpoint
CREATE TABLE "master_count" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"masters" integer NOT NULL,
	CONSTRAINT "master_count_single" CHECK ("master_count"."single")
);
--> statement-breakpoint
DROP INDEX "accounts_username_c_idx";--> statement-breakpoint
ALTER TABLE "loan_owed_by_master" ADD COLUMN "fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_owed_by_master" ADD COLUMN "cafes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "accounts_master_username_c_idx" ON "accounts" USING btree (lower("username" COLLATE "C")) WHERE "accounts"."role" = 'master';--> statement-breakpoint

-- The superadmin's pages of the network's lists read their counts and sums from a few kept rows,
-- at any size of network, where they counted or summed every master (decision 0026).
--
-- A cafe belongs to a master (the feed refuses any other owner): now the database says so too, so
-- that Cafe Profit's whole-network page can walk the masters' own index
-- (accounts_master_username_c_idx) in agent order instead of every account's.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM cafes cf JOIN accounts a ON a.id = cf.master_id WHERE a.role <> 'master') THEN
    RAISE EXCEPTION 'a cafe belongs to an account that is not a master: correct it before migrating';
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION cafes_owner_is_master() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = NEW.master_id AND a.role = 'master') THEN
    RAISE EXCEPTION 'a cafe belongs to a master, and % is not one', NEW.master_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cafes_owner_is_master BEFORE INSERT OR UPDATE OF master_id ON cafes FOR EACH ROW EXECUTE FUNCTION cafes_owner_is_master();
--> statement-breakpoint

-- master_count: every master, active or not (accounts are never deleted, roles never change).
CREATE FUNCTION master_count_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE master_count SET masters = masters + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER master_count_insert AFTER INSERT ON accounts FOR EACH ROW WHEN (NEW.role = 'master') EXECUTE FUNCTION master_count_fold();
--> statement-breakpoint
INSERT INTO master_count (single, masters) SELECT true, count(*)::int FROM accounts WHERE role = 'master';
--> statement-breakpoint
CREATE TRIGGER master_count_direct_write BEFORE INSERT OR UPDATE OR DELETE ON master_count FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_count_write();
--> statement-breakpoint
CREATE TRIGGER master_count_no_truncate BEFORE TRUNCATE ON master_count FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_count_write();
--> statement-breakpoint

-- loan_owed_by_master gains each master's fees and cafes, and loan_list_totals counts and sums the
-- two loan lists of the whole network: `computer`, the masters with a loan (total_cents > 0: every
-- loan comes to more than 0), and `multiple`, the masters with more than one cafe. Every change
-- goes through loan_owed_apply: it adds the statement's change to each master's row (the upsert
-- waits for any other transaction changing the same master, so the row it returns is the latest),
-- takes the row before as the row after less the change, and adds to each total the master's part
-- after less its part before. Cafes are written a few at a time (the feed's cafe events), as loans
-- and deductions are, so the totals' rows wait for nobody; they are written only when they change.
DROP FUNCTION loan_owed_apply(uuid[], bigint[], bigint[]);
--> statement-breakpoint
CREATE FUNCTION loan_owed_apply(by_agent uuid[], total_changes bigint[], fee_changes bigint[], owed_changes bigint[],
                                cafe_changes integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (SELECT u.agent_id, sum(u.total)::bigint AS total, sum(u.fee)::bigint AS fee, sum(u.owed)::bigint AS owed,
                    sum(u.cafes)::int AS cafes
               FROM unnest(by_agent, total_changes, fee_changes, owed_changes, cafe_changes) AS u(agent_id, total, fee, owed, cafes)
               JOIN accounts a ON a.id = u.agent_id AND a.role = 'master'
              GROUP BY 1
             HAVING sum(u.total) <> 0 OR sum(u.fee) <> 0 OR sum(u.owed) <> 0 OR sum(u.cafes) <> 0),
       kept AS (INSERT INTO loan_owed_by_master AS o (agent_id, total_cents, fee_cents, outstanding_cents, cafes)
                SELECT agent_id, total, fee, owed, cafes FROM d ORDER BY agent_id
                ON CONFLICT (agent_id) DO UPDATE SET total_cents = o.total_cents + excluded.total_cents,
                                                     fee_cents = o.fee_cents + excluded.fee_cents,
                                                     outstanding_cents = o.outstanding_cents + excluded.outstanding_cents,
                                                     cafes = o.cafes + excluded.cafes
                RETURNING o.agent_id, o.total_cents, o.fee_cents, o.outstanding_cents, o.cafes),
       -- Each master's row after (total, fee, owed, cafes) and before (the same less the change).
       r AS (SELECT k.total_cents AS total, k.fee_cents AS fee, k.outstanding_cents AS owed, k.cafes,
                    k.total_cents - d.total AS total0, k.fee_cents - d.fee AS fee0,
                    k.outstanding_cents - d.owed AS owed0, k.cafes - d.cafes AS cafes0
               FROM kept k JOIN d ON d.agent_id = k.agent_id),
       -- Today's open loans: the masters owing more than 0 (nothing while a master owes nothing).
       owing AS (SELECT sum((r.owed > 0)::int - (r.owed0 > 0)::int) AS masters,
                        sum(CASE WHEN r.owed > 0 THEN r.total ELSE 0 END - CASE WHEN r.owed0 > 0 THEN r.total0 ELSE 0 END) AS total,
                        sum(CASE WHEN r.owed > 0 THEN r.owed ELSE 0 END - CASE WHEN r.owed0 > 0 THEN r.owed0 ELSE 0 END) AS owed
                   FROM r),
       owing_kept AS (UPDATE loan_owed_totals t
                         SET masters = t.masters + c.masters, total_cents = t.total_cents + c.total,
                             outstanding_cents = t.outstanding_cents + c.owed
                        FROM owing c
                       WHERE c.masters <> 0 OR c.total <> 0 OR c.owed <> 0
                       RETURNING 1),
       -- The loan lists: a master is on Computer Loan with a loan, on Multiple Cybers with two cafes or more.
       lists AS (SELECT x.list, sum(x.now_in::int - x.was_in::int) AS masters,
                        sum(CASE WHEN x.now_in THEN r.total ELSE 0 END - CASE WHEN x.was_in THEN r.total0 ELSE 0 END) AS total,
                        sum(CASE WHEN x.now_in THEN r.fee ELSE 0 END - CASE WHEN x.was_in THEN r.fee0 ELSE 0 END) AS fee,
                        sum(CASE WHEN x.now_in THEN r.owed ELSE 0 END - CASE WHEN x.was_in THEN r.owed0 ELSE 0 END) AS owed
                   FROM r CROSS JOIN LATERAL (VALUES ('computer', r.total > 0, r.total0 > 0),
                                                     ('multiple', r.cafes > 1, r.cafes0 > 1)) AS x(list, now_in, was_in)
                  GROUP BY x.list)
  UPDATE loan_list_totals t
     SET masters = t.masters + c.masters, total_cents = t.total_cents + c.total, fee_cents = t.fee_cents + c.fee,
         outstanding_cents = t.outstanding_cents + c.owed
    FROM lists c
   WHERE t.list = c.list AND (c.masters <> 0 OR c.total <> 0 OR c.fee <> 0 OR c.owed <> 0);
END $$;
--> statement-breakpoint
-- As 0040's, with each loan's fee: added for each row after the statement, taken away for each row before it.
CREATE OR REPLACE FUNCTION loan_owed_loans_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  agent_ids uuid[];
  totals bigint[];
  fees bigint[];
  owed bigint[];
BEGIN
  -- Each branch names only the transition tables its trigger has.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.agent_id), array_agg(r.total), array_agg(r.fee), array_agg(r.total - r.deducted)
      INTO agent_ids, totals, fees, owed
      FROM (SELECT n.agent_id, n.principal_cents + n.processing_fee_cents AS total, n.processing_fee_cents AS fee,
                   coalesce((SELECT sum(d.amount_cents) FROM loan_deductions d WHERE d.loan_id = n.id), 0) AS deducted
              FROM new_rows n) r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.agent_id), array_agg(-r.total), array_agg(-r.fee), array_agg(r.deducted - r.total)
      INTO agent_ids, totals, fees, owed
      FROM (SELECT o.agent_id, o.principal_cents + o.processing_fee_cents AS total, o.processing_fee_cents AS fee,
                   coalesce((SELECT sum(d.amount_cents) FROM loan_deductions d WHERE d.loan_id = o.id), 0) AS deducted
              FROM old_rows o) r;
  ELSE
    SELECT array_agg(r.agent_id), array_agg(r.sign * r.total), array_agg(r.sign * r.fee), array_agg(r.sign * (r.total - r.deducted))
      INTO agent_ids, totals, fees, owed
      FROM (SELECT 1 AS sign, n.agent_id, n.principal_cents + n.processing_fee_cents AS total, n.processing_fee_cents AS fee,
                   coalesce((SELECT sum(d.amount_cents) FROM loan_deductions d WHERE d.loan_id = n.id), 0) AS deducted
              FROM new_rows n
            UNION ALL
            SELECT -1, o.agent_id, o.principal_cents + o.processing_fee_cents, o.processing_fee_cents,
                   coalesce((SELECT sum(d.amount_cents) FROM loan_deductions d WHERE d.loan_id = o.id), 0)
              FROM old_rows o) r;
  END IF;
  IF agent_ids IS NOT NULL THEN
    PERFORM loan_owed_apply(agent_ids, totals, fees, owed, array_fill(0, ARRAY[cardinality(agent_ids)]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_owed_deductions_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  agent_ids uuid[];
  owed bigint[];
  zeros bigint[];
BEGIN
  SELECT array_agg(l.agent_id), array_agg(-n.amount_cents), array_agg(0::bigint) INTO agent_ids, owed, zeros
    FROM new_rows n JOIN loans l ON l.id = n.loan_id;
  IF agent_ids IS NOT NULL THEN
    PERFORM loan_owed_apply(agent_ids, zeros, zeros, owed, zeros::integer[]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A cafe counts for its master: one more for each new cafe, and a cafe changing hands moves from
-- its old master to its new one (cafes are never deleted).
CREATE FUNCTION loan_owed_cafes_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  agent_ids uuid[];
  changes integer[];
  zeros bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.master_id), array_agg(1), array_agg(0::bigint) INTO agent_ids, changes, zeros FROM new_rows n;
  ELSE
    SELECT array_agg(m.master_id), array_agg(m.change), array_agg(0::bigint) INTO agent_ids, changes, zeros
      FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.master_id <> n.master_id
      CROSS JOIN LATERAL (VALUES (n.master_id, 1), (o.master_id, -1)) AS m(master_id, change);
  END IF;
  IF agent_ids IS NOT NULL THEN
    PERFORM loan_owed_apply(agent_ids, zeros, zeros, zeros, changes);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- UPDATE OF master_id cannot carry transition tables: the function keeps the rows whose master changed.
CREATE TRIGGER loan_owed_cafes_insert AFTER INSERT ON cafes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loan_owed_cafes_fold();
--> statement-breakpoint
CREATE TRIGGER loan_owed_cafes_update AFTER UPDATE ON cafes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loan_owed_cafes_fold();
--> statement-breakpoint

-- What is there already (the triggers above hold the writers back until this commits).
ALTER TABLE loan_owed_by_master DISABLE TRIGGER loan_owed_by_master_direct_write;
--> statement-breakpoint
INSERT INTO loan_owed_by_master AS o (agent_id, total_cents, fee_cents, outstanding_cents, cafes)
SELECT a.id, 0, coalesce(f.cents, 0), 0, coalesce(c.cafes, 0)
  FROM accounts a
  LEFT JOIN (SELECT l.agent_id, sum(l.processing_fee_cents)::bigint AS cents FROM loans l GROUP BY 1) f ON f.agent_id = a.id
  LEFT JOIN (SELECT cf.master_id, count(*)::int AS cafes FROM cafes cf GROUP BY 1) c ON c.master_id = a.id
 WHERE a.role = 'master' AND (f.cents IS NOT NULL OR c.cafes IS NOT NULL)
 ORDER BY a.id
ON CONFLICT (agent_id) DO UPDATE SET fee_cents = excluded.fee_cents, cafes = excluded.cafes;
--> statement-breakpoint
ALTER TABLE loan_owed_by_master ENABLE TRIGGER loan_owed_by_master_direct_write;
--> statement-breakpoint
INSERT INTO loan_list_totals (list, masters, total_cents, fee_cents, outstanding_cents)
SELECT x.list, count(o.agent_id)::int, coalesce(sum(o.total_cents), 0)::bigint, coalesce(sum(o.fee_cents), 0)::bigint,
       coalesce(sum(o.outstanding_cents), 0)::bigint
  FROM (VALUES ('computer'), ('multiple')) AS x(list)
  LEFT JOIN loan_owed_by_master o ON CASE x.list WHEN 'computer' THEN o.total_cents > 0 ELSE o.cafes > 1 END
 GROUP BY x.list;
--> statement-breakpoint
CREATE TRIGGER loan_list_totals_direct_write BEFORE INSERT OR UPDATE OR DELETE ON loan_list_totals FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_kept_write();
--> statement-breakpoint
CREATE TRIGGER loan_list_totals_no_truncate BEFORE TRUNCATE ON loan_list_totals FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_kept_write();
