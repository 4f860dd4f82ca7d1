import { z } from 'zod';
import { type ColumnDef, EXPORT_FORMATS, RangeEcho, RangeQuery } from './common.js';

/**
 * The money reports (issue 5; DOMAIN.md section 5): Revenue, Poker Revenue, the week popup,
 * Computer Loan, Multiple Cybers, Revenue Recovery, Agent and Manager Mail Details. Every amount
 * is in points (2 decimals at most); percentages are plain numbers (50 = 50 %).
 */

// ---------------------------------------------------------------- Revenue and Poker Revenue

/** `revenuereport`, `revenuereportbyid`, `pokerrevenuereport`: the range and the subject (`id`). */
export const RevenueQuery = RangeQuery;
export type RevenueQuery = z.infer<typeof RevenueQuery>;

/** One settlement week (spec section 3, "Revenue row"). */
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
  /** Still owed on all the account's loans now ("Total Remaining Loan"). */
  totalRemainingLoan: z.number(),
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

export type RevenueColumnKey =
  | 'srNo'
  | 'fromDate'
  | 'toDate'
  | 'profit'
  | 'actualRevenue'
  | 'revenueDeduction'
  | 'deductionPercentage'
  | 'revAfterLoan'
  | 'commissionPercentage';

/** Revenue and Poker Revenue (spec section 2): the same columns. */
export const REVENUE_COLUMNS: ColumnDef<RevenueColumnKey>[] = [
  { key: 'srNo', header: 'Sr. No.', type: 'int' },
  { key: 'fromDate', header: 'From Date', type: 'date' },
  { key: 'toDate', header: 'To Date', type: 'date' },
  { key: 'profit', header: 'Profit', type: 'float', total: true, negativeRed: true },
  { key: 'actualRevenue', header: 'Actual Rev', type: 'float', total: true, negativeRed: true },
  { key: 'revenueDeduction', header: 'Rev Ded', type: 'float', total: true, negativeRed: true },
  { key: 'deductionPercentage', header: 'Ded %', type: 'float' },
  { key: 'revAfterLoan', header: 'Rev After Loan', type: 'float', total: true, negativeRed: true },
  { key: 'commissionPercentage', header: 'Revenue %', type: 'float', negativeRed: true },
];

// ---------------------------------------------------------------- Mail statement (and the week popup's summary)

/** The gift-points lines (spec sections 2 and 9). */
export const MailSummary = z.object({
  /** 0 when the profit is negative, else the commission. */
  revenuePercentage: z.number(),
  /** profit x commission / 100, 0 when the profit is not positive. */
  giftPoints: z.number(),
  /** The profit. */
  actualPoints: z.number(),
});
export type MailSummary = z.infer<typeof MailSummary>;

/** The loan lines, from the draw-games settlement of the weeks of the period. */
export const MailLoan = z.object({
  hasLoan: z.boolean(),
  /** "{n}% deducted for loan". */
  deductionPercentage: z.number(),
  /** Owed before the period's first week ("Previous Loan"). */
  previousLoan: z.number(),
  /** Σ revenue deductions of the period's weeks ("Deducted Points"). */
  deductedPoints: z.number(),
  /** previousLoan − deductedPoints ("Loan Remaining"). */
  loanRemaining: z.number(),
});
export type MailLoan = z.infer<typeof MailLoan>;

export const MailQuery = RangeQuery;
export type MailQuery = z.infer<typeof MailQuery>;

/** One direct child with plays below it in the period (for a master: one member). */
export const MailRow = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  playPoints: z.number(),
  /** The child's registration day, 'YYYY-MM-DD'. */
  registeredAt: z.string(),
  /** "Points Used By The Member". */
  profit: z.number(),
});
export type MailRow = z.infer<typeof MailRow>;

/** A child below which some member played at another agent's cafe (the screen marks it). */
export const MailUserFound = z.object({
  username: z.string(),
  /** Play points and profit of the plays at other agents' cafes only. */
  playPoints: z.number(),
  profit: z.number(),
});
export type MailUserFound = z.infer<typeof MailUserFound>;

/** "Total Points Used" by type: one line per draw game, in game order. */
export const MailPointsByType = z.object({ type: z.string(), playPoints: z.number(), profit: z.number() });
export type MailPointsByType = z.infer<typeof MailPointsByType>;

export const MailResponse = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  account: z.object({ _id: z.string(), username: z.string() }),
  data: z.array(MailRow),
  totals: z.object({
    /** Σ data.profit = the account's profit for the period. */
    totalProfit: z.number(),
    /** Σ data.playPoints. */
    totalPlayPoints: z.number(),
    /** The account's commission (percent). */
    usercommission: z.number(),
  }),
  userFound: z.array(MailUserFound),
  pointsByType: z.array(MailPointsByType),
  summary: MailSummary,
  loan: MailLoan,
});
export type MailResponse = z.infer<typeof MailResponse>;

/** "Your Members Played in Other Agents CyberCafe" (spec section 2). */
export const MAIL_COLUMNS: ColumnDef<'username' | 'name' | 'playPoints' | 'registeredAt' | 'profit'>[] = [
  { key: 'username', header: 'Member Id', type: 'string' },
  { key: 'name', header: 'Member Name', type: 'string' },
  { key: 'playPoints', header: 'Play', type: 'float', total: true },
  { key: 'registeredAt', header: 'Reg', type: 'date' },
  { key: 'profit', header: 'Points Used By The Member', type: 'float', total: true, negativeRed: true },
];

export const MAIL_POINTS_BY_TYPE_COLUMNS: ColumnDef<'type' | 'playPoints' | 'profit'>[] = [
  { key: 'type', header: 'Type', type: 'string' },
  { key: 'playPoints', header: 'Play', type: 'float', total: true },
  { key: 'profit', header: 'Total Points Used', type: 'float', total: true, negativeRed: true },
];

// ---------------------------------------------------------------- Week popup

/** `revenueweek`: `fromDate` is any day of the week (default: today's week). */
export const RevenueWeekQuery = z.object({
  id: z.string().trim().optional(),
  fromDate: z.string().optional(),
  format: z.enum(EXPORT_FORMATS).optional(),
});
export type RevenueWeekQuery = z.infer<typeof RevenueWeekQuery>;

/** Spec section 3, "Week member row": a direct child with plays below it in the week. */
export const WeekMemberRow = z.object({
  _id: z.string(),
  username: z.string(),
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
  /** Gift points over the week's profit at the week's commission (spec section 9). */
  summary: MailSummary,
  /** Loan lines of the week: deductionPercentage and deductedPoints are the week's settlement. */
  loan: MailLoan,
});
export type RevenueWeekResponse = z.infer<typeof RevenueWeekResponse>;

export const WEEK_MEMBER_COLUMNS: ColumnDef<'srNo' | 'username' | 'playPoints' | 'profit'>[] = [
  { key: 'srNo', header: 'Sr. No.', type: 'int' },
  { key: 'username', header: 'Member Id', type: 'string' },
  { key: 'playPoints', header: 'Play', type: 'float', total: true },
  { key: 'profit', header: 'Points Used By The Member', type: 'float', total: true, negativeRed: true },
];

// ---------------------------------------------------------------- Computer Loan and Multiple Cybers

export const LoansQuery = z.object({
  id: z.string().trim().optional(),
  format: z.enum(EXPORT_FORMATS).optional(),
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

export const LoansResponse = z.object({ data: z.array(LoanRow) });
export type LoansResponse = z.infer<typeof LoansResponse>;

/** Computer Loan and Multiple Cybers (spec section 2; labels as the spec spells them). */
export const LOAN_COLUMNS: ColumnDef<'srNo' | 'username' | 'totalLoan' | 'processingLoan' | 'daysFromLastDeduction'>[] = [
  { key: 'srNo', header: 'Sr. No.', type: 'int' },
  { key: 'username', header: 'Agent ID', type: 'string' },
  { key: 'totalLoan', header: 'total loan', type: 'float', total: true },
  { key: 'processingLoan', header: 'Prossing loan', type: 'float', total: true },
  { key: 'daysFromLastDeduction', header: 'Days from Last Deduction', type: 'int' },
];

// ---------------------------------------------------------------- Revenue Recovery

/** `username` is the master's Agent ID (required). */
export const RecoveryQuery = z.object({
  id: z.string().trim().optional(),
  username: z.string().trim().optional(),
  format: z.enum(EXPORT_FORMATS).optional(),
});
export type RecoveryQuery = z.infer<typeof RecoveryQuery>;

export const RECOVERY_AGENT_REQUIRED_MESSAGE = 'Agent ID is required';

export const RecoveryResponse = z.object({
  data: z.object({
    masterUsername: z.string(),
    /** outstanding + |carryForward|. */
    recoveryAmount: z.number(),
    /** Still owed on the master's loans. */
    outstandingLoan: z.number(),
    /** carryOut (<= 0) of the master's last closed week. */
    carryForward: z.number(),
  }),
});
export type RecoveryResponse = z.infer<typeof RecoveryResponse>;

export const RECOVERY_COLUMNS: ColumnDef<'masterUsername' | 'recoveryAmount'>[] = [
  { key: 'masterUsername', header: 'ID', type: 'string' },
  { key: 'recoveryAmount', header: 'Recovery Amount', type: 'float' },
];

// ---------------------------------------------------------------- Manager Mail Details

export const ManagerMailQuery = RangeQuery;
export type ManagerMailQuery = z.infer<typeof ManagerMailQuery>;

/** Spec section 3, "Manager grid columns": one row per direct child. */
export const ManagerMailRow = z.object({
  SrNo: z.number(),
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  profit: z.number(),
});
export type ManagerMailRow = z.infer<typeof ManagerMailRow>;

export const ManagerMailResponse = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  data: z.array(ManagerMailRow),
  /** Σ data.profit = the account's profit for the period. */
  totalProfit: z.number(),
});
export type ManagerMailResponse = z.infer<typeof ManagerMailResponse>;

export const MANAGER_MAIL_COLUMNS: ColumnDef<'SrNo' | 'username' | 'name' | 'profit'>[] = [
  { key: 'SrNo', header: 'Sr. No.', type: 'int' },
  { key: 'username', header: 'Agent ID', type: 'string' },
  { key: 'name', header: 'Name', type: 'string' },
  { key: 'profit', header: 'Profit', type: 'float', total: true, negativeRed: true },
];
