-- Today's open loans for the whole network (docs/domain.md, "Insight") read a few rows at any
-- size: what each master owes is kept as loans and deductions are written, and the masters that
-- still owe are counted and summed in one row.
--
-- loan_owed_by_master: per master (the agent of its loans), the principal and fee of every loan
-- (the loan formula of modules/loans/loan-owed.ts) and that less every deduction taken.
-- Statement-level triggers on loans (any change: a loan's row added, taken away or changed, with
-- the deductions it has) and on loan_deductions (added only: 0016 refuses the rest) add each
-- statement's change per master in the same transaction, and from the rows before and after
-- (the upsert returns the after; the before is the after less the change) the change of
-- loan_owed_totals: how many masters owe more than 0 and their sums. Only masters' loans count,
-- as Computer Loan counts them (roles never change). Loans and deductions are written a few at a
-- time (a loan issued, a week's closing), so the single row of totals waits for nobody.
-- Never written directly (0006).

CREATE TABLE "loan_owed_by_master" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"total_cents" bigint NOT NULL,
	"outstanding_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_owed_totals" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"masters" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"outstanding_cents" bigint NOT NULL,
	CONSTRAINT "loan_owed_totals_single" CHECK ("loan_owed_totals"."single")
);
--> statement-breakpoint
CREATE INDEX "loan_owed_by_master_owing_idx" ON "loan_owed_by_master" USING btree ("outstanding_cents") WHERE "loan_owed_by_master"."outstanding_cents" > 0;
--> statement-breakpoint

CREATE FUNCTION loan_owed_apply(by_agent uuid[], total_changes bigint[], owed_changes bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (SELECT u.agent_id, sum(u.total)::bigint AS total, sum(u.owed)::bigint AS owed
               FROM unnest(by_agent, total_changes, owed_changes) AS u(agent_id, total, owed)
               JOIN accounts a ON a.id = u.agent_id AND a.role = 'master'
              GROUP BY 1
             HAVING sum(u.total) <> 0 OR sum(u.owed) <> 0),
       kept AS (INSERT INTO loan_owed_by_master AS o (agent_id, total_cents, outstanding_cents)
                SELECT agent_id, total, owed FROM d ORDER BY agent_id
                ON CONFLICT (agent_id) DO UPDATE SET total_cents = o.total_cents + excluded.total_cents,
                                                     outstanding_cents = o.outstanding_cents + excluded.outstanding_cents
                RETURNING o.agent_id, o.total_cents, o.outstanding_cents),
       -- Each master's part of the totals after, less its part before (nothing while it owes nothing).
       change AS (SELECT sum((k.outstanding_cents > 0)::int - (k.outstanding_cents - d.owed > 0)::int) AS masters,
                         sum(CASE WHEN k.outstanding_cents > 0 THEN k.total_cents ELSE 0 END
                             - CASE WHEN k.outstanding_cents - d.owed > 0 THEN k.total_cents - d.total ELSE 0 END) AS total,
                         sum(CASE WHEN k.outstanding_cents > 0 THEN k.outstanding_cents ELSE 0 END
                             - CASE WHEN k.outstanding_cents - d.owed > 0 THEN k.outstanding_cents - d.owed ELSE 0 END) AS owed
                    FROM kept k JOIN d ON d.agent_id = k.agent_id)
  UPDATE loan_owed_totals t
     SET masters = t.masters + c.masters, total_cents = t.total_cents + c.total, outstanding_cents = t.outstanding_cents + c.owed
    FROM change c
   WHERE c.masters IS NOT NULL;
END $$;
--> statement-breakpoint
-- A loan counts its principal and fee, and owes that less its deductions: added for each row
-- after the statement, taken away for each row before it.
CREATE FUNCTION loan_owed_loans_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  agent_ids uuid[];
  totals bigint[];
  owed bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.agent_id), array_agg(r.total), array_agg(r.total - r.deducted) INTO agent_ids, totals, owed
      FROM (SELECT n.agent_id, n.principal_cents + n.processing_fee_cents AS total,
                   coalesce((SELECT sum(d.amount_cents) FROM loan_deductions d WHERE d.loan_id = n.id), 0) AS deducted
              FROM new_rows n) r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.agent_id), array_agg(-r.total), array_agg(r.deducted - r.total) INTO agent_ids, totals, owed
      FROM (SELECT o.agent_id, o.principal_cents + o.processing_fee_cents AS total,
                   coalesce((SELECT sum(d.amount_cents) FROM loan_deductions d WHERE d.loan_id = o.id), 0) AS deducted
              FROM old_rows o) r;
  ELSE
    SELECT array_agg(r.agent_id), array_agg(r.sign * r.total), array_agg(r.sign * (r.total - r.deducted)) INTO agent_ids, totals, owed
      FROM (SELECT 1 AS sign, n.agent_id, n.principal_cents + n.processing_fee_cents AS total,
                   coalesce((SELECT sum(d.amount_cents) FROM loan_deductions d WHERE d.loan_id = n.id), 0) AS deducted
              FROM new_rows n
            UNION ALL
            SELECT -1, o.agent_id, o.principal_cents + o.processing_fee_cents,
                   coalesce((SELECT sum(d.amount_cents) FROM loan_deductions d WHERE d.loan_id = o.id), 0)
              FROM old_rows o) r;
  END IF;
  IF agent_ids IS NOT NULL THEN
    PERFORM loan_owed_apply(agent_ids, totals, owed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION loan_owed_deductions_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  agent_ids uuid[];
  totals bigint[];
  owed bigint[];
BEGIN
  SELECT array_agg(l.agent_id), array_agg(0::bigint), array_agg(-n.amount_cents) INTO agent_ids, totals, owed
    FROM new_rows n JOIN loans l ON l.id = n.loan_id;
  IF agent_ids IS NOT NULL THEN
    PERFORM loan_owed_apply(agent_ids, totals, owed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loan_owed_insert AFTER INSERT ON loans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loan_owed_loans_fold();
--> statement-breakpoint
CREATE TRIGGER loan_owed_update AFTER UPDATE ON loans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loan_owed_loans_fold();
--> statement-breakpoint
CREATE TRIGGER loan_owed_delete AFTER DELETE ON loans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION loan_owed_loans_fold();
--> statement-breakpoint
CREATE TRIGGER loan_owed_insert AFTER INSERT ON loan_deductions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loan_owed_deductions_fold();
--> statement-breakpoint

-- What is there already (the triggers above hold the writers back until this commits).
INSERT INTO loan_owed_by_master (agent_id, total_cents, outstanding_cents)
SELECT l.agent_id, sum(l.principal_cents + l.processing_fee_cents)::bigint,
       sum(l.principal_cents + l.processing_fee_cents - coalesce(paid.cents, 0))::bigint
  FROM loans l
  JOIN accounts a ON a.id = l.agent_id AND a.role = 'master'
  LEFT JOIN LATERAL (SELECT sum(d.amount_cents) AS cents FROM loan_deductions d WHERE d.loan_id = l.id) paid ON true
 GROUP BY l.agent_id;
--> statement-breakpoint
INSERT INTO loan_owed_totals (single, masters, total_cents, outstanding_cents)
SELECT true, count(*) FILTER (WHERE outstanding_cents > 0)::int,
       coalesce(sum(total_cents) FILTER (WHERE outstanding_cents > 0), 0)::bigint,
       coalesce(sum(outstanding_cents) FILTER (WHERE outstanding_cents > 0), 0)::bigint
  FROM loan_owed_by_master;
--> statement-breakpoint
CREATE TRIGGER loan_owed_by_master_direct_write BEFORE INSERT OR UPDATE OR DELETE ON loan_owed_by_master FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER loan_owed_by_master_no_truncate BEFORE TRUNCATE ON loan_owed_by_master FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER loan_owed_totals_direct_write BEFORE INSERT OR UPDATE OR DELETE ON loan_owed_totals FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER loan_owed_totals_no_truncate BEFORE TRUNCATE ON loan_owed_totals FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
