import {
  ACCESS_STATE_LABELS,
  type AccessState,
  type AccountRow,
  type AccountsQuery,
  type Role,
  TWO_STEP_LABELS,
} from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../../db/client.js';

/**
 * The Accounts screen (docs/domain.md, "Access"): the accounts strictly below a manager (one
 * indexed look-up of the closure table), each with its access state, filtered, sorted and paged
 * in SQL.
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

interface AccountSqlRow extends ManagedAccountRow {
  last_sign_in_at: string | Date | null;
  state: AccessState;
  two_step: boolean;
  link_expires_at: string | Date | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

export async function listManagedAccounts(
  db: Queryable,
  managerId: string,
  filters: AccountFilters,
  page: { sort: AccountsQuery['sort']; order: 'asc' | 'desc'; offset: number; limit: number | null },
  now: Date,
): Promise<AccountRow[]> {
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
  const rows = await queryRows<AccountSqlRow>(
    db,
    sql`SELECT a.id, a.username, a.first_name, a.last_name, a.role::text AS role, p.username AS parent, a.last_sign_in_at,
               ${stateOf(now)} AS state, ${twoStepOn} AS two_step,
               (SELECT l.expires_at FROM sign_in_links l
                 WHERE l.account_id = a.id AND l.used_at IS NULL AND l.revoked_at IS NULL AND l.expires_at > ${now}) AS link_expires_at
          FROM (${pageIds}) page JOIN accounts a ON a.id = page.id LEFT JOIN accounts p ON p.id = a.parent_id
         ${order}`,
  );
  return rows.map((r) => ({
    _id: r.id,
    username: r.username,
    name: `${r.first_name} ${r.last_name}`.trim(),
    role: r.role,
    parent: r.parent,
    state: r.state,
    stateLabel: ACCESS_STATE_LABELS[r.state],
    linkExpiresAt: iso(r.link_expires_at),
    twoStep: r.two_step,
    twoStepLabel: r.two_step ? TWO_STEP_LABELS.on : TWO_STEP_LABELS.off,
    lastSignInAt: iso(r.last_sign_in_at),
  }));
}

export async function countManagedAccounts(
  db: Queryable,
  managerId: string,
  filters: AccountFilters,
  now: Date,
): Promise<number> {
  // Unfiltered, every account strictly below but the house: counted on the closure's index alone.
  const unfiltered = sql`SELECT count(*) AS n FROM account_closure c
                          WHERE c.ancestor_id = ${managerId}::uuid AND c.descendant_id <> c.ancestor_id
                            AND c.descendant_id IS DISTINCT FROM (SELECT id FROM accounts WHERE role = 'house')`;
  const [row] = await queryRows<{ n: string | number }>(
    db,
    filters.role || filters.q || filters.state
      ? sql`SELECT count(*) AS n FROM account_closure c JOIN accounts a ON a.id = c.descendant_id
             WHERE ${belowWhere(managerId, filters, now)}`
      : unfiltered,
  );
  return Number(row?.n ?? 0);
}
