import { POKER_GAME } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.js';
import { addDays, type IsoDay } from '../../../lib/dates.js';
import type { ApplyContext, Item } from './context.js';
import { refuse } from './context.js';

/**
 * Voided plays and poker hands (docs/feed.md, "Voided plays and hands"), set-based: one update per
 * run, whatever its size. The row stays, marked voided (`voided_at`, `void_reason`); the roll-up
 * triggers (migration 0021) take its profit out:
 * - its booking week is open: `void_booked_day` stays null, the row stops counting on its day;
 * - its booking week is closed: `void_booked_day` is the day the batch arrived, and the reversal
 *   (the opposite sums) is booked there, in the open week, like a late fact. The closed week is
 *   not touched.
 *
 * A row already voided is left as it is (the event is applied and changes nothing); every event
 * naming an id no play or hand has is refused. The first void of an id in a batch counts, the
 * others change nothing.
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

type VoidType = keyof typeof KINDS;

export async function applyVoids(ctx: ApplyContext, voids: Item<VoidType>[]): Promise<void> {
  for (const type of Object.keys(KINDS) as VoidType[]) {
    await applyVoidsOf(
      ctx,
      type,
      voids.filter((v) => v.event.type === type),
    );
  }
}

async function applyVoidsOf(ctx: ApplyContext, type: VoidType, items: Item<VoidType>[]): Promise<void> {
  if (items.length === 0) return;
  const kind = KINDS[type];
  const idOf = ({ event }: Item<VoidType>): string => ('playId' in event ? event.playId : event.handId);
  const first = new Map<string, Item<VoidType>>();
  for (const item of items) if (!first.has(idOf(item))) first.set(idOf(item), item);
  const rows = [...first].map(([pid, item]) => ({ pid, at: item.event.at.toISOString(), reason: item.event.reason }));
  const lastClosed = ctx.lastClosed[kind.settlement];
  // A row's week is closed when its booking day falls before the Monday after the last closed week.
  const closedUntil: IsoDay | null = lastClosed === null ? null : addDays(lastClosed, 7);
  // The update runs whatever the select reads (a data-modifying WITH always does); the select sees
  // the rows as they were before it, so it finds every known id, voided already or not.
  const found = await queryRows<{ pid: string }>(
    ctx.tx,
    sql`
    WITH r AS MATERIALIZED (
      SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(pid text, at timestamptz, reason text)
    ), voided AS (
      UPDATE ${kind.table} x
         SET voided_at = r.at, void_reason = r.reason,
             void_booked_day = CASE WHEN coalesce(x.booked_day, ist_day(x.played_at)) < ${closedUntil}::date
                                    THEN ${ctx.today}::date END
        FROM r
       WHERE x.platform_id = r.pid AND x.voided_at IS NULL
      RETURNING 1
    )
    SELECT DISTINCT x.platform_id AS pid FROM ${kind.table} x WHERE x.platform_id IN (SELECT pid FROM r)`,
  );
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
