import { isRole, ROLES, type Role } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryPreparedRows, queryRows } from '../../db/client.js';
import { notFound } from '../../lib/http-error.js';
import { type DbCents, readCents } from '../../lib/money.js';
import type { AccountName, AccountNameRow } from './account-name.js';

/**
 * Account look-ups by id or username, with the scope rule: the scope guard, sign-in, the network
 * reports and the subject picker find accounts here (the hierarchy and scope rule: docs/domain.md,
 * "Accounts and the hierarchy"). Modules that write accounts, or join them inside their own SQL,
 * touch the table themselves (CONTRIBUTING.md, "Rules the code relies on"). Rows are as stored:
 * the wallet in hundredths, the name in its two parts; each report's present.ts shapes them.
 */

export interface AccountRecord extends AccountName {
  parentId: string | null;
  address: string;
  /** Profit share, percent (two decimals). */
  commission: number;
  userStatus: boolean;
  walletBalanceCents: bigint;
}

interface AccountSqlRow extends AccountNameRow {
  parent_id: string | null;
  address: string;
  commission: string | number;
  user_status: boolean;
  wallet_balance_cents: DbCents;
}

/** The columns of an AccountRecord, from `accounts a`. */
const ACCOUNT_COLUMNS = sql`a.id, a.username, a.role::text AS role, a.first_name, a.last_name, a.parent_id, a.address,
  a.commission::text AS commission, a.user_status, a.wallet_balance_cents`;

/** Field by field: spreading accountNameOf's object into each record cost several times more over a whole list. */
function toRecord(r: AccountSqlRow): AccountRecord {
  return {
    id: r.id,
    username: r.username,
    firstName: r.first_name,
    lastName: r.last_name,
    role: r.role,
    parentId: r.parent_id,
    address: r.address,
    commission: Number(r.commission),
    userStatus: r.user_status,
    walletBalanceCents: readCents(r.wallet_balance_cents),
  };
}

async function records(db: Queryable, query: SQL): Promise<AccountRecord[]> {
  return (await queryRows<AccountSqlRow>(db, query)).map(toRecord);
}

/** One account by `_id` (the house included); null when there is none. */
export async function findAccount(db: Queryable, id: string): Promise<AccountRecord | null> {
  const [row] = await records(db, sql`SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE a.id = ${id}::uuid`);
  return row ?? null;
}

/** The account a report is about; 404 when it does not exist. */
export async function requireAccount(db: Queryable, id: string): Promise<AccountRecord> {
  const account = await findAccount(db, id);
  if (!account) throw notFound('Account not found');
  return account;
}

/** How the scope guard names an account: by `_id` (a uuid) or by username, ignoring case. */
export type AccountKey = { id: string } | { username: string };

/**
 * Whether `viewerId` may see the account `a` at all: one in its subtree (itself included) or one of
 * its ancestors. Two indexed probes of the closure table.
 */
const visibleTo = (viewerId: string) =>
  sql`(EXISTS (SELECT 1 FROM account_closure v WHERE v.ancestor_id = ${viewerId}::uuid AND v.descendant_id = a.id)
       OR EXISTS (SELECT 1 FROM account_closure v WHERE v.ancestor_id = a.id AND v.descendant_id = ${viewerId}::uuid))`;

/**
 * An account (never the house) by `_id` or username, whether it is in the subtree of `rootId`
 * (itself included), and whether `viewerId` (by default the root) may see it at all (visibleTo).
 * Null when there is none.
 */
export async function findAccountInScope(
  db: Queryable,
  rootId: string,
  key: AccountKey,
  viewerId: string = rootId,
): Promise<{ account: AccountRecord; inScope: boolean; visible: boolean } | null> {
  const match = 'id' in key ? sql`a.id = ${key.id}::uuid` : sql`lower(a.username) = lower(${key.username})`;
  const [row] = await queryPreparedRows<AccountSqlRow & { in_scope: boolean; visible: boolean }>(
    db,
    sql`SELECT ${ACCOUNT_COLUMNS},
               EXISTS (SELECT 1 FROM account_closure c WHERE c.ancestor_id = ${rootId}::uuid AND c.descendant_id = a.id) AS in_scope,
               ${visibleTo(viewerId)} AS visible
          FROM accounts a
         WHERE ${match} AND a.role <> 'house'`,
  );
  return row ? { account: toRecord(row), inScope: row.in_scope, visible: row.visible } : null;
}

/**
 * Whether `viewerId` may name this username (ignoring case) as a transfer's other side: an account
 * it may see (visibleTo), or the house, which is on one side of every Type G transfer.
 */
export async function counterpartyVisible(db: Queryable, viewerId: string, username: string): Promise<boolean> {
  const [row] = await queryPreparedRows<{ visible: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM accounts a
                        WHERE lower(a.username) = lower(${username}) AND (a.role = 'house' OR ${visibleTo(viewerId)})) AS visible`,
  );
  return row?.visible === true;
}

/** The accounts that `rows` gives (a query of rows of accounts, read as `a`), in `orderBy`. */
export async function accountsOf(db: Queryable, rows: SQL, orderBy: SQL): Promise<AccountRecord[]> {
  return records(db, sql`SELECT ${ACCOUNT_COLUMNS} FROM (${rows}) a ORDER BY ${orderBy}`);
}

/** The accounts directly below `parentId`, by username. */
export async function directChildren(db: Queryable, parentId: string): Promise<AccountRecord[]> {
  return records(
    db,
    sql`SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE a.parent_id = ${parentId}::uuid ORDER BY lower(a.username)`,
  );
}

/** The chain from `rootId` down to `id` (both included), top first. `id` must be in root's subtree. */
export async function pathFrom(db: Queryable, rootId: string, id: string): Promise<{ id: string; username: string }[]> {
  return queryRows<{ id: string; username: string }>(
    db,
    sql`SELECT a.id, a.username
          FROM account_closure up
          JOIN account_closure down ON down.ancestor_id = ${rootId}::uuid AND down.descendant_id = up.ancestor_id
          JOIN accounts a ON a.id = up.ancestor_id
         WHERE up.descendant_id = ${id}::uuid
         ORDER BY up.depth DESC`,
  );
}

/**
 * Accounts in the subtree of `rootId` whose username or full name contains `text` (ignoring case),
 * for the account picker; only those of `roles` when given. An exact username comes first, then
 * the nearest to the root, then by username.
 *
 * The superadmin's subtree is every account but the house: its search does not walk the closure
 * but reads each role apart (docs/decisions/0019-account-search-indexes.md, migration 0032): the
 * role's first 50 accounts in the answer's order (depth, then username), and when fewer than
 * `limit` of them match and the role has more, the role's matches through the trigram indexes,
 * which hold the role too, so that a text only another role contains costs nothing here. Any
 * other root walks its subtree in the closure, as large as that subtree.
 */
export async function searchAccounts(
  db: Queryable,
  rootId: string,
  text: string,
  limit: number,
  roles?: readonly string[],
): Promise<AccountRecord[]> {
  const q = text.toLowerCase();
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const [root] = await queryRows<{ role: string }>(db, sql`SELECT role::text AS role FROM accounts WHERE id = ${rootId}::uuid`);
  if (root?.role === 'superadmin') return searchWholeNetwork(db, q, pattern, limit, roles);
  const ofRoles = roles ? sql`AND a.role::text = ANY (string_to_array(${roles.join(',')}, ','))` : sql``;
  return records(
    db,
    sql`SELECT ${ACCOUNT_COLUMNS}
          FROM account_closure c JOIN accounts a ON a.id = c.descendant_id
         WHERE c.ancestor_id = ${rootId}::uuid
           AND (lower(a.username) LIKE ${pattern} OR lower(a.first_name || ' ' || a.last_name) LIKE ${pattern})
           ${ofRoles}
         ORDER BY (lower(a.username) = ${q}) DESC, c.depth, lower(a.username)
         LIMIT ${limit}`,
  );
}

/**
 * searchAccounts for the superadmin: every account but the house, in the same order. The exact
 * username is one probe of its unique index; the other matches come role by role from
 * account_search_whole_network (migration 0032).
 */
async function searchWholeNetwork(
  db: Queryable,
  q: string,
  pattern: string,
  limit: number,
  roles: readonly string[] | undefined,
): Promise<AccountRecord[]> {
  const wanted = ROLES.filter((role) => !roles || roles.includes(role));
  if (wanted.length === 0) return [];
  const wantedSql = sql`string_to_array(${wanted.join(',')}, ',')`;
  return records(
    db,
    sql`SELECT ${ACCOUNT_COLUMNS}
          FROM (SELECT a.* FROM unnest(account_search_whole_network(${q}, ${pattern}, ${wantedSql}, ${limit}::int)) f(id)
                  JOIN accounts a ON a.id = f.id
                UNION ALL
                SELECT a.* FROM accounts a WHERE lower(a.username) = ${q} AND a.role::text = ANY (${wantedSql})) a
         ORDER BY (lower(a.username) = ${q}) DESC, a.depth, lower(a.username)
         LIMIT ${limit}`,
  );
}

/** What sign-in needs of an account. */
export interface SignInAccount {
  id: string;
  username: string;
  /** Null for an account nobody may sign in as. */
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  role: Role;
  userStatus: boolean;
  /** Blocked by a manager (docs/domain.md, "Access"): no sign-in whatever the password. */
  blocked: boolean;
}

/** A sign-in candidate: matched case-insensitively on the trimmed username; never the house. */
export async function findSignInAccount(db: Queryable, username: string): Promise<SignInAccount | null> {
  const [row] = await queryRows<{
    id: string;
    username: string;
    password_hash: string | null;
    first_name: string;
    last_name: string;
    role: string;
    user_status: boolean;
    blocked: boolean;
  }>(
    db,
    sql`SELECT a.id, a.username, a.password_hash, a.first_name, a.last_name, a.role::text AS role, a.user_status,
               a.blocked_at IS NOT NULL AS blocked
          FROM accounts a
         WHERE lower(a.username) = lower(${username.trim()}) AND a.role <> 'house'
         LIMIT 1`,
  );
  if (!row || !isRole(row.role)) return null;
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.password_hash,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    userStatus: row.user_status,
    blocked: row.blocked,
  };
}
