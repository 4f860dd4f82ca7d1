import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { type IsoDay, weekStartOf } from '../../lib/dates.js';
import { percentOfCents } from '../../lib/money.js';
import { loadAccount } from './account-row.js';
import { kindFilter, playsBelowByChild } from './profit-sql.js';
import { weeklyRevenue } from './weekly-revenue.js';
import { weekEndInstant } from './weeks.js';

export interface MailRow {
  accountId: string;
  username: string;
  /** First and last name. */
  name: string;
  /** Σ play points in the period. */
  playCents: number;
  /** The child's created_at, as an IST day. */
  registrationDate: IsoDay;
  profitCents: number;
}

export interface MailUserFound {
  username: string;
  /** Play points and profit of the plays made at another agent's cafe. */
  otherCafesPlayCents: number;
  otherCafesProfitCents: number;
}

export interface MailLoanLines {
  /** True when the account had any loan issued by the end of the period. */
  hasLoan: boolean;
  /** Rate of the last week of the period that had a loan to repay; 0 without one. */
  deductionPercentage: number;
  /** Owed before the period's first settlement week (loans issued up to the period's end). */
  previousLoanCents: number;
  /** Σ revenue deductions of the settlement weeks of the period (open weeks: live). */
  deductedCents: number;
  loanRemainingCents: number;
}

export interface MailStatement {
  from: IsoDay;
  to: IsoDay;
  data: MailRow[];
  userFound: MailUserFound[];
  totals: {
    /** Σ data.profit = the account's draw-games profit for the period. */
    totalProfitCents: number;
    /** The account's commission, percent. */
    usercommission: number;
  };
  summary: {
    /** 0 when the total profit is negative, else the commission. */
    revenuePercentage: number;
    /** totalProfit × commission / 100, 0 when the total profit is not positive. */
    giftCents: number;
    /** The total profit. */
    actualPointsCents: number;
  };
  loan: MailLoanLines;
}

/**
 * Agent / manager mail statement (DOMAIN.md section 5) over draw games: one row per direct
 * child with plays below it in [from, to]. A child is in userFound when some member below it
 * played at a cafe whose owner (cafes.master_id) is not that member's own master (its parent).
 * Loan lines come from the 'games' settlement of the weeks intersecting the period.
 */
export async function mailStatement(
  db: Queryable,
  query: { accountId: string; from: IsoDay; to: IsoDay; today?: IsoDay },
): Promise<MailStatement> {
  const account = await loadAccount(db, query.accountId);
  const rows = await queryRows<{
    id: string;
    username: string;
    name: string;
    registration_day: string;
    play_cents: number;
    profit_cents: number;
    other_play_cents: number | null;
    other_profit_cents: number | null;
  }>(
    db,
    // other_*: null when no play below the child was made at another agent's cafe (every play has
    // play points > 0, so a zero sum means none).
    sql`SELECT ch.id, ch.username, btrim(ch.first_name || ' ' || ch.last_name) AS name,
               ist_day(ch.created_at)::text AS registration_day, x.play_cents, x.profit_cents,
               x.other_play_cents, x.other_profit_cents
          FROM (SELECT d.root_id,
                       sum(d.play_points_cents)::bigint AS play_cents,
                       sum(d.play_points_cents - d.win_points_cents)::bigint AS profit_cents,
                       nullif(sum(d.other_play_points_cents), 0)::bigint AS other_play_cents,
                       (CASE WHEN sum(d.other_play_points_cents) <> 0
                             THEN sum(d.other_play_points_cents - d.other_win_points_cents) END)::bigint AS other_profit_cents
                  FROM (${playsBelowByChild(query.accountId, query)}) d
                 WHERE ${kindFilter('games')}
                 GROUP BY d.root_id) x
          JOIN accounts ch ON ch.id = x.root_id
         ORDER BY lower(ch.username)`,
  );

  const data: MailRow[] = rows.map((row) => ({
    accountId: row.id,
    username: row.username,
    name: row.name,
    playCents: Number(row.play_cents),
    registrationDate: row.registration_day,
    profitCents: Number(row.profit_cents),
  }));
  const userFound: MailUserFound[] = rows
    .filter((row) => row.other_play_cents !== null)
    .map((row) => ({
      username: row.username,
      otherCafesPlayCents: Number(row.other_play_cents),
      otherCafesProfitCents: Number(row.other_profit_cents ?? 0),
    }));
  const totalProfitCents = data.reduce((sum, row) => sum + row.profitCents, 0);

  return {
    from: query.from,
    to: query.to,
    data,
    userFound,
    totals: { totalProfitCents, usercommission: account.commission },
    summary: {
      revenuePercentage: totalProfitCents < 0 ? 0 : account.commission,
      giftCents: totalProfitCents > 0 ? percentOfCents(totalProfitCents, account.commission) : 0,
      actualPointsCents: totalProfitCents,
    },
    loan: await loanLines(db, query.accountId, query.from, query.to, query.today ?? query.to),
  };
}

async function loanLines(db: Queryable, accountId: string, from: IsoDay, to: IsoDay, today: IsoDay): Promise<MailLoanLines> {
  const revenue = await weeklyRevenue(db, { accountId, kind: 'games', from, to, today });
  const firstWeek = weekStartOf(from);
  const [row] = await queryRows<{ loans: number; owed_cents: number }>(
    db,
    sql`SELECT count(*)::int AS loans,
               coalesce(sum(l.principal_cents + l.processing_fee_cents
                            - coalesce((SELECT sum(ld.amount_cents) FROM loan_deductions ld
                                         WHERE ld.loan_id = l.id AND ld.week_start < ${firstWeek}), 0)), 0)::bigint AS owed_cents
          FROM loans l
         WHERE l.agent_id = ${accountId} AND l.issued_at < ${weekEndInstant(weekStartOf(to)).toISOString()}::timestamptz`,
  );
  const previousLoanCents = Number(row?.owed_cents ?? 0);
  const deductedCents = revenue.weeks.reduce((sum, week) => sum + week.revenueDeductionCents, 0);
  const lastWithLoan = revenue.weeks.findLast((week) => week.deductionPercentage > 0);
  return {
    hasLoan: Number(row?.loans ?? 0) > 0,
    deductionPercentage: lastWithLoan?.deductionPercentage ?? 0,
    previousLoanCents,
    deductedCents,
    loanRemainingCents: previousLoanCents - deductedCents,
  };
}
