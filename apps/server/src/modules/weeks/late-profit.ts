import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { type IsoDay, weekStartOf } from '../../lib/dates.js';
import { type DbCents, readCents } from '../../lib/money.js';
import { closedWeekTotals, lateProfitByBookingWeek, oneRoot, profitSum, type SettlementKind } from '../play-sums/index.js';
import { rowsOverClosedWeeks } from './settlement-calendar.js';
import { weekEndDay } from './weeks.js';

/**
 * How much of each week's profit of the account is late (docs/domain.md, "Data from the game platform"): plays or poker
 * hands whose own week was closed when they arrived, booked into the week they arrived in. Keyed
 * by Monday, over the weeks holding [from, to]; weeks without a late row are left out. Closed
 * weeks read what their closing fixed (weekly_play_totals), the others the late rows themselves.
 */
export async function lateProfitByWeek(
  db: Queryable,
  query: { accountId: string; kind: SettlementKind; from: IsoDay; to: IsoDay },
): Promise<Map<IsoDay, bigint>> {
  const range = { from: weekStartOf(query.from), to: weekEndDay(weekStartOf(query.to)) };
  const rows = await rowsOverClosedWeeks<{ week_start: string; profit_cents: DbCents }>(db, query.kind, range, (split) => {
    const parts = split.days.map((days) => lateProfitByBookingWeek(query.kind, query.accountId, days));
    if (split.closedWeeks.length > 0) parts.unshift(closedLateProfit(query.accountId, query.kind, split.closedWeeks));
    return sql.join(parts, sql` UNION ALL `);
  });
  return new Map(rows.map((row) => [row.week_start, readCents(row.profit_cents)]));
}

/**
 * The late profit of the account in the closed weeks `weeks`, as their closing fixed it: rows of
 * `week_start` (text) and `profit_cents`, none for a week without late rows.
 */
export function closedLateProfit(accountId: string, kind: SettlementKind, weeks: readonly IsoDay[]): SQL {
  return sql`
    SELECT d.week_start::text AS week_start, ${profitSum(kind)} AS profit_cents
      FROM (SELECT t.week_start, t.late_play_points_cents AS play_points_cents,
                   t.late_win_points_cents AS win_points_cents, t.late_rake_cents AS rake_cents
              FROM (${closedWeekTotals(oneRoot(accountId), kind, weeks)}) t
             WHERE t.late_play_points_cents <> 0 OR t.late_win_points_cents <> 0 OR t.late_rake_cents <> 0) d
     GROUP BY 1`;
}
