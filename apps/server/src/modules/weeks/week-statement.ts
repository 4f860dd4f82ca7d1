import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { type IsoDay, weekStartOf } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { type DbCents, percentOfCents, readCents, sumCents } from '../../lib/money.js';
import { requireAccount } from '../accounts/repository.js';
import { loanOwed } from '../loans/loan-owed.js';
import { closedLateProfit, lateProfitByWeek } from './late-profit.js';
import { isFinal, settlementCalendar } from './settlement-calendar.js';
import { type ClosedRow, closedWeek, type RevenueWeekCents, SETTLEMENT_COLUMNS, weeklyRevenue } from './weekly-revenue.js';
import { minDay, weekEndDay, weekEndInstant } from './weeks.js';

/** The gift lines of a statement (docs/domain.md, "Week statement") over a profit, at a commission. */
export interface GiftSummary {
  /** 0 when the profit is negative, else the commission. */
  revenuePercentage: number;
  /** profit × commission / 100, 0 when the profit is not positive. */
  giftCents: bigint;
}

export function giftSummary(profitCents: bigint, commission: number): GiftSummary {
  return {
    revenuePercentage: profitCents < 0n ? 0 : commission,
    giftCents: profitCents > 0n ? percentOfCents(profitCents, commission) : 0n,
  };
}

/** The loan lines of one week, from the draw-games settlement. */
export interface StatementLoanCents {
  /** True when the account had a loan issued before the week ended. */
  hasLoan: boolean;
  /** The rate the week was settled at ("{n}% deducted for loan"); 0 with nothing owed. */
  deductionPercentage: number;
  /** Owed before the week on the loans issued before it ended ("Previous Loan"). */
  previousLoanCents: bigint;
  /** Taken from the week's revenue for the loans ("Deducted Points" = Revenue's "Rev Ded"). */
  deductedCents: bigint;
  /** previousLoan − deducted: what is owed after the week ("Loan Remaining"). */
  loanRemainingCents: bigint;
}

/**
 * One account's settlement of one draw-games week, read top to bottom (docs/domain.md, "Weekly settlement",
 * "Week statement"): every figure is the Revenue report's for the same week, and the lines add
 * up exactly: gift + carryEffect = actualRevenue, actualRevenue − deducted = paid.
 */
export interface WeekStatementCents {
  weekStart: IsoDay;
  weekEnd: IsoDay;
  /** Not closed yet: the figures are live, not final. */
  open: boolean;
  /** The commission the week was settled at (the current one while it is open). */
  commissionPercentage: number;
  /** 0 when the profit is negative, else the commission (docs/domain.md, "Week statement"). */
  revenuePercentage: number;
  /** The week's profit ("Actual Points" = Revenue's "Profit"). */
  profitCents: bigint;
  /** Of the profit, what late plays booked into the week brought (docs/domain.md, "Data from the game platform"). */
  lateProfitCents: bigint;
  /** profit × commission / 100, 0 when the profit is not positive (docs/domain.md, "Week statement"). */
  giftCents: bigint;
  /** The loss carried in from the week before (≤ 0). */
  carryInCents: bigint;
  /** What the loss carried in took off the gift: actualRevenue − gift (≤ 0). */
  carryEffectCents: bigint;
  /** (profit + carryIn) × commission / 100 when positive, else 0 (Revenue's "Actual Rev"). */
  actualRevenueCents: bigint;
  loan: StatementLoanCents;
  /** actualRevenue − deducted (Revenue's "Rev After Loan"). */
  paidCents: bigint;
  /** The loss carried out of the week into the next (≤ 0). */
  carryOutCents: bigint;
}

/**
 * The statement of the draw-games week holding `weekStart` (a week that has started by `today`).
 * Its figures are the Revenue report's row of that week; for an open week the loans stand as
 * the open weeks before it (not closed yet either) leave them, as the Revenue report chains them.
 */
export async function weekStatement(
  db: Queryable,
  query: { accountId: string; weekStart: IsoDay; today: IsoDay },
): Promise<WeekStatementCents> {
  return (await weekStatementWithCommission(db, query)).statement;
}

/**
 * weekStatement, and the account's commission now (the mail statement's total shows it). A week
 * the job has closed is read in one statement: its settlement row, the loans before it and its
 * late profit as the closing fixed it. Any other week (the current one, one not closed yet, one
 * before settlement began) goes through the Revenue report's chain of weeks.
 */
export async function weekStatementWithCommission(
  db: Queryable,
  query: { accountId: string; weekStart: IsoDay; today: IsoDay },
): Promise<{ statement: WeekStatementCents; commission: number }> {
  const weekStart = weekStartOf(query.weekStart);
  const weekEnd = weekEndDay(weekStart);
  const currentWeek = weekStartOf(query.today);
  if (weekStart > currentWeek) throw new RangeError(`the week of ${weekStart} has not started`);
  if (weekStart < currentWeek) {
    const [facts] = await queryRows<ClosedWeekFacts>(
      db,
      sql`SELECT a.id AS account_id, a.commission::text AS commission,
                 EXISTS (SELECT 1 FROM settled_weeks s WHERE s.week_start = ${weekStart}::date AND s.kind = 'games') AS closed,
                 (SELECT row_to_json(w) FROM (SELECT ${SETTLEMENT_COLUMNS} FROM weekly_settlements
                                               WHERE account_id = ${query.accountId}::uuid AND kind = 'games'
                                                 AND week_start = ${weekStart}::date) w) AS settlement,
                 lw.loans, lw.owed_cents,
                 (SELECT lp.profit_cents FROM (${closedLateProfit(query.accountId, 'games', [weekStart])}) lp) AS late_profit_cents
            FROM (SELECT 1) one
            LEFT JOIN accounts a ON a.id = ${query.accountId}::uuid
           CROSS JOIN (${loansBeforeWeekSql(query.accountId, weekStart)}) lw`,
    );
    if (!facts?.account_id) await requireAccount(db, query.accountId);
    const found = definite(facts, 'the week facts row');
    if (found.closed) {
      const commission = Number(found.commission);
      const week = closedWeek(weekStart, found.settlement ?? undefined, commission);
      const loans = { count: Number(found.loans), owedCents: readCents(found.owed_cents) };
      return { statement: statementOf(week, loans, readCents(found.late_profit_cents), 0n), commission };
    }
  }
  const calendar = await settlementCalendar(db, 'games', currentWeek);
  // From the first open week, so that the open weeks before this one take their share of the loans.
  const from = isFinal(calendar, weekStart) ? weekStart : minDay(weekStart, calendar.nextToClose);
  const [revenue, [loans], late] = await Promise.all([
    weeklyRevenue(db, { accountId: query.accountId, kind: 'games', from, to: weekEnd, today: query.today }),
    queryRows<LoansBeforeWeek>(db, loansBeforeWeekSql(query.accountId, weekStart)),
    lateProfitByWeek(db, { accountId: query.accountId, kind: 'games', from: weekStart, to: weekStart }),
  ]);
  const week = definite(
    revenue.weeks.find((w) => w.weekStart === weekStart),
    'the statement week',
  );
  const liveDeductedBeforeCents = sumCents(
    revenue.weeks.filter((w) => w.open && w.weekStart < weekStart),
    (w) => w.revenueDeductionCents,
  );
  return {
    statement: statementOf(
      week,
      { count: Number(loans?.loans ?? 0), owedCents: readCents(loans?.owed_cents) },
      late.get(weekStart) ?? 0n,
      liveDeductedBeforeCents,
    ),
    commission: revenue.totals.totalRevenuePercentage,
  };
}

interface LoansBeforeWeek {
  loans: number;
  owed_cents: DbCents;
}

interface ClosedWeekFacts extends LoansBeforeWeek {
  /** Null when there is no such account. */
  account_id: string | null;
  commission: string;
  closed: boolean;
  settlement: ClosedRow | null;
  late_profit_cents: DbCents;
}

/**
 * The statement of a week from its Revenue row, the loans before it, its late profit, and what
 * the open weeks before it (if it is open) take off the loans first.
 */
function statementOf(
  week: RevenueWeekCents,
  loans: { count: number; owedCents: bigint },
  lateProfitCents: bigint,
  liveDeductedBeforeCents: bigint,
): WeekStatementCents {
  const previousLoanCents = loans.owedCents - liveDeductedBeforeCents;
  const gift = giftSummary(week.profitCents, week.commissionPercentage);
  return {
    weekStart: week.weekStart,
    weekEnd: week.toDate,
    open: week.open,
    commissionPercentage: week.commissionPercentage,
    revenuePercentage: gift.revenuePercentage,
    profitCents: week.profitCents,
    lateProfitCents,
    giftCents: gift.giftCents,
    carryInCents: week.carryInCents,
    // A difference, so that the lines add up to the hundredth.
    carryEffectCents: week.actualRevenueCents - gift.giftCents,
    actualRevenueCents: week.actualRevenueCents,
    loan: {
      hasLoan: loans.count > 0,
      deductionPercentage: week.deductionPercentage,
      previousLoanCents,
      deductedCents: week.revenueDeductionCents,
      loanRemainingCents: previousLoanCents - week.revenueDeductionCents,
    },
    paidCents: week.revAfterLoanCents,
    carryOutCents: week.carryOutCents,
  };
}

/**
 * The account's loans issued before the week ended, and what was owed on them before the week
 * (principal + fee − the deductions of the closed weeks before it): one row of `loans` and `owed_cents`.
 */
function loansBeforeWeekSql(accountId: string, weekStart: IsoDay): SQL {
  return sql`SELECT count(*)::int AS loans,
               coalesce(sum(${loanOwed(sql`(SELECT sum(ld.amount_cents) FROM loan_deductions ld
                                                     WHERE ld.loan_id = l.id AND ld.week_start < ${weekStart})`)}), 0)::bigint AS owed_cents
          FROM loans l
         WHERE l.agent_id = ${accountId} AND l.issued_at < ${weekEndInstant(weekStart).toISOString()}::timestamptz`;
}
