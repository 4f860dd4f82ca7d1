import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryPreparedRows } from '../../db/client.js';
import { addDays, type IsoDay, weekStartOf } from '../../lib/dates.js';
import { type DbCents, readCents } from '../../lib/money.js';
import { type AccountName, type AccountNameRow, accountNameOf } from '../accounts/account-name.js';
import { hasCommissionSql, profitBelowByChild, profitSum } from '../play-sums/index.js';
import { isFinal, settlementCalendar, weekEndDay } from '../weeks/index.js';

export interface ChildWeeksCents extends AccountName {
  /** Draw-games profit per week of `weekStarts`, in their order. */
  profitCents: bigint[];
}

const weekList = (weeks: readonly IsoDay[]): SQL =>
  sql.join(
    weeks.map((week) => sql`${week}::date`),
    sql`, `,
  );

/**
 * The draw-games profit of every direct child of `accountId` in each week of `weekStarts` (Mondays,
 * in any order), as Revenue shows it for that child (docs/domain.md, "Insight"): a final week as
 * it was closed (an account with a commission: its settlement row; a member: the play totals its
 * closing fixed; before settlement began, nothing), an open week live from the daily roll-ups.
 */
export async function childrenWeeklyProfit(
  db: Queryable,
  query: { accountId: string; weekStarts: readonly IsoDay[]; today: IsoDay },
): Promise<{ children: ChildWeeksCents[]; openWeeks: IsoDay[] }> {
  const calendar = await settlementCalendar(db, 'games', weekStartOf(query.today));
  const finalWeeks = query.weekStarts.filter((week) => isFinal(calendar, week));
  const openWeeks = query.weekStarts.filter((week) => !isFinal(calendar, week)).sort();
  const childIds = sql`SELECT id FROM accounts WHERE parent_id = ${query.accountId}::uuid`;

  const parts: SQL[] = [];
  if (finalWeeks.length > 0) {
    parts.push(sql`
      SELECT s.account_id AS id, s.week_start::text AS week_start, s.profit_cents
        FROM weekly_settlements s
       WHERE s.account_id IN (${childIds}) AND s.kind = 'games' AND s.week_start IN (${weekList(finalWeeks)})`);
    parts.push(sql`
      SELECT d.account_id, d.week_start::text, ${profitSum('games')}
        FROM weekly_play_totals d
        JOIN accounts m ON m.id = d.account_id AND NOT ${hasCommissionSql(sql`m.role`)}
       WHERE m.parent_id = ${query.accountId}::uuid AND d.kind = 'games' AND d.week_start IN (${weekList(finalWeeks)})
       GROUP BY 1, 2`);
  }
  // An open week (one, or two while the last has not been closed yet) per child from the roll-ups
  // kept per manager and master (profitBelowByChild): a few rows per child at any size of network.
  for (const week of openWeeks) {
    parts.push(sql`
      SELECT b.root_id, ${week}::text, b.profit_cents
        FROM (${profitBelowByChild(query.accountId, 'games', { from: week, to: weekEndDay(week) })}) b`);
  }
  // Prepared: PostgreSQL spent 2 to 3 ms planning it, up to four times its execution
  // (docs/decisions/0023); its text takes one form per count of TREND_WEEK_COUNTS and of open weeks.
  const none = sql`SELECT NULL::uuid AS id, NULL::text AS week_start, NULL::bigint AS profit_cents WHERE false`;
  const rows = await queryPreparedRows<AccountNameRow & { weeks: { week_start: string; profit_cents: string }[] | null }>(
    db,
    sql`WITH p AS (${sql.join([none, ...parts], sql` UNION ALL `)}),
             g AS (SELECT p.id, json_agg(json_build_object('week_start', p.week_start, 'profit_cents', p.profit_cents::text)) AS weeks
                     FROM p GROUP BY p.id)
        SELECT a.id, a.username, a.first_name, a.last_name, a.role::text AS role, g.weeks
          FROM accounts a
          LEFT JOIN g ON g.id = a.id
         WHERE a.parent_id = ${query.accountId}::uuid
         ORDER BY a.username`,
  );
  const children = rows.map((row) => {
    const byWeek = new Map<string, bigint>();
    for (const w of row.weeks ?? [])
      byWeek.set(w.week_start, (byWeek.get(w.week_start) ?? 0n) + readCents(w.profit_cents as DbCents));
    return {
      ...accountNameOf(row),
      profitCents: query.weekStarts.map((week) => byWeek.get(week) ?? 0n),
    };
  });
  return { children, openWeeks };
}

/** The `count` weeks ending with the week of `today`, oldest first, and the `count` weeks before them. */
export function trendWeeks(today: IsoDay, count: number): { shown: IsoDay[]; before: IsoDay[] } {
  const current = weekStartOf(today);
  const weeks = Array.from({ length: 2 * count }, (_, i) => addDays(current, -7 * (2 * count - 1 - i)));
  return { before: weeks.slice(0, count), shown: weeks.slice(count) };
}
