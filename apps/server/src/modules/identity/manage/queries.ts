import type { AccessState, AccountsQuery, Role } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../../db/client.js';
import { definite } from '../../../lib/definite.js';
import { notFound } from '../../../lib/http-error.js';
import { findSignInAccount } from '../../accounts/repository.js';

/**
 * What a manager's calls and the `accounts` command read. The Accounts screen (docs/domain.md,
 * "Access"): the accounts strictly below a manager (one indexed look-up of the closure table),
 * each with its access state, filtered, sorted and paged in SQL.
 */

/** Whether account `a`'s two-step is on: set up and confirmed (a set-up still waiting for its first code is not). */
const twoStepOn = sql`EXISTS (SELECT 1 FROM two_step t WHERE t.account_id = a.id AND t.confirmed_at IS NOT NULL)`;

/**
 * The access state of account `a` at `now`, first match wins: the platform's `active` first, then
 * the manager's block, then a live link, then whether it has a password.
 */
const stateOf = (now: Date) => sql`CASE
  WHEN NOT a.user_status THEN 'inactive'
  WHEN a.blocked_at IS NOT NULL THEN 'blocked'
  WHEN EXISTS (SELECT 1 FROM sign_in_links l
                WHERE l.account_id = a.id AND l.used_at IS NULL AND l.revoked_at IS NULL AND l.expires_at > ${now}) THEN 'linkSent'
  WHEN a.password_hash IS NULL THEN 'noPassword'
  ELSE 'active' END`;

export type AccountFilters = Pick<AccountsQuery, 'role' | 'state' | 'q'>;

/** Sort expressions by column at `now`; ties go by username. */
const sortOf = (sort: AccountsQuery['sort'], now: Date): SQL =>
  ({
    username: sql`lower(a.username)`,
    name: sql`lower(a.first_name || ' ' || a.last_name)`,
    role: sql`a.role`,
    parent: sql`lower(p.username)`,
    state: stateOf(now),
    twoStep: twoStepOn,
    lastSignIn: sql`a.last_sign_in_at`,
  })[sort];

/** The accounts below the manager that the filters keep at `now` (aliases: c closure, a account). */
function belowWhere(managerId: string, filters: AccountFilters, now: Date): SQL {
  const where: SQL[] = [sql`c.ancestor_id = ${managerId}::uuid`, sql`c.depth > 0`, sql`a.role <> 'house'`];
  if (filters.role) where.push(sql`a.role = ${filters.role}`);
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(sql`(a.username ILIKE ${like} OR (a.first_name || ' ' || a.last_name) ILIKE ${like})`);
  }
  if (filters.state) where.push(sql`${stateOf(now)} = ${filters.state}`);
  return sql.join(where, sql` AND `);
}

/** An account as the access queries read it: who it is and under whom. */
export interface ManagedAccountRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  role: Role;
  parent: string | null;
}

export interface AccountSqlRow extends ManagedAccountRow {
  last_sign_in_at: string | Date | null;
  state: AccessState;
  two_step: boolean;
  link_expires_at: string | Date | null;
}

export async function listManagedAccounts(
  db: Queryable,
  managerId: string,
  filters: AccountFilters,
  page: { sort: AccountsQuery['sort']; order: 'asc' | 'desc'; offset: number; limit: number | null },
  now: Date,
): Promise<AccountSqlRow[]> {
  // An empty value (no parent, never signed in) sorts first going up, last going down. A username
  // is never empty: sorted by it, the order is its index's, which picks the first page at once.
  const direction =
    page.sort === 'username'
      ? sql.raw(page.order === 'desc' ? 'DESC' : 'ASC')
      : sql.raw(page.order === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST');
  const order = sql`ORDER BY ${sortOf(page.sort, now)} ${direction}, lower(a.username) ${direction}`;
  // The page is picked on what the filters and the sort need (a state only when sorted or filtered
  // by it); then its rows are read by id: the states, links and two-step of those rows only.
  const pageIds = sql`SELECT a.id FROM account_closure c JOIN accounts a ON a.id = c.descendant_id
                        LEFT JOIN accounts p ON p.id = a.parent_id
                       WHERE ${belowWhere(managerId, filters, now)} ${order}
                       ${page.limit === null ? sql`` : sql`LIMIT ${page.limit}`} OFFSET ${page.offset}`;
  return queryRows<AccountSqlRow>(
    db,
    sql`SELECT a.id, a.username, a.first_name, a.last_name, a.role::text AS role, p.username AS parent, a.last_sign_in_at,
               ${stateOf(now)} AS state, ${twoStepOn} AS two_step,
               (SELECT l.expires_at FROM sign_in_links l
                 WHERE l.account_id = a.id AND l.used_at IS NULL AND l.revoked_at IS NULL AND l.expires_at > ${now}) AS link_expires_at
          FROM (${pageIds}) page JOIN accounts a ON a.id = page.id LEFT JOIN accounts p ON p.id = a.parent_id
         ${order}`,
  );
}

export async function countManagedAccounts(
  db: Queryable,
  managerId: string,
  filters: AccountFilters,
  now: Date,
): Promise<number> {
  // Unfiltered, every account strictly below (the house is below no one): one row kept by the
  // closure's triggers (subtree_sizes, migration 0042), at any size of network.
  const unfiltered = sql`SELECT coalesce((SELECT s.accounts FROM subtree_sizes s WHERE s.ancestor_id = ${managerId}::uuid), 0) AS n`;
  const [row] = await queryRows<{ n: string | number }>(
    db,
    filters.role || filters.q || filters.state
      ? sql`SELECT count(*) AS n FROM account_closure c JOIN accounts a ON a.id = c.descendant_id
             WHERE ${belowWhere(managerId, filters, now)}`
      : unfiltered,
  );
  return Number(row?.n ?? 0);
}

export interface LinkTarget extends ManagedAccountRow {
  user_status: boolean;
  blocked: boolean;
}

const TARGET_COLUMNS = sql`a.id, a.username, a.first_name, a.last_name, a.role::text AS role, p.username AS parent,
  a.user_status, a.blocked_at IS NOT NULL AS blocked`;

/** Which accounts links are issued for: one account, usernames selected, or every one without a password; optionally of one role. */
export type LinkTargetPick =
  | { accountId: string }
  | { usernames: readonly string[]; role?: Role | undefined }
  | { withoutPassword: true; role?: Role | undefined };

function pickWhere(pick: LinkTargetPick): SQL {
  if ('accountId' in pick) return sql`a.id = ${pick.accountId}::uuid`;
  const roleFilter = pick.role ? sql`a.role = ${pick.role}` : sql`TRUE`;
  if ('usernames' in pick) {
    const names = sql.join(
      pick.usernames.map((u) => sql`${u}`),
      sql`, `,
    );
    return sql`lower(a.username) IN (${names}) AND ${roleFilter}`;
  }
  return sql`a.password_hash IS NULL AND a.user_status AND a.blocked_at IS NULL AND ${roleFilter}`;
}

/** Accounts strictly below `managerId` that `pick` names, at most `limit`, locked for the links about to be issued. */
export function linkTargets(tx: Queryable, managerId: string, pick: LinkTargetPick, limit: number): Promise<LinkTarget[]> {
  const where = pickWhere(pick);
  return queryRows<LinkTarget>(
    tx,
    sql`SELECT ${TARGET_COLUMNS}
          FROM account_closure c
          JOIN accounts a ON a.id = c.descendant_id
          LEFT JOIN accounts p ON p.id = a.parent_id
         WHERE c.ancestor_id = ${managerId}::uuid AND c.depth > 0 AND a.role <> 'house' AND ${where}
         ORDER BY lower(a.username)
         LIMIT ${limit}
           FOR UPDATE OF a`,
  );
}

/** The state an account shows after a block or an unblock. */
export async function accessStateOf(tx: Queryable, accountId: string): Promise<AccessState> {
  const [row] = await queryRows<{ state: AccessState }>(
    tx,
    sql`SELECT CASE WHEN NOT user_status THEN 'inactive' WHEN blocked_at IS NOT NULL THEN 'blocked'
                    WHEN password_hash IS NULL THEN 'noPassword' ELSE 'active' END AS state
          FROM accounts WHERE id = ${accountId}::uuid`,
  );
  return definite(row, 'the account').state;
}

/** An account by its username (ignoring case); 404 naming it when there is none. */
export async function requireAccountNamed(db: Queryable, username: string) {
  const account = await findSignInAccount(db, username);
  if (!account) throw notFound(`No account named "${username.trim()}"`);
  return account;
}

export async function superadminExists(db: Queryable): Promise<boolean> {
  const rows = await queryRows(db, sql`SELECT 1 FROM accounts WHERE role = 'superadmin' LIMIT 1`);
  return rows.length > 0;
}

/** Any account holds this name, ignoring case (the house included). */
export async function usernameTaken(db: Queryable, username: string): Promise<boolean> {
  const rows = await queryRows(db, sql`SELECT 1 FROM accounts WHERE lower(username) = lower(${username}) LIMIT 1`);
  return rows.length > 0;
}
