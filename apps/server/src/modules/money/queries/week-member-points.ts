import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { type IsoDay, weekStartOf } from '../../../lib/dates.js';
import { type DbCents, readCents } from '../../../lib/money.js';
import { requireAccount } from '../../accounts/repository.js';
import { kindFilter, playsBelowByChildOver, profitSum } from '../../play-sums/index.js';
import { rowsOverClosedWeeks, type SettlementKind, weekEndDay } from '../../weeks/index.js';

export interface WeekMemberRowCents {
  accountId: string;
  username: string;
  role: string;
  profitCents: bigint;
  /** Σ play points (0 for poker, which records rake only). */
  playPointsCents: bigint;
}

/**
 * The week popup's member list: the account's direct children with plays below them in the week
 * holding `weekStart`, with their profit and play points. Σ profit = the account's week profit
 * (every play below the account is below exactly one direct child). A closed week reads what its
 * closing fixed for the children the account had then (weekly_play_totals).
 */
export async function weekMemberPoints(
  db: Queryable,
  query: { accountId: string; weekStart: IsoDay; kind?: SettlementKind },
): Promise<WeekMemberRowCents[]> {
  const kind = query.kind ?? 'games';
  const weekStart = weekStartOf(query.weekStart);
  const [, rows] = await Promise.all([
    requireAccount(db, query.accountId),
    rowsOverClosedWeeks<{ id: string; username: string; role: string; profit_cents: DbCents; play_cents: DbCents }>(
      db,
      kind,
      { from: weekStart, to: weekEndDay(weekStart) },
      (split) => sql`SELECT ch.id, ch.username, ch.role::text AS role, x.profit_cents, x.play_cents
            FROM (SELECT d.root_id, ${profitSum(kind)} AS profit_cents, sum(d.play_points_cents)::bigint AS play_cents
                    FROM (${playsBelowByChildOver(query.accountId, kind, split)}) d
                   WHERE ${kindFilter(kind)}
                   GROUP BY d.root_id) x
            JOIN accounts ch ON ch.id = x.root_id`,
      sql`lower(r.username)`,
    ),
  ]);
  return rows.map((row) => ({
    accountId: row.id,
    username: row.username,
    role: row.role,
    profitCents: readCents(row.profit_cents),
    playPointsCents: readCents(row.play_cents),
  }));
}
