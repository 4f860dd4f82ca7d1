import { POKER_GAME } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
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
 * written voided, no update follows); the others cost two statements per run, whatever its size:
 * one look-up of the ids (each partition's platform id index, the ids as an array) and one update
 * of the rows still open, by their primary key. A row already voided is left as it is (the event
 * is applied and changes nothing); every event naming an id no play or hand has is refused. The
 * first void of an id in a run counts, the others change nothing.
 */
const KINDS = {
  'play.voided': { table: sql`plays`, settlement: 'games', field: 'playId', what: 'play' },
  'pokerHand.voided': {
    table: sql`poker_hands`,
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

async function applyVoidsOf(ctx: ApplyContext, type: VoidType, items: Item<VoidType>[]): Promise<void> {
  if (items.length === 0) return;
  const kind = KINDS[type];
  const first = firstVoids(items, type);
  // The rows by platform id: an index probe per id and partition (the ids as one array, so the
  // plan never scans a partition's index whole), with their primary key for the update.
  const found = await queryRows<{ pid: string; id: string; t: string; open: boolean }>(
    ctx.tx,
    sql`SELECT x.platform_id AS pid, x.id::text AS id, to_json(x.played_at) #>> '{}' AS t, x.voided_at IS NULL AS open
          FROM ${kind.table} x
         WHERE x.platform_id = ANY (ARRAY(SELECT json_array_elements_text(${JSON.stringify([...first.keys()])}::json)))`,
  );
  const open = found
    .filter((r) => r.open)
    .map((r) => ({ id: r.id, t: r.t, ...definite(first.get(r.pid), 'the void of a found row') }));
  if (open.length > 0) {
    // By primary key (id, played_at): the ids as an array again, each partition's key index probed.
    await ctx.tx.execute(sql`
      UPDATE ${kind.table} x
         SET voided_at = r.at, void_reason = r.reason,
             void_booked_day = ${voidBookedDaySql(ctx, type, sql`coalesce(x.booked_day, ist_day(x.played_at))`)}
        FROM json_to_recordset(${JSON.stringify(open)}::json) AS r(id bigint, t timestamptz, at timestamptz, reason text)
       WHERE x.id = r.id AND x.played_at = r.t AND x.voided_at IS NULL
         AND x.id = ANY (ARRAY(SELECT json_array_elements_text(${JSON.stringify(open.map((r) => r.id))}::json)::bigint))`);
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
