import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { holdsWholeNetwork, type SubtreeOwner, subtreeJoin } from './index.js';

/**
 * The masters of a subtree in the order a list report shows them, whole or one page (the list
 * reports' server paging: docs/screens.md, Every report screen), for every report that lists
 * masters (the network's lists, Computer Loan and Multiple Cybers). The default order, by
 * username, takes the page through an index; any other order reads every master of the subtree
 * (its rows, not its figures), and an order by a figure (Profit, a loan) is the report's own and
 * costs every master's figure.
 */

export type Direction = 'asc' | 'desc';

/** The rows `offset` to `offset + limit` of a list. */
export interface RowWindow {
  offset: number;
  limit: number;
}

/** The window of `page` (1 up) of `pageSize` rows, or none without a page: the whole list. */
export const windowOf = (query: { page?: number; pageSize: number }): RowWindow | undefined =>
  query.page === undefined ? undefined : { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };

/** A column of `alias` (a row of accounts or of a report's rows). */
const column = (alias: string, name: string): SQL => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;

// Names other than the username compare by code point with A-Z as a-z, the same on PGlite and on
// any PostgreSQL (as Cafe Profit's); the username as ever (accounts_username_lower_key).
const byText = (value: SQL): SQL => sql`lower(${value} COLLATE "C")`;

/** The sort keys over the account columns of a row aliased `alias`. */
const ACCOUNT_KEYS = {
  username: (alias: string) => sql`lower(${column(alias, 'username')})`,
  fullname: (alias: string) => byText(sql`trim(${column(alias, 'first_name')} || ' ' || ${column(alias, 'last_name')})`),
  address: (alias: string) => byText(column(alias, 'address')),
  commission: (alias: string) => column(alias, 'commission'),
} as const;

export type AccountSort = keyof typeof ACCOUNT_KEYS;

const directionOf = (order: Direction): SQL => (order === 'asc' ? sql`ASC` : sql`DESC`);

/**
 * ORDER BY of a list of masters (rows aliased `alias`): by `key` in `order`, ties by username then
 * id, so that a page is stable. `key` is an account sort, or a figure of the row (Profit).
 */
export function mastersOrderBy(alias: string, key: AccountSort | SQL, order: Direction): SQL {
  const sortKey = typeof key === 'string' ? ACCOUNT_KEYS[key](alias) : key;
  if (key === 'username') return sql`${sortKey} ${directionOf(order)}`;
  return sql`${sortKey} ${directionOf(order)}, ${ACCOUNT_KEYS.username(alias)}, ${column(alias, 'id')}`;
}

const limitOf = (window: RowWindow | undefined): SQL => (window ? sql` LIMIT ${window.limit} OFFSET ${window.offset}` : sql``);

/**
 * The masters of the subtree of `owner` that meet `where` (over `accounts a`), rows of accounts:
 * the `window` of them in `sort` and `order`, or all of them in no order (the caller's query
 * sorts). The superadmin's page by username walks accounts_search_order_idx (role, depth,
 * username) one depth of masters at a time: offset + limit rows per depth a master sits at (a skip
 * scan finds those few depths), whatever the size of the network. Any other subtree is read from
 * the closure (as large as the subtree).
 */
export function subtreeMasters(
  owner: SubtreeOwner,
  ask: { sort: AccountSort; order: Direction; window?: RowWindow; where?: SQL },
): SQL {
  const where = ask.where ?? sql`true`;
  const orderBy = mastersOrderBy('a', ask.sort, ask.order);
  if (!ask.window) {
    // Every master: the caller orders them (a subquery's order is not kept), so no sort here.
    return sql`SELECT a.* FROM accounts a ${subtreeJoin(owner, sql`a.id`)} WHERE a.role = 'master' AND ${where}`;
  }
  if (!(ask.sort === 'username' && holdsWholeNetwork(owner))) {
    return sql`SELECT a.* FROM accounts a ${subtreeJoin(owner, sql`a.id`)}
                WHERE a.role = 'master' AND ${where} ORDER BY ${orderBy}${limitOf(ask.window)}`;
  }
  return sql`WITH RECURSIVE depths AS (
                 SELECT min(a.depth) AS depth FROM accounts a WHERE a.role = 'master'
                 UNION ALL
                 SELECT (SELECT min(a.depth) FROM accounts a WHERE a.role = 'master' AND a.depth > d.depth)
                   FROM depths d WHERE d.depth IS NOT NULL)
             SELECT a.* FROM depths d
              CROSS JOIN LATERAL (SELECT a.* FROM accounts a
                                   WHERE a.role = 'master' AND a.depth = d.depth AND ${where}
                                   ORDER BY ${orderBy} LIMIT ${ask.window.offset + ask.window.limit}) a
              WHERE d.depth IS NOT NULL
              ORDER BY ${orderBy}${limitOf(ask.window)}`;
}

/** Which masters a count takes: every one, or those switched off (Non Performing). */
export type MastersCounted = 'all' | 'inactive';

/** Non Performing's masters: those switched off (over `accounts a`), as active_master_count counts the others. */
export const INACTIVE_MASTERS: SQL = sql`NOT a.user_status`;

const COUNTED_WHERE: Record<MastersCounted, SQL> = { all: sql`true`, inactive: INACTIVE_MASTERS };

/**
 * How many masters of the subtree of `owner` there are, all or inactive: the whole network's from
 * the kept counts (master_count and active_master_count, one row each), any other subtree's an
 * index-only count of its closure.
 */
export async function mastersCount(db: Queryable, owner: SubtreeOwner, counted: MastersCounted = 'all'): Promise<number> {
  const statement = holdsWholeNetwork(owner)
    ? sql`SELECT m.masters - CASE WHEN ${counted === 'inactive'} THEN (SELECT c.masters FROM active_master_count c) ELSE 0 END AS n
            FROM master_count m`
    : sql`SELECT count(*) AS n FROM accounts a ${subtreeJoin(owner, sql`a.id`)} WHERE a.role = 'master' AND ${COUNTED_WHERE[counted]}`;
  const rows = await queryRows<{ n: string | number }>(db, statement);
  return Number(rows[0]?.n ?? 0);
}
