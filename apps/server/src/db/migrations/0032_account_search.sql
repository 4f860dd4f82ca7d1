-- The account search (searchAccounts in modules/accounts/repository.ts) at the same cost on any
-- size of network (docs/decisions/0019-account-search-indexes.md). It finds the accounts whose
-- username or full name contains a text, ignoring case, an exact username first, then the
-- nearest to the root, then by username, and keeps the first few. For the superadmin (whose
-- subtree is every account but the house) it no longer walks the closure but reads each role
-- apart:
--   * the role's first accounts in the answer's order, (role, depth, lower(username)): a text that
--     many of them contain is answered there;
--   * otherwise the role's matches through trigram indexes that hold the role as well (btree_gin
--     puts the role beside the trigrams), so that the role and the text are matched inside the
--     index: a text that only accounts of another role contain ('mas', every master's username,
--     among the players) finds nothing without reading those accounts.
--
-- accounts.depth: how many levels the account is below the top of its tree (the superadmin and
-- the house 0). Within any subtree the closure's depth is the account's depth less the root's, so
-- ordering by it orders as the closure does. It is kept by triggers only: set from the parent's
-- on insert, set again for the whole subtree when an account moves, never written directly.
--
-- pg_trgm and btree_gin are trusted extensions on PostgreSQL (the database's owner may create
-- them); the embedded database loads them when it opens (db/client.ts, PGLITE_EXTENSIONS).

CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "depth" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE accounts a SET depth = c.depth
  FROM (SELECT descendant_id, max(depth) AS depth FROM account_closure GROUP BY descendant_id) c
 WHERE a.id = c.descendant_id AND c.depth <> 0;
--> statement-breakpoint
CREATE INDEX "accounts_search_order_idx" ON "accounts" USING btree ("role", "depth", lower("username"));
--> statement-breakpoint
CREATE INDEX "accounts_username_trgm_idx" ON "accounts" USING gin ("role", lower("username") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "accounts_name_trgm_idx" ON "accounts" USING gin ("role", lower("first_name" || ' ' || "last_name") gin_trgm_ops);
--> statement-breakpoint

-- The superadmin's matches, role by role, as searchAccounts orders them (without the exact
-- username, which it finds itself): for each role of `wanted`, the first 50 accounts in the
-- answer's order that match, or, when fewer than `n` of them do and the role has more, the role's
-- first `n` matches through the trigram indexes. A function so that its statements are planned
-- once per connection: the same statements sent as one query cost more to plan than to run.
CREATE FUNCTION account_search_whole_network(q text, pattern text, wanted text[], n int) RETURNS uuid[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  walk CONSTANT int := 50;
  r role;
  found uuid[];
  result uuid[] := '{}';
BEGIN
  FOREACH r IN ARRAY wanted::role[] LOOP
    found := ARRAY(
      SELECT s.id
        FROM (SELECT a.id, a.username, a.first_name, a.last_name, a.depth FROM accounts a
               WHERE a.role = r ORDER BY a.depth, lower(a.username) LIMIT walk) s
       WHERE (lower(s.username) LIKE pattern OR lower(s.first_name || ' ' || s.last_name) LIKE pattern)
         AND lower(s.username) <> q
       ORDER BY s.depth, lower(s.username)
       LIMIT n);
    IF cardinality(found) < n
       AND (SELECT count(*) FROM (SELECT 1 FROM accounts a WHERE a.role = r LIMIT walk + 1) x) > walk THEN
      -- Sorted apart (depth + 0): the role's accounts in order are what the walk read already.
      found := ARRAY(
        SELECT a.id FROM accounts a
         WHERE a.role = r AND (lower(a.username) LIKE pattern OR lower(a.first_name || ' ' || a.last_name) LIKE pattern)
           AND lower(a.username) <> q
         ORDER BY a.depth + 0, lower(a.username)
         LIMIT n);
    END IF;
    result := result || found;
  END LOOP;
  RETURN result;
END $$;
--> statement-breakpoint

-- A new account is one level below its parent (accounts_before_insert has checked the parent).
CREATE FUNCTION accounts_depth_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.depth := coalesce((SELECT p.depth + 1 FROM accounts p WHERE p.id = NEW.parent_id), 0);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_depth_on_insert BEFORE INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION accounts_depth_on_insert();
--> statement-breakpoint

-- A move (accounts_after_move) takes the whole subtree along: each account of it is as far below
-- the moved one as before (the closure rows under the moved account do not change).
CREATE FUNCTION accounts_depth_after_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts a SET depth = p.depth + 1 + c.depth
    FROM account_closure c, accounts p
   WHERE c.ancestor_id = NEW.id AND a.id = c.descendant_id AND p.id = NEW.parent_id
     AND a.depth <> p.depth + 1 + c.depth;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_depth_after_move AFTER UPDATE OF parent_id ON accounts FOR EACH ROW
  WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id) EXECUTE FUNCTION accounts_depth_after_move();
--> statement-breakpoint

-- Only the triggers above write depth: a statement of its own that changes it is refused.
CREATE FUNCTION accounts_depth_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'accounts.depth is kept by the hierarchy''s triggers' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_depth_kept BEFORE UPDATE OF depth ON accounts FOR EACH ROW
  WHEN (OLD.depth IS DISTINCT FROM NEW.depth) EXECUTE FUNCTION accounts_depth_kept();
