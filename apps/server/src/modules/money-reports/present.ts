import type { LoanRow, MailLoan, MailSummary, RevenueRow, RevenueTotals } from '@playrep/contracts';
import { centsToPoints, percentOfCents } from '../../lib/money.js';
import type { AgentLoanRow, MailStatement, RevenueWeek, WeeklyRevenue } from '../settlement/index.js';

/**
 * The API edge of the money reports: the settlement works in hundredths, the contracts in points.
 * These are the only places where the money reports convert.
 */
export function revenueRow(week: RevenueWeek): RevenueRow {
  return {
    fromDate: week.fromDate,
    toDate: week.toDate,
    profit: centsToPoints(week.profitCents),
    actualRevenue: centsToPoints(week.actualRevenueCents),
    revenueDeduction: centsToPoints(week.revenueDeductionCents),
    deductionPercentage: week.deductionPercentage,
    commissionPercentage: week.commissionPercentage,
    revAfterLoan: centsToPoints(week.revAfterLoanCents),
    carryIn: centsToPoints(week.carryInCents),
    carryOut: centsToPoints(week.carryOutCents),
    open: week.open,
  };
}

export function revenueTotals(totals: WeeklyRevenue['totals']): RevenueTotals {
  return {
    totalProfit: centsToPoints(totals.totalProfitCents),
    totalCommission: centsToPoints(totals.totalCommissionCents),
    coms: centsToPoints(totals.comsCents),
    totalRevenuePercentage: totals.totalRevenuePercentage,
    finalCarryForward: centsToPoints(totals.finalCarryForwardCents),
    totalRemainingLoan: centsToPoints(totals.totalRemainingLoanCents),
  };
}

export function mailLoan(loan: MailStatement['loan']): MailLoan {
  return {
    hasLoan: loan.hasLoan,
    deductionPercentage: loan.deductionPercentage,
    previousLoan: centsToPoints(loan.previousLoanCents),
    deductedPoints: centsToPoints(loan.deductedCents),
    loanRemaining: centsToPoints(loan.loanRemainingCents),
  };
}

export function mailSummary(summary: MailStatement['summary']): MailSummary {
  return {
    revenuePercentage: summary.revenuePercentage,
    giftPoints: centsToPoints(summary.giftCents),
    actualPoints: centsToPoints(summary.actualPointsCents),
  };
}

/**
 * The week popup's gift lines (spec section 9): gift = profit x revenue % / 100 over the week's
 * own profit (not the carry-adjusted base), at the commission the week was settled at; 0 when the
 * profit is not positive.
 */
export function weekSummary(week: RevenueWeek): MailSummary {
  const profit = week.profitCents;
  return {
    revenuePercentage: profit < 0 ? 0 : week.commissionPercentage,
    giftPoints: centsToPoints(profit > 0 ? percentOfCents(profit, week.commissionPercentage) : 0),
    actualPoints: centsToPoints(profit),
  };
}

export function loanRow(row: AgentLoanRow): LoanRow {
  return {
    _id: row.agentId,
    username: row.username,
    totalLoan: centsToPoints(row.totalLoanCents),
    processingLoan: centsToPoints(row.processingLoanCents),
    outstanding: centsToPoints(row.outstandingCents),
    daysFromLastDeduction: row.daysFromLastDeduction,
    lastDeductionDate: row.lastDeductionDay,
  };
}

/** Rows with their "Sr. No." for the exports. */
export const numbered = <T extends object>(rows: readonly T[]) => rows.map((row, i) => ({ srNo: i + 1, ...row }));
