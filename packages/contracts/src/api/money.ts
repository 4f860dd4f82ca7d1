import { z } from 'zod';
import { type EndpointDef, oneSheet, report } from '../endpoint-def.js';
import { EXPORT_FORMATS, STATEMENT_EXPORT_FORMATS } from '../tables/columns.js';
import {
  AGENT_MAIL_EXPORT_COLUMNS,
  AGENT_MAIL_POINTS_BY_TYPE_COLUMNS,
  LOAN_COLUMNS,
  LOAN_SORTS,
  MAIL_MEMBERS_TITLE,
  MAIL_POINTS_BY_TYPE_TITLE,
  MANAGER_MAIL_COLUMNS,
  RECOVERY_COLUMNS,
  REVENUE_COLUMNS,
  REVENUE_EXPORT_COLUMNS,
  WEEK_MEMBER_COLUMNS,
} from '../tables/money.js';
import { STATEMENT_LINE_COLUMNS, STATEMENT_SUMMARY_TITLE } from '../tables/statement.js';
import { exportLanguageParam, queryObject, RangeEcho, RangeQuery } from './common.js';
import { ListPageEcho, listPaging } from './list-paging.js';

/**
 * The money reports (docs/domain.md, "Weekly settlement"): Revenue, Poker Revenue, the week popup,
 * Computer Loan, Multiple Cybers, Revenue Recovery, Agent and Manager Mail Details. Every amount
 * is in points (2 decimals at most); percentages are plain numbers (50 = 50 %).
 */

// ---------------------------------------------------------------- Revenue and Poker Revenue

/** `revenue`, `revenueById`, `pokerRevenue`: the range and the subject (`id`). */
export const RevenueQuery = RangeQuery;
export type RevenueQuery = z.infer<typeof RevenueQuery>;

/** A settlement week as the answers name it: the week a figure stands at, and whether it is final. */
export const WeekRef = z.object({
  /** Monday, 'YYYY-MM-DD'. */
  fromDate: z.string(),
  /** Sunday, 'YYYY-MM-DD'. */
  toDate: z.string(),
  /** Not closed yet: what stands at it is live, not final. */
  open: z.boolean(),
});
export type WeekRef = z.infer<typeof WeekRef>;

/** One settlement week (docs/screens.md, Revenue). */
export const RevenueRow = z.object({
  /** Monday, 'YYYY-MM-DD'. */
  fromDate: z.string(),
  /** Sunday, 'YYYY-MM-DD'. */
  toDate: z.string(),
  profit: z.number(),
  /** (profit + carry-in) x commission / 100 when positive, else 0. */
  actualRevenue: z.number(),
  /** Taken for the loans ("Rev Ded"). */
  revenueDeduction: z.number(),
  /** The loan's rate ("Ded %"), 0 without a loan. */
  deductionPercentage: z.number(),
  /** The commission the week was settled at ("Revenue %"). */
  commissionPercentage: z.number(),
  revAfterLoan: z.number(),
  /** Loss carried in from the previous week (<= 0). */
  carryIn: z.number(),
  /** Loss carried to the next week (<= 0). */
  carryOut: z.number(),
  /** Not closed yet: computed live (the current week, or a finished week the job has not closed). */
  open: z.boolean(),
  /** Of the profit, what late plays booked into this week brought (docs/domain.md, "Data from the game platform"); 0 when none. */
  lateProfit: z.number(),
});
export type RevenueRow = z.infer<typeof RevenueRow>;

export const RevenueTotals = z.object({
  totalProfit: z.number(),
  /** Σ actualRevenue. */
  totalCommission: z.number(),
  /** Σ revAfterLoan. */
  coms: z.number(),
  /** The account's commission now. */
  totalRevenuePercentage: z.number(),
  /** carryOut of the last week shown. */
  finalCarryForward: z.number(),
  /** The week finalCarryForward is carried out of (the last week shown); null when none is shown. */
  finalCarryForwardWeek: WeekRef.nullable(),
  /** Still owed on all the account's loans ("Total Remaining Loan"): after the deductions of the closed weeks. */
  totalRemainingLoan: z.number(),
  /** The last closed week, whose deductions totalRemainingLoan is after; null before any week is closed. */
  totalRemainingLoanWeek: WeekRef.nullable(),
});
export type RevenueTotals = z.infer<typeof RevenueTotals>;

export const RevenueResponse = z.object({
  range: RangeEcho,
  account: z.object({ _id: z.string(), username: z.string() }),
  kind: z.enum(['games', 'poker']),
  data: z.array(RevenueRow),
  totals: RevenueTotals,
});
export type RevenueResponse = z.infer<typeof RevenueResponse>;

// ---------------------------------------------------------------- Week statement (mail and the week popup)

/** The loan lines of one week, from the draw-games settlement. */
export const StatementLoan = z.object({
  /** A loan was issued before the week ended (else the screen shows 'No Record Found'). */
  hasLoan: z.boolean(),
  /** The rate the week was settled at: "{n}% deducted for loan". */
  deductionPercentage: z.number(),
  /** Owed before the week ("Previous Loan"). */
  previousLoan: z.number(),
  /** Taken for the loans from the week's revenue ("Deducted Points" = Revenue's "Rev Ded"). */
  deductedPoints: z.number(),
  /** previousLoan − deductedPoints: owed after the week ("Loan Remaining"). */
  loanRemaining: z.number(),
});
export type StatementLoan = z.infer<typeof StatementLoan>;

/**
 * One settlement week of an account, line by line (docs/domain.md, "Weekly settlement"): every figure is the
 * Revenue report's of the same week, and the lines add up to the hundredth:
 * giftPoints + carryEffect = actualRevenue; actualRevenue − loan.deductedPoints = paid.
 */
export const WeekStatement = WeekRef.extend({
  /** The commission the week was settled at (the current one while it is open). */
  commissionPercentage: z.number(),
  /** 0 when the profit is negative, else the commission ("Revenue Percentage", docs/domain.md, "Week statement"). */
  revenuePercentage: z.number(),
  /** The week's profit ("Actual Points" = Revenue's "Profit"). */
  actualPoints: z.number(),
  /** Of actualPoints, what late plays booked into the week brought; 0 when none. */
  latePoints: z.number(),
  /** profit x commission / 100, 0 when the profit is not positive ("Gift Points", docs/domain.md, "Week statement"). */
  giftPoints: z.number(),
  /** The loss carried in from the week before (<= 0). */
  carryIn: z.number(),
  /** What the loss carried in took off the gift: actualRevenue − giftPoints (<= 0). */
  carryEffect: z.number(),
  /** Revenue's "Actual Rev": (profit + carryIn) x commission / 100 when positive, else 0. */
  actualRevenue: z.number(),
  loan: StatementLoan,
  /** Revenue's "Rev After Loan": actualRevenue − loan.deductedPoints. */
  paid: z.number(),
  /** The loss carried out of the week into the next (<= 0). */
  carryForward: z.number(),
});
export type WeekStatement = z.infer<typeof WeekStatement>;

// ---------------------------------------------------------------- Agent Mail Details

/**
 * `agentMail` and `managerMail`: one settlement week. `fromDate` is its Monday, `toDate`
 * (optional) its Sunday; `toDate` alone must be a Sunday; no dates: the last finished week.
 * Anything else is a 400 that says so.
 */
/** A statement's query: one settlement week; its file also as PDF. */
const StatementQuery = queryObject({ ...RangeQuery.shape, format: z.enum(STATEMENT_EXPORT_FORMATS).optional() });

export const AgentMailQuery = StatementQuery;
export type AgentMailQuery = z.infer<typeof AgentMailQuery>;

/** One direct child with plays below it in the week (for a master: one member). */
export const AgentMailRow = z.object({
  _id: z.string(),
  username: z.string(),
  /** The child's role: a player's username links to its member page. */
  role: z.string(),
  name: z.string(),
  playPoints: z.number(),
  /** The child's registration day, 'YYYY-MM-DD'. */
  registeredAt: z.string(),
  /** "Points Used By The Member". */
  profit: z.number(),
});
export type AgentMailRow = z.infer<typeof AgentMailRow>;

/** A child below which some member played at another agent's cafe (the screen marks it). */
export const AgentMailUserFound = z.object({
  username: z.string(),
  /** Play points and profit of the plays at other agents' cafes only. */
  playPoints: z.number(),
  profit: z.number(),
});
export type AgentMailUserFound = z.infer<typeof AgentMailUserFound>;

/** "Total Points Used" by type: one line per draw game, in game order. */
export const AgentMailPointsByType = z.object({ type: z.string(), playPoints: z.number(), profit: z.number() });
export type AgentMailPointsByType = z.infer<typeof AgentMailPointsByType>;

export const AgentMailResponse = z.object({
  /** The week: Monday. */
  fromDate: z.string(),
  /** Sunday. */
  toDate: z.string(),
  /** The week is not closed yet: its figures are live. */
  open: z.boolean(),
  account: z.object({ _id: z.string(), username: z.string() }),
  data: z.array(AgentMailRow),
  totals: z.object({
    /** Σ data.profit = the account's profit for the week. */
    totalProfit: z.number(),
    /** Σ data.playPoints. */
    totalPlayPoints: z.number(),
    /** The account's commission (percent). */
    usercommission: z.number(),
  }),
  userFound: z.array(AgentMailUserFound),
  pointsByType: z.array(AgentMailPointsByType),
  /** The week's settlement, line by line. */
  statement: WeekStatement,
});
export type AgentMailResponse = z.infer<typeof AgentMailResponse>;

// ---------------------------------------------------------------- Week popup

/** `revenueWeek`: `fromDate` is any day of the week (default: today's week). */
export const RevenueWeekQuery = queryObject({
  id: z.string().trim().optional(),
  fromDate: z.string().optional(),
  format: z.enum(STATEMENT_EXPORT_FORMATS).optional(),
});
export type RevenueWeekQuery = z.infer<typeof RevenueWeekQuery>;

/** A member of Revenue's week popup (docs/screens.md, Revenue): a direct child with plays below it in the week. */
export const WeekMemberRow = z.object({
  _id: z.string(),
  username: z.string(),
  /** The child's role: a player's username links to its member page. */
  role: z.string(),
  profit: z.number(),
  playPoints: z.number(),
});
export type WeekMemberRow = z.infer<typeof WeekMemberRow>;

export const RevenueWeekResponse = z.object({
  account: z.object({ _id: z.string(), username: z.string() }),
  /** The week's revenue row (draw games). */
  week: RevenueRow,
  members: z.array(WeekMemberRow),
  /** Σ members.profit (= week.profit). */
  totalProfit: z.number(),
  /** The week's settlement, line by line: the same statement as the mail report's. */
  statement: WeekStatement,
});
export type RevenueWeekResponse = z.infer<typeof RevenueWeekResponse>;

// ---------------------------------------------------------------- Computer Loan and Multiple Cybers

/**
 * `computerLoan`, `multipleCybers`: the subject (`id`), and every master listed or one page of them
 * (listPaging, LOAN_SORTS); sorting by a figure reads every listed master's figures.
 */
export const LoansQuery = queryObject({
  id: z.string().trim().optional(),
  format: z.enum(EXPORT_FORMATS).optional(),
  lang: exportLanguageParam(),
  ...listPaging(LOAN_SORTS),
});
export type LoansQuery = z.infer<typeof LoansQuery>;

export const LoanRow = z.object({
  _id: z.string(),
  username: z.string(),
  /** Σ principal + processing fee. */
  totalLoan: z.number(),
  /** Σ processing fee ("Prossing loan"). */
  processingLoan: z.number(),
  /** Still owed now. */
  outstanding: z.number(),
  /** From the last deduction (else the first loan's issue day) to today; null without a loan (shown blank). */
  daysFromLastDeduction: z.number().nullable(),
  /** The day the last deduction was taken (Sunday of its week), or null when none yet. */
  lastDeductionDate: z.string().nullable(),
});
export type LoanRow = z.infer<typeof LoanRow>;

/** The sums of the loan columns that total. */
export const LoanTotals = LoanRow.pick({ totalLoan: true, outstanding: true, processingLoan: true });
export type LoanTotals = z.infer<typeof LoanTotals>;

export const LoansResponse = z.object({
  data: z.array(LoanRow),
  /** A paged answer's sums over every row of the list, not only the page. */
  totals: LoanTotals.optional(),
  ...ListPageEcho.shape,
});
export type LoansResponse = z.infer<typeof LoansResponse>;

// ---------------------------------------------------------------- Revenue Recovery

/** `username` is the master's Agent ID (required). */
export const RecoveryQuery = queryObject({
  id: z.string().trim().optional(),
  username: z.string().trim().optional(),
  format: z.enum(EXPORT_FORMATS).optional(),
  lang: exportLanguageParam(),
});
export type RecoveryQuery = z.infer<typeof RecoveryQuery>;

export const RecoveryResponse = z.object({
  data: z.object({
    masterUsername: z.string(),
    /** outstanding + |carryForward|. */
    recoveryAmount: z.number(),
    /** Still owed on the master's loans. */
    outstandingLoan: z.number(),
    /** carryOut (<= 0) of the master's last closed week. */
    carryForward: z.number(),
    /** The last closed week, at whose close the amount stands; null before any week is closed. */
    asOfWeek: WeekRef.nullable(),
  }),
});
export type RecoveryResponse = z.infer<typeof RecoveryResponse>;

// ---------------------------------------------------------------- Manager Mail Details

/** The same week rule as `agentMail`. */
export const ManagerMailQuery = StatementQuery;
export type ManagerMailQuery = z.infer<typeof ManagerMailQuery>;

/** A row of Manager Mail Details (docs/screens.md): one row per direct child with plays below it in the week (as Agent Mail). */
export const ManagerMailRow = z.object({
  SrNo: z.number(),
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  profit: z.number(),
});
export type ManagerMailRow = z.infer<typeof ManagerMailRow>;

export const ManagerMailResponse = z.object({
  /** The week: Monday. */
  fromDate: z.string(),
  /** Sunday. */
  toDate: z.string(),
  /** The week is not closed yet: its figures are live. */
  open: z.boolean(),
  /** The same accounts as the subject's Agent Mail of the week. */
  data: z.array(ManagerMailRow),
  /** Σ data.profit = the account's profit for the week (= Agent Mail's total). */
  totalProfit: z.number(),
});
export type ManagerMailResponse = z.infer<typeof ManagerMailResponse>;

/** Entries of the endpoint table (endpoints.ts): the money reports. */
export const MONEY_ENDPOINTS = {
  revenue: {
    ...report('revenue', 'The draw-games settlement by week, with its totals'),
    query: RevenueQuery,
    response: RevenueResponse,
    exports: oneSheet('revenue', 'weeks', 'Revenue', REVENUE_EXPORT_COLUMNS),
  },
  revenueById: {
    ...report('revenueById', 'The spec’s second name of revenuereport: the same answer'),
    query: RevenueQuery,
    response: RevenueResponse,
    exports: oneSheet('revenue', 'weeks', 'Revenue', REVENUE_EXPORT_COLUMNS),
  },
  pokerRevenue: {
    ...report('pokerRevenue', 'The poker settlement by week, with its totals'),
    query: RevenueQuery,
    response: RevenueResponse,
    exports: oneSheet('poker-revenue', 'weeks', 'Poker Revenue', REVENUE_EXPORT_COLUMNS),
  },
  revenueWeek: {
    ...report('revenueWeek', 'One week of the Revenue report: its statement and its members'),
    query: RevenueWeekQuery,
    response: RevenueWeekResponse,
    // The week's row as on screen (the PDF's subtitle and the statement's Week line say whether it is open).
    exports: {
      file: 'revenue-week',
      sheets: {
        week: { title: (week: string) => `Week ${week}`, columns: REVENUE_COLUMNS },
        members: { title: 'Points Used By Members', columns: WEEK_MEMBER_COLUMNS },
        statement: { title: STATEMENT_SUMMARY_TITLE, columns: STATEMENT_LINE_COLUMNS },
      },
    },
  },
  computerLoan: {
    ...report('computerLoan', 'Masters in scope with a loan'),
    query: LoansQuery,
    response: LoansResponse,
    exports: oneSheet('computer-loan', 'loans', 'Computer Loan', LOAN_COLUMNS),
  },
  multipleCybers: {
    ...report('multipleCybers', 'Masters in scope with more than one cafe'),
    query: LoansQuery,
    response: LoansResponse,
    exports: oneSheet('multiple-cybers', 'loans', 'Multiple Cybers', LOAN_COLUMNS),
  },
  revenueRecovery: {
    ...report('revenueRecovery', 'What one master owes: loans and the carried loss'),
    query: RecoveryQuery,
    response: RecoveryResponse,
    exports: oneSheet('revenue-recovery', 'recovery', 'Revenue Recovery', RECOVERY_COLUMNS),
  },
  agentMail: {
    ...report('agentMail', 'The mail statement of the subject'),
    query: AgentMailQuery,
    response: AgentMailResponse,
    exports: {
      file: 'agent-mail',
      sheets: {
        members: { title: MAIL_MEMBERS_TITLE, columns: AGENT_MAIL_EXPORT_COLUMNS },
        byType: { title: MAIL_POINTS_BY_TYPE_TITLE, columns: AGENT_MAIL_POINTS_BY_TYPE_COLUMNS },
        statement: { title: STATEMENT_SUMMARY_TITLE, columns: STATEMENT_LINE_COLUMNS },
      },
    },
  },
  managerMail: {
    ...report('managerMail', 'Profit of each direct child of the subject'),
    query: ManagerMailQuery,
    response: ManagerMailResponse,
    exports: oneSheet('manager-mail', 'children', 'Manager Mail Details', MANAGER_MAIL_COLUMNS),
  },
} as const satisfies Record<string, EndpointDef>;
