import { ACTIVITY_COUNT_LIMIT } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';

/** An activity entry as the Activity screen reads it (docs/domain.md, "Access"). */
export interface ActivityEntry {
  id: string;
  at: Date;
  kind: string;
  actorType: 'account' | 'feed' | 'cli' | 'anonymous';
  actorUsername: string | null;
  feedKeyName: string | null;
  subjectUsername: string | null;
  address: string | null;
  device: string | null;
  details: Record<string, unknown>;
}

/**
 * Whose entries a caller sees: everything (the superadmin and admins), or the entries whose actor
 * or subject is in the caller's subtree (itself included); or, for the account page, the entries
 * whose actor or subject is one account itself.
 */
export type ActivityScope = { all: true } | { all: false; rootId: string } | { all: false; ownId: string };

export interface ActivityFilters {
  kind?: string | undefined;
  /** Usernames, matched exactly ignoring case. */
  actor?: string | undefined;
  subject?: string | undefined;
  /** Instants: from inclusive, to exclusive. */
  from?: Date | undefined;
  to?: Date | undefined;
}

export type ActivitySort = 'at' | 'kind';

interface EntrySqlRow {
  id: string;
  at: string;
  kind: string;
  actor_type: ActivityEntry['actorType'];
  actor_username: string | null;
  feed_key_name: string | null;
  subject_username: string | null;
  address: string | null;
  device: string | null;
  details: Record<string, unknown> | string;
}

const inSubtree = (column: SQL, rootId: string) =>
  sql`${column} IN (SELECT descendant_id FROM account_closure WHERE ancestor_id = ${rootId}::uuid)`;
const accountNamed = (username: string) => sql`(SELECT id FROM accounts WHERE lower(username) = lower(${username}))`;

/** The filters' conditions on the entries `e` (the scope apart). */
function filtersWhere(filters: ActivityFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.kind) conditions.push(sql`e.kind = ${filters.kind}`);
  if (filters.actor) conditions.push(sql`e.actor_id = ${accountNamed(filters.actor)}`);
  if (filters.subject) conditions.push(sql`e.subject_id = ${accountNamed(filters.subject)}`);
  if (filters.from) conditions.push(sql`e.at >= ${filters.from.toISOString()}::timestamptz`);
  if (filters.to) conditions.push(sql`e.at < ${filters.to.toISOString()}::timestamptz`);
  return sql.join(conditions, sql` AND `);
}

function whereOf(scope: ActivityScope, filters: ActivityFilters): SQL {
  const conditions: SQL[] = [filtersWhere(filters)];
  if ('rootId' in scope)
    conditions.push(sql`(${inSubtree(sql`e.actor_id`, scope.rootId)} OR ${inSubtree(sql`e.subject_id`, scope.rootId)})`);
  if ('ownId' in scope) conditions.push(sql`(e.actor_id = ${scope.ownId}::uuid OR e.subject_id = ${scope.ownId}::uuid)`);
  return sql.join(conditions, sql` AND `);
}

/**
 * The entries of a subtree that the filters keep, read member by member through the account
 * indexes instead of filtering the whole activity by the subtree, as two parts that never hold the
 * same entry: those about a member (activity_subject_at_idx), and those a member made about an
 * account outside the subtree or about none (activity_actor_other_at_idx, which holds the subject:
 * an entry a member made about itself or another member is in the first part already). Both
 * indexes hold the kind too: filtered by kind, the count reads no entry from the table.
 * `columns` are of the entries `e`; `perMember` keeps each member's first entries in that order
 * only (a page's worth: the page is among them).
 */
function subtreeParts(rootId: string, filters: ActivityFilters, columns: SQL, perMember?: { order: SQL; limit: number }): SQL {
  const member = sql`m.ancestor_id = ${rootId}::uuid`;
  const part = (byMember: SQL) =>
    perMember
      ? sql`SELECT p.* FROM account_closure m CROSS JOIN LATERAL (
              SELECT ${columns} FROM activity e WHERE ${byMember} AND ${filtersWhere(filters)}
               ORDER BY ${perMember.order} LIMIT ${perMember.limit}) p
             WHERE ${member}`
      : sql`SELECT ${columns} FROM account_closure m JOIN activity e ON ${byMember}
             WHERE ${member} AND ${filtersWhere(filters)}`;
  return sql`${part(sql`e.subject_id = m.descendant_id`)}
    UNION ALL
    ${part(sql`e.actor_id = m.descendant_id AND e.actor_id IS NOT NULL AND e.actor_id IS DISTINCT FROM e.subject_id
               AND (e.subject_id IS NULL OR NOT ${inSubtree(sql`e.subject_id`, rootId)})`)}`;
}

/**
 * Subtrees of at most this many accounts list their entries member by member (subtreeParts): a
 * few index reads per member. A larger subtree's page is found sooner by walking all the entries
 * in time order (its members' entries are frequent enough); both read about as much at this size.
 */
const LIST_BY_MEMBER_MAX = 100;

/** The accounts at and below `rootId`, counted up to one past `limit`. */
async function subtreeSize(db: Queryable, rootId: string, limit: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM account_closure WHERE ancestor_id = ${rootId}::uuid LIMIT ${limit + 1}) s`,
  );
  return Number(row?.n ?? 0);
}

/**
 * One page of the entries the scope and filters select, newest first unless sorted otherwise
 * (ties by entry number in the same direction); `limit` null: all of them (an export). The page
 * is picked on the entries alone, then the names are joined to its rows only.
 */
export async function listActivity(
  db: Queryable,
  scope: ActivityScope,
  filters: ActivityFilters,
  order: { sort: ActivitySort; direction: 'asc' | 'desc'; offset: number; limit: number | null },
): Promise<ActivityEntry[]> {
  const direction = order.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const sortKey = order.sort === 'kind' ? sql`kind ${direction}, at ${direction}` : sql`at ${direction}`;
  const page = order.limit === null ? sql`` : sql`LIMIT ${order.limit} OFFSET ${order.offset}`;
  const byMember = 'rootId' in scope && (await subtreeSize(db, scope.rootId, LIST_BY_MEMBER_MAX)) <= LIST_BY_MEMBER_MAX;
  // A small subtree's page is picked on the entries' sort keys, read from the account indexes (each
  // member's first `offset + limit` entries hold the page); then its entries are read.
  const entries = byMember
    ? sql`SELECT * FROM activity e WHERE e.id IN (
            SELECT id FROM (${subtreeParts(
              scope.rootId,
              filters,
              order.sort === 'kind' ? sql`e.id, e.at, e.kind` : sql`e.id, e.at`,
              order.limit === null ? undefined : { order: sql`${sortKey}, id ${direction}`, limit: order.offset + order.limit },
            )}) e ORDER BY ${sortKey}, id ${direction} ${page})`
    : sql`SELECT * FROM activity e WHERE ${whereOf(scope, filters)} ORDER BY ${sortKey}, id ${direction} ${page}`;
  const rows = await queryRows<EntrySqlRow>(
    db,
    sql`SELECT e.id::text AS id, e.at::text AS at, e.kind, e.actor_type::text AS actor_type, actor.username AS actor_username,
               k.name AS feed_key_name, subject.username AS subject_username, e.address, e.device, e.details
          FROM (${entries}) e
          LEFT JOIN accounts actor ON actor.id = e.actor_id
          LEFT JOIN accounts subject ON subject.id = e.subject_id
          LEFT JOIN feed_keys k ON k.id = e.feed_key_id
         ORDER BY ${order.sort === 'kind' ? sql`e.kind ${direction}, e.at ${direction}` : sql`e.at ${direction}`}, e.id ${direction}`,
  );
  return rows.map((row) => ({
    id: row.id,
    at: new Date(row.at),
    kind: row.kind,
    actorType: row.actor_type,
    actorUsername: row.actor_username,
    feedKeyName: row.feed_key_name,
    subjectUsername: row.subject_username,
    address: row.address,
    device: row.device,
    details: typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details,
  }));
}

/** How many entries the scope and filters select, counted up to one past `limit` (a page's count stops there). */
export async function countActivity(
  db: Queryable,
  scope: ActivityScope,
  filters: ActivityFilters,
  limit = ACTIVITY_COUNT_LIMIT,
): Promise<number> {
  // A subtree's are counted member by member: up to `limit` entries read from the account indexes,
  // where walking all the entries would read every entry until enough of them are the subtree's.
  const entries =
    'rootId' in scope
      ? subtreeParts(scope.rootId, filters, sql`1`)
      : sql`SELECT 1 FROM activity e WHERE ${whereOf(scope, filters)}`;
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${entries} LIMIT ${limit + 1}) counted`);
  return Number(row?.n ?? 0);
}

/** Removes the entries older than the retention (the one delete the database lets through); returns how many. */
export async function pruneActivity(db: Queryable, retentionDays: number): Promise<number> {
  const [row] = await queryRows<{ removed: string }>(db, sql`SELECT prune_activity(${retentionDays})::text AS removed`);
  return Number(row?.removed ?? 0);
}
