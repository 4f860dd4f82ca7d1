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

function whereOf(scope: ActivityScope, filters: ActivityFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if ('rootId' in scope)
    conditions.push(sql`(${inSubtree(sql`e.actor_id`, scope.rootId)} OR ${inSubtree(sql`e.subject_id`, scope.rootId)})`);
  if ('ownId' in scope) conditions.push(sql`(e.actor_id = ${scope.ownId}::uuid OR e.subject_id = ${scope.ownId}::uuid)`);
  if (filters.kind) conditions.push(sql`e.kind = ${filters.kind}`);
  if (filters.actor) conditions.push(sql`e.actor_id = ${accountNamed(filters.actor)}`);
  if (filters.subject) conditions.push(sql`e.subject_id = ${accountNamed(filters.subject)}`);
  if (filters.from) conditions.push(sql`e.at >= ${filters.from.toISOString()}::timestamptz`);
  if (filters.to) conditions.push(sql`e.at < ${filters.to.toISOString()}::timestamptz`);
  return sql.join(conditions, sql` AND `);
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
  const rows = await queryRows<EntrySqlRow>(
    db,
    sql`SELECT e.id::text AS id, e.at::text AS at, e.kind, e.actor_type::text AS actor_type, actor.username AS actor_username,
               k.name AS feed_key_name, subject.username AS subject_username, e.address, e.device, e.details
          FROM (SELECT * FROM activity e WHERE ${whereOf(scope, filters)}
                 ORDER BY ${sortKey}, id ${direction}
                 ${order.limit === null ? sql`` : sql`LIMIT ${order.limit} OFFSET ${order.offset}`}) e
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
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM activity e WHERE ${whereOf(scope, filters)} LIMIT ${limit + 1}) counted`,
  );
  return Number(row?.n ?? 0);
}

/** Removes the entries older than the retention (the one delete the database lets through); returns how many. */
export async function pruneActivity(db: Queryable, retentionDays: number): Promise<number> {
  const [row] = await queryRows<{ removed: string }>(db, sql`SELECT prune_activity(${retentionDays})::text AS removed`);
  return Number(row?.removed ?? 0);
}
