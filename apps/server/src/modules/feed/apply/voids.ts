import { POKER_GAME } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.js';
import { addDays, type IsoDay } from '../../../lib/dates.js';
import { definite } from '../../../lib/definite.js';
import type { ApplyContext, Item } from './context.js';
import { refuse } from './context.js';

/**
 * Voided plays and poker hands (docs/feed.md, "Voided plays and hands"), set-based. The row stays,
 * marked voided (`voided_at`, `void_reason`); the roll-up triggers (migrations 0021, 0031) take its
 * profit out:
 * - its booking week is open: `void_booked_day` stays null, the row stops counting on its day;
 * - its booking week is closed: `void_booked_day` is the day the batch arrived, and the reversal
 *   (the opposite sums) is booked there, in the open week, like a late fact. The closed week is
 *   not touched.
 *
 * A void of a play or hand sent in the same run is folded into its insert (plays.ts: the row is
 * written voided, no update follows); the others cost three statements per run, whatever its
 * size: the keys of the ids from the registry (migration 0049), the rows of those keys, and one
 * update of the rows still open. The rows are read and updated with their keys' times as values,
 * so PostgreSQL plans only the partitions of those months, however many months are kept. A row
 * already voided is left as it is (the event is applied and changes nothing); every event naming
 * an id no play or hand has is refused. The first void of an id in a run counts, the others
 * change nothing.
 */
const KINDS = {
  'play.voided': { table: sql`plays`, registry: sql`play_platform_ids`, settlement: 'games', field: 'playId', what: 'play' },
  'pokerHand.voided': {
    table: sql`poker_hands`,
    registry: sql`poker_hand_platform_ids`,
    settlement: 'poker',
    field: 'handId',
    what: `${POKER_GAME.name.toLowerCase()} hand`,
  },
} as const;

export type VoidType = keyof typeof KINDS;

/** What a void sets on its row: when and why (the first void of the id in the run). */
export interface VoidOf {
  at: string;
  reason: string;
}

const idOf = ({ event }: Item<VoidType>): string => ('playId' in event ? event.playId : event.handId);

/**
 * The row ids (digits, as PostgreSQL wrote them) as one bigint[] literal: a parameter whose value
 * the planner sees, unlike an array made by a subquery.
 */
const idArray = (ids: readonly string[]): string => `{${ids.join(',')}}`;

/**
 * The earliest and latest of `times` (ISO instants, to the microsecond), each a millisecond wider:
 * JavaScript dates stop at the millisecond, and a bound must not leave out a row.
 */
function timeRange(times: readonly string[]): { from: string; to: string } {
  const ms = times.map((t) => Date.parse(t));
  return { from: new Date(Math.min(...ms) - 1).toISOString(), to: new Date(Math.max(...ms) + 1).toISOString() };
}

/** The first void of each id of the run, of one kind: playId or handId -> what it sets. */
export function firstVoids(voids: Item<VoidType>[], type: VoidType): Map<string, VoidOf> {
  const first = new Map<string, VoidOf>();
  for (const item of voids) {
    if (item.event.type !== type || first.has(idOf(item))) continue;
    first.set(idOf(item), { at: item.event.at.toISOString(), reason: item.event.reason });
  }
  return first;
}

/**
 * The day a void books its reversal on, for a row booked on `day`: `today` when that day's week is
 * closed (it falls before the Monday after the last closed week), else null. SQL, over `day`.
 */
export function voidBookedDaySql(ctx: ApplyContext, type: VoidType, day: ReturnType<typeof sql>) {
  const lastClosed = ctx.lastClosed[KINDS[type].settlement];
  const closedUntil: IsoDay | null = lastClosed === null ? null : addDays(lastClosed, 7);
  return sql`CASE WHEN ${day} < ${closedUntil}::date THEN ${ctx.today}::date END`;
}

/**
 * The voids of a run; `folded`: the ids whose void its inserts already applied (plays and hands
 * of the same run), by kind.
 */
export async function applyVoids(
  ctx: ApplyContext,
  voids: Item<VoidType>[],
  folded: Record<VoidType, ReadonlySet<string>>,
): Promise<void> {
  for (const type of Object.keys(KINDS) as VoidType[]) {
    await applyVoidsOf(
      ctx,
      type,
      voids.filter((v) => v.event.type === type && !folded[type].has(idOf(v))),
    );
  }
}

/**
 * The rows of `keys`, by primary key: the ids as an array value and their times as a range of two
 * values (not a subquery), so that only the partitions of those months are planned and read. A
 * range, not the list of times: each row is tested against two bounds, not against the list.
 */
async function rowsOfKeys(ctx: ApplyContext, table: SQL, keys: readonly { id: string; t: string }[]) {
  const during = timeRange(keys.map((k) => k.t));
  return queryRows<{ pid: string; id: string; t: string; open: boolean }>(
    ctx.tx,
    sql`SELECT x.platform_id AS pid, x.id::text AS id, to_json(x.played_at) #>> '{}' AS t, x.voided_at IS NULL AS open
          FROM ${table} x
         WHERE x.id = ANY (${idArray(keys.map((k) => k.id))}::bigint[])
           AND x.played_at >= ${during.from}::timestamptz AND x.played_at <= ${during.to}::timestamptz`,
  );
}

async function applyVoidsOf(ctx: ApplyContext, type: VoidType, items: Item<VoidType>[]): Promise<void> {
  if (items.length === 0) return;
  const kind = KINDS[type];
  const first = firstVoids(items, type);
  // The keys of the ids, from the registry (one index, not one per partition).
  const keys = await queryRows<{ pid: string; id: string; t: string }>(
    ctx.tx,
    sql`SELECT k.platform_id AS pid, k.row_id::text AS id, to_json(k.played_at) #>> '{}' AS t
          FROM ${kind.registry} k
         WHERE k.platform_id = ANY (ARRAY(SELECT json_array_elements_text(${JSON.stringify([...first.keys()])}::json)))
           AND k.row_id IS NOT NULL`,
  );
  const found = keys.length === 0 ? [] : await rowsOfKeys(ctx, kind.table, keys);
  const open = found
    .filter((r) => r.open)
    .map((r) => ({ id: r.id, t: r.t, ...definite(first.get(r.pid), 'the void of a found row') }));
  if (open.length > 0) {
    // By primary key (id, played_at), each row of r one probe, within their range of times: only
    // those months' partitions. (With the ids as an array value too, the planner joined r again
    // for every row: 2 s for 5,000 voids.)
    const during = timeRange(open.map((r) => r.t));
    await ctx.tx.execute(sql`
      UPDATE ${kind.table} x
         SET voided_at = r.at, void_reason = r.reason,
             void_booked_day = ${voidBookedDaySql(ctx, type, sql`coalesce(x.booked_day, ist_day(x.played_at))`)}
        FROM json_to_recordset(${JSON.stringify(open)}::json) AS r(id bigint, t timestamptz, at timestamptz, reason text)
       WHERE x.id = r.id AND x.played_at = r.t AND x.voided_at IS NULL
         AND x.played_at >= ${during.from}::timestamptz AND x.played_at <= ${during.to}::timestamptz`);
  }
  const known = new Set(found.map((r) => r.pid));
  for (const item of items) {
    if (!known.has(idOf(item))) {
      refuse(
        ctx,
        item,
        kind.field,
        `is not known: no ${kind.what} with this ${kind.field} was applied (send the ${kind.what} first)`,
      );
    }
  }
}
