import { type Queryable, queryRows } from '../../db/client.js';
import { type IsoDay, weekStartOf } from '../../lib/dates.js';
import { readCents } from '../../lib/money.js';
import { lateProfitByBookingWeek } from './profit-sql.js';
import { type SettlementKind, weekEndDay } from './weeks.js';

/**
 * How much of each week's profit of the account is late (DOMAIN.md section 10): plays or poker
 * hands whose own week was closed when they arrived, booked into the week they arrived in. Keyed
 * by Monday, over the weeks holding [from, to]; weeks without a late row are left out.
 */
export async function lateProfitByWeek(
  db: Queryable,
  query: { accountId: string; kind: SettlementKind; from: IsoDay; to: IsoDay },
): Promise<Map<IsoDay, number>> {
  const range = { from: weekStartOf(query.from), to: weekEndDay(weekStartOf(query.to)) };
  const rows = await queryRows<{ week_start: string; profit_cents: number }>(
    db,
    lateProfitByBookingWeek(query.kind, query.accountId, range),
  );
  return new Map(rows.map((row) => [row.week_start, readCents(row.profit_cents)]));
}
