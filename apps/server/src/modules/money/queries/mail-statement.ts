import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { type IsoDay, weekStartOf } from '../../../lib/dates.js';
import { type DbCents, readCents, sumCents } from '../../../lib/money.js';
import { kindFilter, otherCafesProfitSum, playsBelowByChildOver, profitSum } from '../../play-sums/index.js';
import { rowsOverClosedWeeks, type WeekStatementCents, weekEndDay, weekStatementWithCommission } from '../../weeks/index.js';

export interface MailRowCents {
  accountId: string;
  username: string;
  role: string;
  firstName: string;
  lastName: string;
  /** Σ play points in the week. */
  playCents: bigint;
  /** The child's created_at, as an IST day. */
  registrationDate: IsoDay;
  profitCents: bigint;
}

export interface MailUserFoundCents {
  username: string;
  /** Play points and profit of the plays made at another agent's cafe. */
  otherCafesPlayCents: bigint;
  otherCafesProfitCents: bigint;
}

export interface MailMembersCents {
  /** The direct children with plays below them in the week, by username. */
  data: MailRowCents[];
  /** Those of them below which a member played at another agent's cafe. */
  userFound: MailUserFoundCents[];
}

export interface AgentMailCents extends MailMembersCents {
  weekStart: IsoDay;
  weekEnd: IsoDay;
  totals: {
    /** Σ data.profit = the account's draw-games profit for the week. */
    totalProfitCents: bigint;
    /** The account's commission now, percent. */
    usercommission: number;
  };
  /** The week's settlement, line by line (the Revenue report's figures of that week). */
  statement: WeekStatementCents;
}

/**
 * The accounts both mail reports list (docs/domain.md, "Weekly settlement"): the direct children of the account
 * with draw-game plays below them in the settlement week holding `weekStart`, with their play
 * points and profit. A child is in userFound when some member below it played at a cafe whose
 * owner (cafes.master_id) is not that member's own master (its parent). Every play below the
 * account is below exactly one child, so Σ profit is the account's profit for the week. A closed
 * week reads what its closing fixed for the children the account had then (weekly_play_totals).
 */
export async function mailMembers(db: Queryable, query: { accountId: string; weekStart: IsoDay }): Promise<MailMembersCents> {
  const weekStart = weekStartOf(query.weekStart);
  const rows = await rowsOverClosedWeeks<{
    id: string;
    username: string;
    role: string;
    first_name: string;
    last_name: string;
    registration_day: string;
    play_cents: DbCents;
    profit_cents: DbCents;
    other_play_cents: DbCents;
    other_profit_cents: DbCents;
  }>(
    db,
    'games',
    { from: weekStart, to: weekEndDay(weekStart) },
    // other_*: null when no play below the child was made at another agent's cafe (every play has
    // play points > 0, so a zero sum means none).
    (split) => sql`SELECT ch.id, ch.username, ch.role::text AS role, ch.first_name, ch.last_name,
               ist_day(ch.created_at)::text AS registration_day, x.play_cents, x.profit_cents,
               x.other_play_cents, x.other_profit_cents
          FROM (SELECT d.root_id,
                       sum(d.play_points_cents)::bigint AS play_cents,
                       ${profitSum('games')} AS profit_cents,
                       nullif(sum(d.other_play_points_cents), 0)::bigint AS other_play_cents,
                       (CASE WHEN sum(d.other_play_points_cents) <> 0 THEN ${otherCafesProfitSum} END)::bigint AS other_profit_cents
                  FROM (${playsBelowByChildOver(query.accountId, 'games', split)}) d
                 WHERE ${kindFilter('games')}
                 GROUP BY d.root_id) x
          JOIN accounts ch ON ch.id = x.root_id
         ORDER BY lower(ch.username)`,
    sql`lower(r.username)`,
  );
  return {
    data: rows.map((row) => ({
      accountId: row.id,
      username: row.username,
      role: row.role,
      firstName: row.first_name,
      lastName: row.last_name,
      playCents: readCents(row.play_cents),
      registrationDate: row.registration_day,
      profitCents: readCents(row.profit_cents),
    })),
    userFound: rows
      .filter((row) => row.other_play_cents !== null)
      .map((row) => ({
        username: row.username,
        otherCafesPlayCents: readCents(row.other_play_cents),
        otherCafesProfitCents: readCents(row.other_profit_cents),
      })),
  };
}

/**
 * Agent mail statement of one settlement week (docs/domain.md, "Weekly settlement") over draw games: the members
 * (mailMembers), their total, and the week's statement (weekStatement), so the gift and the loan
 * lines cover the same week by construction.
 */
export async function agentMail(
  db: Queryable,
  query: { accountId: string; weekStart: IsoDay; today: IsoDay },
): Promise<AgentMailCents> {
  const weekStart = weekStartOf(query.weekStart);
  // Two statements side by side for a closed week (the statement also checks the account exists).
  const [members, { statement, commission }] = await Promise.all([
    mailMembers(db, { accountId: query.accountId, weekStart }),
    weekStatementWithCommission(db, { accountId: query.accountId, weekStart, today: query.today }),
  ]);
  return {
    weekStart,
    weekEnd: weekEndDay(weekStart),
    ...members,
    totals: {
      totalProfitCents: sumCents(members.data, (row) => row.profitCents),
      usercommission: commission,
    },
    statement,
  };
}
