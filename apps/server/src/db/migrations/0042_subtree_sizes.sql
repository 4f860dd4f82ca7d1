-- subtree_sizes: how many accounts each account has strictly below it (schema comment), for the
-- Accounts screen's count without filters, which counted the closure's rows of the manager (every
-- account of the network for the superadmin: 10 ms on the xlarge network, x2.7 the large one).
-- Statement-level triggers on account_closure add the rows of depth 1 and more that each
-- statement inserts and take away those it deletes, per ancestor, in the same transaction: a new
-- account adds one to each account above it, a move takes its subtree from the old ancestors and
-- gives it to the new ones (the closure's rows are deleted and inserted, never updated). The house
-- has no parent, so it is below no one. Account changes are few (admin actions), so the rows at
-- the top wait for no one. Never written directly.

CREATE TABLE "subtree_sizes" (
	"ancestor_id" uuid PRIMARY KEY NOT NULL,
	"accounts" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION subtree_sizes_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO subtree_sizes AS s (ancestor_id, accounts)
    SELECT n.ancestor_id, count(*)::int FROM new_rows n WHERE n.depth > 0 GROUP BY 1 ORDER BY 1
    ON CONFLICT (ancestor_id) DO UPDATE SET accounts = s.accounts + excluded.accounts;
  ELSE
    INSERT INTO subtree_sizes AS s (ancestor_id, accounts)
    SELECT o.ancestor_id, -count(*)::int FROM old_rows o WHERE o.depth > 0 GROUP BY 1 ORDER BY 1
    ON CONFLICT (ancestor_id) DO UPDATE SET accounts = s.accounts + excluded.accounts;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION refuse_direct_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION '% is kept by the triggers of the table it counts and cannot be written directly', TG_TABLE_NAME
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subtree_sizes_insert AFTER INSERT ON account_closure REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subtree_sizes_fold();
--> statement-breakpoint
CREATE TRIGGER subtree_sizes_delete AFTER DELETE ON account_closure REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subtree_sizes_fold();
--> statement-breakpoint
-- What is there already (the triggers above hold the closure's writers back until this commits).
INSERT INTO subtree_sizes (ancestor_id, accounts)
SELECT ancestor_id, count(*)::int FROM account_closure WHERE depth > 0 GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER subtree_sizes_direct_write BEFORE INSERT OR UPDATE OR DELETE ON subtree_sizes FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_count_write();
--> statement-breakpoint
CREATE TRIGGER subtree_sizes_no_truncate BEFORE TRUNCATE ON subtree_sizes FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_count_write();
