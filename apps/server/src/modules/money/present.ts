import type {
  AgentMailPointsByType,
  AgentMailResponse,
  AgentMailRow,
  AgentMailUserFound,
  LoanRow,
  LoanTotals,
  ManagerMailRow,
  RecoveryResponse,
  RevenueRow,
  RevenueTotals,
  WeekMemberRow,
  WeekRef,
  WeekStatement,
} from '@playrep/contracts';
import { fullName } from '@playrep/contracts';
import { addDays, type IsoDay } from '../../lib/dates.js';
import { centsToPoints, sumCents } from '../../lib/money.js';
import type { ScopedAccount } from '../../plugins/context.js';
import type { LoanRowCents, LoansTotalsCents } from '../loans/loans-report.js';
import type { RevenueWeekCents, WeeklyRevenueCents, WeekStatementCents } from '../weeks/index.js';
import type { AgentMailCents, MailRowCents } from './queries/mail-statement.js';
import type { GamePointsCents } from './queries/points-by-game.js';
import type { RevenueRecoveryCents } from './queries/recovery.js';
import type { WeekMemberRowCents } from './queries/week-member-points.js';

// The API edge of the money reports: the settlement and queries.ts work in hundredths, the
// contracts in points. These are the only places where the money reports convert.

/** A settlement week by its Monday. */
export function weekRef(weekStart: IsoDay, open: boolean): WeekRef {
  return { fromDate: weekStart, toDate: addDays(weekStart, 6), open };
}

/** A Revenue row; `lateCents`: how much of its profit late plays brought. */
export function revenueRow(week: RevenueWeekCents, lateCents = 0n): RevenueRow {
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
    lateProfit: centsToPoints(lateCents),
  };
}

/**
 * The Revenue totals; the weeks they stand at: the last week shown for the carry forward, the
 * last closed week (`lastClosed`, null before any) for the remaining loan.
 */
export function revenueTotals(revenue: WeeklyRevenueCents, lastClosed: IsoDay | null): RevenueTotals {
  const { totals } = revenue;
  const last = revenue.weeks.at(-1);
  return {
    totalProfit: centsToPoints(totals.totalProfitCents),
    totalCommission: centsToPoints(totals.totalCommissionCents),
    coms: centsToPoints(totals.comsCents),
    totalRevenuePercentage: totals.totalRevenuePercentage,
    finalCarryForward: centsToPoints(totals.finalCarryForwardCents),
    finalCarryForwardWeek: last ? weekRef(last.weekStart, last.open) : null,
    totalRemainingLoan: centsToPoints(totals.totalRemainingLoanCents),
    totalRemainingLoanWeek: lastClosed ? weekRef(lastClosed, false) : null,
  };
}

export function weekStatement(statement: WeekStatementCents): WeekStatement {
  const { loan } = statement;
  return {
    ...weekRef(statement.weekStart, statement.open),
    commissionPercentage: statement.commissionPercentage,
    revenuePercentage: statement.revenuePercentage,
    actualPoints: centsToPoints(statement.profitCents),
    latePoints: centsToPoints(statement.lateProfitCents),
    giftPoints: centsToPoints(statement.giftCents),
    carryIn: centsToPoints(statement.carryInCents),
    carryEffect: centsToPoints(statement.carryEffectCents),
    actualRevenue: centsToPoints(statement.actualRevenueCents),
    loan: {
      hasLoan: loan.hasLoan,
      deductionPercentage: loan.deductionPercentage,
      previousLoan: centsToPoints(loan.previousLoanCents),
      deductedPoints: centsToPoints(loan.deductedCents),
      loanRemaining: centsToPoints(loan.loanRemainingCents),
    },
    paid: centsToPoints(statement.paidCents),
    carryForward: centsToPoints(statement.carryOutCents),
  };
}

/** The week popup's Revenue row, from the statement (the same figures, so it can never differ). */
export function statementRevenueRow(statement: WeekStatementCents): RevenueRow {
  return revenueRow(
    {
      weekStart: statement.weekStart,
      fromDate: statement.weekStart,
      toDate: statement.weekEnd,
      open: statement.open,
      profitCents: statement.profitCents,
      carryInCents: statement.carryInCents,
      commissionPercentage: statement.commissionPercentage,
      actualRevenueCents: statement.actualRevenueCents,
      deductionPercentage: statement.loan.deductionPercentage,
      revenueDeductionCents: statement.loan.deductedCents,
      revAfterLoanCents: statement.paidCents,
      carryOutCents: statement.carryOutCents,
    },
    statement.lateProfitCents,
  );
}

export function loanRow(row: LoanRowCents): LoanRow {
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

/** The sums of a loan list's columns that total, over every row. */
export function loanTotals(totals: LoansTotalsCents): LoanTotals {
  return {
    totalLoan: centsToPoints(totals.totalLoanCents),
    outstanding: centsToPoints(totals.outstandingCents),
    processingLoan: centsToPoints(totals.processingLoanCents),
  };
}

/** The account a report is about, as its header names it. */
export function accountRef(account: Pick<ScopedAccount, 'id' | 'username'>): { _id: string; username: string } {
  return { _id: account.id, username: account.username };
}

/** Σ of amounts in hundredths, in points: the reports' totals are summed before converting. */
export function totalPoints<T>(items: readonly T[], cents: (item: T) => bigint): number {
  return centsToPoints(sumCents(items, cents));
}

export function weekMemberRow(member: WeekMemberRowCents): WeekMemberRow {
  return {
    _id: member.accountId,
    username: member.username,
    role: member.role,
    profit: centsToPoints(member.profitCents),
    playPoints: centsToPoints(member.playPointsCents),
  };
}

export function recoveryData(owed: RevenueRecoveryCents): RecoveryResponse['data'] {
  return {
    masterUsername: owed.masterUsername,
    recoveryAmount: centsToPoints(owed.recoveryAmountCents),
    outstandingLoan: centsToPoints(owed.outstandingLoanCents),
    carryForward: centsToPoints(owed.carryForwardCents),
    asOfWeek: owed.asOfWeek ? weekRef(owed.asOfWeek, false) : null,
  };
}

export function mailRow(row: MailRowCents): AgentMailRow {
  return {
    _id: row.accountId,
    username: row.username,
    role: row.role,
    name: fullName(row.firstName, row.lastName),
    playPoints: centsToPoints(row.playCents),
    registeredAt: row.registrationDate,
    profit: centsToPoints(row.profitCents),
  };
}

export function mailTotals(statement: AgentMailCents): AgentMailResponse['totals'] {
  return {
    totalProfit: centsToPoints(statement.totals.totalProfitCents),
    totalPlayPoints: totalPoints(statement.data, (row) => row.playCents),
    usercommission: statement.totals.usercommission,
  };
}

export function mailUserFound(found: AgentMailCents['userFound'][number]): AgentMailUserFound {
  return {
    username: found.username,
    playPoints: centsToPoints(found.otherCafesPlayCents),
    profit: centsToPoints(found.otherCafesProfitCents),
  };
}

export function pointsByTypeRow(game: GamePointsCents): AgentMailPointsByType {
  return { type: game.gameName, playPoints: centsToPoints(game.playCents), profit: centsToPoints(game.profitCents) };
}

/**
 * Manager Mail Details numbers its rows itself, as its `SrNo` column (docs/screens.md, Manager Mail
 * Details); the same accounts as Agent Mail.
 */
export function managerMailRows(children: readonly MailRowCents[]): ManagerMailRow[] {
  return children.map((child, i) => ({
    SrNo: i + 1,
    _id: child.accountId,
    username: child.username,
    name: fullName(child.firstName, child.lastName),
    profit: centsToPoints(child.profitCents),
  }));
}
