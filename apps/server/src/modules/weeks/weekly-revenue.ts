import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { addDays, type IsoDay, weekStartOf } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { type DbCents, readCents, sumCents } from '../../lib/money.js';
import { requireAccount } from '../accounts/repository.js';
import { kindFilter, oneRoot, playsUnder, profitSum, type SettlementKind } from '../play-sums/index.js';
import { type LoanBalanceRow, openLoanBalancesSql, toLoanBalance, totalOutstanding } from './loan-balances.js';
import { type LoanBalance, settleWeek } from './settle-week.js';
import { type CalendarColumns, calendarColumns, calendarFrom, isFinal } from './settlement-calendar.js';
import { minDay, weekEndDay, weekEndInstant, weekStartsBetween } from './weeks.js';

export interface RevenueWeekCents {
  weekStart: IsoDay;
  /** Monday. */
  fromDate: IsoDay;
  /** Sunday. */
  toDate: IsoDay;
  /** Not closed yet: computed live from the plays so far (the current week, or a finished week the job has not closed). */
  open: boolean;
  profitCents: bigint;
  carryInCents: bigint;
  commissionPercentage: number;
  actualRevenueCents: bigint;
  deductionPercentage: number;
  revenueDeductionCents: bigint;
  revAfterLoanCents: bigint;
  carryOutCents: bigint;
}

export interface RevenueTotalsCents {
  totalProfitCents: bigint;
  /** Σ actualRevenue. */
  totalCommissionCents: bigint;
  /** Σ revAfterLoan. */
  comsCents: bigint;
  /** The account's commission. */
  totalRevenuePercentage: number;
  /** carryOut of the last week shown (0 when none). */
  finalCarryForwardCents: bigint;
  /** What the account owes on all its loans now. */
  totalRemainingLoanCents: bigint;
}

export interface WeeklyRevenueCents {
  weeks: RevenueWeekCents[];
  totals: RevenueTotalsCents;
}

export interface WeeklyRevenueQuery {
  accountId: string;
  kind: SettlementKind;
  from: IsoDay;
  to: IsoDay;
  /** Weeks starting after today are left out. */
  today: IsoDay;
}

interface RevenueInputs extends CalendarColumns {
  /** Null when there is no such account. */
  account_id: string | null;
  commission: string;
  loans: LoanBalanceRow[] | null;
  settlements: ClosedRow[] | null;
}

/** The columns of a ClosedRow, from weekly_settlements; hundredths as text, exact in a json_agg too. */
export const SETTLEMENT_COLUMNS = sql`week_start::text AS week_start, profit_cents::text AS profit_cents,
  carry_in_cents::text AS carry_in_cents, commission::text AS commission, actual_revenue_cents::text AS actual_revenue_cents,
  deduction_percentage::text AS deduction_percentage, revenue_deduction_cents::text AS revenue_deduction_cents,
  rev_after_loan_cents::text AS rev_after_loan_cents, carry_out_cents::text AS carry_out_cents`;

/** A weekly_settlements row (SETTLEMENT_COLUMNS). */
export interface ClosedRow {
  week_start: string;
  profit_cents: DbCents;
  carry_in_cents: DbCents;
  commission: string;
  actual_revenue_cents: DbCents;
  deduction_percentage: string;
  revenue_deduction_cents: DbCents;
  rev_after_loan_cents: DbCents;
  carry_out_cents: DbCents;
}

/**
 * Revenue / Poker Revenue report of one account (docs/domain.md, "Weekly settlement"): one row per settlement
 * week intersecting [from, to]. Final weeks (settlement-calendar.ts) are read as they were closed,
 * or as zeros before settlement began. Open weeks are settled live with the same arithmetic,
 * chained from the last closed week (its carry-out, and the loans as they stand now, less what
 * earlier open weeks would take), so the figures shown for an open week are the ones closing it
 * would write (at today's plays and commission).
 */
export async function weeklyRevenue(db: Queryable, query: WeeklyRevenueQuery): Promise<WeeklyRevenueCents> {
  const { accountId, kind } = query;
  const currentWeek = weekStartOf(query.today);
  const firstShown = weekStartOf(query.from);
  const lastShown = minDay(weekStartOf(query.to), currentWeek);
  // One statement for the account, its loans, the calendar and the closed weeks' rows. The weeks
  // computed start at the week shown first, or earlier at the week to close next (the last closed
  // one + 7: only closed weeks have rows), and the week before them gives the carry.
  const [inputs] = await queryRows<RevenueInputs>(
    db,
    sql`SELECT a.id AS account_id, a.commission::text AS commission,
               (SELECT json_agg(l ORDER BY l.issued_at, l.id) FROM (${openLoanBalancesSql({ agentId: accountId })}) l) AS loans,
               ${calendarColumns(kind)},
               (SELECT json_agg(w ORDER BY w.week_start)
                  FROM (SELECT ${SETTLEMENT_COLUMNS}
                          FROM weekly_settlements
                         WHERE account_id = ${accountId}::uuid AND kind = ${kind}
                           AND week_start >= least(${firstShown}::date,
                                                   coalesce((SELECT max(s.week_start) FROM settled_weeks s WHERE s.kind = ${kind}) + 7,
                                                            ${firstShown}::date)) - 7
                           AND week_start <= ${lastShown}::date) w) AS settlements
          FROM (SELECT 1) one
          LEFT JOIN accounts a ON a.id = ${accountId}::uuid`,
  );
  if (!inputs?.account_id) await requireAccount(db, accountId);
  const found = definite(inputs, 'the inputs row');
  const commission = Number(found.commission);
  const allLoans = (found.loans ?? []).map(toLoanBalance);
  const calendar = calendarFrom(found, currentWeek);
  if (lastShown < firstShown) return { weeks: [], totals: totalsOf([], commission, allLoans) };

  // Open weeks form a chain from the next week to close to the last week shown.
  const firstComputed = minDay(firstShown, calendar.nextToClose);
  const weeks = weekStartsBetween(firstComputed, lastShown);
  const openWeeks = weeks.filter((week) => !isFinal(calendar, week));

  const closedRows = new Map((found.settlements ?? []).map((row) => [row.week_start, row]));

  const liveProfit = new Map<string, bigint>();
  const [firstOpen] = openWeeks;
  const lastOpen = openWeeks.at(-1);
  if (firstOpen !== undefined && lastOpen !== undefined) {
    const rows = await queryRows<{ week_start: string; profit_cents: DbCents }>(
      db,
      sql`SELECT date_trunc('week', d.day::timestamp)::date::text AS week_start, ${profitSum(kind)} AS profit_cents
            FROM (${playsUnder(oneRoot(accountId), { from: firstOpen, to: weekEndDay(lastOpen) })}) d
           WHERE ${kindFilter(kind)}
           GROUP BY 1`,
    );
    for (const row of rows) liveProfit.set(row.week_start, readCents(row.profit_cents));
  }

  // Loans as they stand, reduced by what each earlier open week of the chain takes.
  const owed = new Map(allLoans.map((loan) => [loan.id, loan.outstandingCents]));
  const loansNow = (): LoanBalance[] =>
    kind === 'games' ? allLoans.map((loan) => ({ ...loan, outstandingCents: owed.get(loan.id) ?? 0n })) : [];

  const result: RevenueWeekCents[] = [];
  let carry = readCents(closedRows.get(addDays(firstComputed, -7))?.carry_out_cents);
  for (const weekStart of weeks) {
    let row: RevenueWeekCents;
    if (isFinal(calendar, weekStart)) {
      row = closedWeek(weekStart, closedRows.get(weekStart), commission);
    } else {
      const profitCents = liveProfit.get(weekStart) ?? 0n;
      const settled = settleWeek({
        profitCents,
        carryInCents: carry,
        commission: commission,
        loans: loansNow(),
        weekEndsAt: weekEndInstant(weekStart),
      });
      for (const d of settled.deductions) owed.set(d.loanId, (owed.get(d.loanId) ?? 0n) - d.amountCents);
      row = {
        weekStart,
        fromDate: weekStart,
        toDate: weekEndDay(weekStart),
        open: true,
        profitCents,
        carryInCents: carry,
        commissionPercentage: commission,
        actualRevenueCents: settled.actualRevenueCents,
        deductionPercentage: settled.deductionPercentage,
        revenueDeductionCents: settled.revenueDeductionCents,
        revAfterLoanCents: settled.revAfterLoanCents,
        carryOutCents: settled.carryOutCents,
      };
    }
    carry = row.carryOutCents;
    if (weekStart >= firstShown) result.push(row);
  }

  return { weeks: result, totals: totalsOf(result, commission, allLoans) };
}

function totalsOf(weeks: readonly RevenueWeekCents[], commission: number, loans: readonly LoanBalance[]): RevenueTotalsCents {
  return {
    totalProfitCents: sumCents(weeks, (w) => w.profitCents),
    totalCommissionCents: sumCents(weeks, (w) => w.actualRevenueCents),
    comsCents: sumCents(weeks, (w) => w.revAfterLoanCents),
    totalRevenuePercentage: commission,
    finalCarryForwardCents: weeks.at(-1)?.carryOutCents ?? 0n,
    totalRemainingLoanCents: totalOutstanding(loans),
  };
}

/**
 * A final week as written. No row: an account added after the week closed, or a week before
 * settlement began (nothing to settle): all zero.
 */
export function closedWeek(weekStart: IsoDay, row: ClosedRow | undefined, currentCommission: number): RevenueWeekCents {
  return {
    weekStart,
    fromDate: weekStart,
    toDate: weekEndDay(weekStart),
    open: false,
    profitCents: readCents(row?.profit_cents),
    carryInCents: readCents(row?.carry_in_cents),
    commissionPercentage: row ? Number(row.commission) : currentCommission,
    actualRevenueCents: readCents(row?.actual_revenue_cents),
    deductionPercentage: row ? Number(row.deduction_percentage) : 0,
    revenueDeductionCents: readCents(row?.revenue_deduction_cents),
    revAfterLoanCents: readCents(row?.rev_after_loan_cents),
    carryOutCents: readCents(row?.carry_out_cents),
  };
}
