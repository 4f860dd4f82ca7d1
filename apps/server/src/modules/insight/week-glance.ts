import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryPreparedRows } from '../../db/client.js';
import { addDays, type IsoDay } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { type DbCents, readCents } from '../../lib/money.js';
import { type AccountName, type AccountNameRow, accountNameOf } from '../accounts/account-name.js';
import { kindFilter, profitSum } from '../play-sums/index.js';

/** A direct child of the subject with its draw-games profit on each day of one week. */
export interface ChildDaysCents extends AccountName {
  /** Monday first, seven days. */
  profitCents: bigint[];
}

/** The seven days of the week starting `monday`. */
export const weekDays = (monday: IsoDay): IsoDay[] => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/**
 * One account's own play_daily rows over [from, to], by its key: for `CROSS JOIN LATERAL`, one
 * index look-up per account. OFFSET 0 keeps the planner from turning it into a join, which reads
 * every member's week of play_daily to find the few rows of these accounts.
 */
const ownRows = (account: SQL, from: IsoDay, to: IsoDay): SQL =>
  sql`SELECT d.day, d.game_id, d.play_points_cents, d.win_points_cents
        FROM play_daily d
       WHERE d.member_id = ${account} AND d.day >= ${from}::date AND d.day <= ${to}::date
      OFFSET 0`;

/**
 * The draw-games profit of every direct child of `accountId` on each day of the week starting
 * `monday`, each cell equal to Daily Status for that child and that one day (docs/domain.md,
 * "The owner's week"). Daily Status of one day sums, for each master of the child's subtree, its
 * members' plays (only players play), booked on their booking day (a late play on the day it
 * arrived, a void reversed on the day it arrived, a play voided while its week was open nowhere)
 * under the tree of now (a member moved mid-week counts for its new master on every day, as the
 * roll-up moved with it). For a manager child those are its play_daily_by_manager rows of members
 * under a master; for a master child its play_daily_by_parent rows; a member child has its own
 * plays. A few rows per child and day, whatever the size of the network below it. Prepared: its
 * planning cost PostgreSQL three times its execution (docs/decisions/0023).
 */
export async function childrenDailyProfit(
  db: Queryable,
  query: { accountId: string; monday: IsoDay },
): Promise<ChildDaysCents[]> {
  const days = weekDays(query.monday);
  const [from, to] = [definite(days[0], 'Monday'), definite(days[6], 'Sunday')];
  const children = (role: SQL): SQL => sql`SELECT id FROM accounts WHERE parent_id = ${query.accountId}::uuid AND ${role}`;
  const rows = await queryPreparedRows<AccountNameRow & { days: { day: string; profit_cents: string }[] | null }>(
    db,
    sql`WITH by_child AS (
               SELECT d.manager_id AS id, d.day, ${profitSum('games')} AS cents
                 FROM play_daily_by_manager d
                WHERE d.manager_id IN (${children(sql`role < 'master'`)}) AND d.under_master
                  AND d.day >= ${from}::date AND d.day <= ${to}::date AND ${kindFilter('games')}
                GROUP BY 1, 2
               UNION ALL
               SELECT d.parent_id, d.day, ${profitSum('games')}
                 FROM play_daily_by_parent d
                WHERE d.parent_id IN (${children(sql`role = 'master'`)})
                  AND d.day >= ${from}::date AND d.day <= ${to}::date AND ${kindFilter('games')}
                GROUP BY 1, 2
               UNION ALL
               SELECT k.id, d.day, ${profitSum('games')}
                 FROM accounts k
                 CROSS JOIN LATERAL (${ownRows(sql`k.id`, from, to)}) d
                WHERE k.parent_id = ${query.accountId}::uuid AND k.role = 'player' AND ${kindFilter('games')}
                GROUP BY 1, 2),
             g AS (SELECT c.id, json_agg(json_build_object('day', c.day::text, 'profit_cents', c.cents::text)) AS days
                     FROM by_child c GROUP BY c.id)
        SELECT a.id, a.username, a.first_name, a.last_name, a.role::text AS role, g.days
          FROM accounts a
          LEFT JOIN g ON g.id = a.id
         WHERE a.parent_id = ${query.accountId}::uuid
         ORDER BY a.username`,
  );
  return rows.map((row) => {
    const byDay = new Map<string, bigint>();
    for (const d of row.days ?? []) byDay.set(d.day, (byDay.get(d.day) ?? 0n) + readCents(d.profit_cents as DbCents));
    return {
      ...accountNameOf(row),
      profitCents: days.map((day) => byDay.get(day) ?? 0n),
    };
  });
}
