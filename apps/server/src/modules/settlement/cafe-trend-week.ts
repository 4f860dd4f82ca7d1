import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import type { IsoDay } from '../../lib/dates.js';
import { SETTLEMENT_LOCK_KEY } from './lock.js';

/**
 * Moves cafe_trend_totals' periods to end with `week` (a Monday), if they do not already: its
 * trigger adds each cafe's days that enter a period and takes away those that leave. Under the
 * settlement lock taken alone, as a seal: the feed's batches, which change those totals as they
 * book plays, wait for this move (a few index reads per cafe) rather than interleave with it.
 * Returns whether it moved them.
 */
export async function keepCafeTrendWeek(db: Db, week: IsoDay): Promise<boolean> {
  const [kept] = await queryRows<{ week_start: string }>(db, sql`SELECT week_start::text AS week_start FROM cafe_trend_week`);
  if (kept?.week_start === week) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SETTLEMENT_LOCK_KEY})`);
    const moved = await queryRows<{ week_start: string }>(
      tx,
      sql`INSERT INTO cafe_trend_week (single, week_start) VALUES (true, ${week}::date)
          ON CONFLICT (single) DO UPDATE SET week_start = excluded.week_start
          WHERE cafe_trend_week.week_start IS DISTINCT FROM excluded.week_start
          RETURNING week_start::text AS week_start`,
    );
    return moved.length > 0;
  });
}
