import { FIELD_LABELS, fieldMessage } from '../field-labels.js';
import { AGENT_ID_COLUMN, type ColumnDef, NAME_COLUMN, PROFIT_COLUMN, SR_NO_COLUMN } from './columns.js';
import { OPEN_WEEK_TEXT } from './statement.js';

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

/** Revenue and Poker Revenue (docs/screens.md): the same columns. */
export const REVENUE_COLUMNS: ColumnDef<RevenueColumnKey>[] = [
  SR_NO_COLUMN,
  { key: 'fromDate', header: 'From Date', type: 'date' },
  { key: 'toDate', header: 'To Date', type: 'date' },
  PROFIT_COLUMN,
  { key: 'actualRevenue', header: 'Actual Rev', type: 'float', total: true, negativeRed: true, keyFigure: true },
  { key: 'revenueDeduction', header: 'Rev Ded', type: 'float', total: true, negativeRed: true },
  { key: 'deductionPercentage', header: 'Ded %', type: 'float' },
  { key: 'revAfterLoan', header: 'Rev After Loan', type: 'float', total: true, negativeRed: true },
  { key: 'commissionPercentage', header: 'Revenue %', type: 'float', negativeRed: true },
];

/**
 * Revenue's and Poker Revenue's CSV/Excel: the screen's columns and the mark the
 * screen puts on the open week (its Open badge), since a file outlives the moment it was taken.
 */
export const REVENUE_EXPORT_COLUMNS: ColumnDef<RevenueColumnKey | 'week'>[] = [
  ...REVENUE_COLUMNS,
  { key: 'week', header: 'Week', type: 'string' },
];

/** The Week column of REVENUE_EXPORT_COLUMNS: 'Closed', or the open week marked as the screen does. */
export function revenueWeekMark(open: boolean): string {
  return open ? `Open: ${OPEN_WEEK_TEXT}, not closed yet` : 'Closed';
}

/** The mail reports' answer to a From Date that is not a Monday (the server adds the date). */
export const STATEMENT_FROM_MONDAY_MESSAGE = 'From Date must be a Monday: a statement covers one settlement week';

/** The captions of Agent Mail's tables and its mark of members who played elsewhere (docs/screens.md, Agent Mail Details). */
export const MAIL_MEMBERS_TITLE = 'Your Members Played in Other Agents CyberCafe';
export const MAIL_POINTS_BY_TYPE_TITLE = 'Total Points Used';
export const OTHER_CAFES_MARK = 'Other cafes';
/** The heading of the members in Revenue's week popup (docs/screens.md, Revenue). */
export const WEEK_MEMBERS_TITLE = 'Points Used By The Members';

/** "Your Members Played in Other Agents CyberCafe" (docs/screens.md, Agent Mail Details). */
export const AGENT_MAIL_COLUMNS: ColumnDef<'username' | 'name' | 'playPoints' | 'registeredAt' | 'profit'>[] = [
  { key: 'username', header: 'Member Id', type: 'string' },
  { key: 'name', header: 'Member Name', type: 'string' },
  { key: 'playPoints', header: 'Play', type: 'float', total: true },
  { key: 'registeredAt', header: 'Reg', type: 'date' },
  { key: 'profit', header: 'Points Used By The Member', type: 'float', total: true, negativeRed: true, keyFigure: true },
];

/**
 * Agent Mail's CSV/Excel members: the screen's columns, and for a member marked Other cafes what
 * it played and used at other agents' cafes that week (the screen's note under the table); empty
 * for the others.
 */
export const AGENT_MAIL_EXPORT_COLUMNS: ColumnDef<
  'username' | 'name' | 'playPoints' | 'registeredAt' | 'profit' | 'otherCafesPlay' | 'otherCafesPoints'
>[] = [
  ...AGENT_MAIL_COLUMNS,
  { key: 'otherCafesPlay', header: `${OTHER_CAFES_MARK}: Play`, type: 'float' },
  { key: 'otherCafesPoints', header: `${OTHER_CAFES_MARK}: Points Used`, type: 'float', negativeRed: true },
];

export const AGENT_MAIL_POINTS_BY_TYPE_COLUMNS: ColumnDef<'type' | 'playPoints' | 'profit'>[] = [
  { key: 'type', header: 'Type', type: 'string' },
  { key: 'playPoints', header: 'Play', type: 'float', total: true },
  { key: 'profit', header: 'Total Points Used', type: 'float', total: true, negativeRed: true, keyFigure: true },
];

export const WEEK_MEMBER_COLUMNS: ColumnDef<'srNo' | 'username' | 'playPoints' | 'profit'>[] = [
  SR_NO_COLUMN,
  { key: 'username', header: 'Member Id', type: 'string' },
  { key: 'playPoints', header: 'Play', type: 'float', total: true },
  { key: 'profit', header: 'Points Used By The Member', type: 'float', total: true, negativeRed: true, keyFigure: true },
];

/**
 * Computer Loan and Multiple Cybers (docs/screens.md, "Computer Loan and Multiple Cybers":
 * the headers are spelled so on purpose): beside the loan's total, what is still owed of it (Remaining Loan), as Revenue and
 * Revenue Recovery show it.
 */
export const LOAN_COLUMNS: ColumnDef<
  'srNo' | 'username' | 'totalLoan' | 'outstanding' | 'processingLoan' | 'daysFromLastDeduction'
>[] = [
  SR_NO_COLUMN,
  AGENT_ID_COLUMN,
  { key: 'totalLoan', header: 'total loan', type: 'float', total: true },
  { key: 'outstanding', header: 'Remaining Loan', type: 'float', total: true },
  { key: 'processingLoan', header: 'Prossing loan', type: 'float', total: true },
  { key: 'daysFromLastDeduction', header: 'Days from Last Deduction', type: 'int' },
];

/**
 * The columns Computer Loan and Multiple Cybers sort by on the server (every column but Sr. No.),
 * the first their default order: by Agent ID.
 */
export const LOAN_SORTS = ['username', 'totalLoan', 'outstanding', 'processingLoan', 'daysFromLastDeduction'] as const;
export type LoanSort = (typeof LOAN_SORTS)[number];

/** The answer when Revenue Recovery names no Agent ID. */
export const RECOVERY_AGENT_REQUIRED_MESSAGE = fieldMessage(FIELD_LABELS.revenueRecovery.username, 'is required');

export const RECOVERY_COLUMNS: ColumnDef<'masterUsername' | 'recoveryAmount'>[] = [
  { key: 'masterUsername', header: 'ID', type: 'string' },
  { key: 'recoveryAmount', header: 'Recovery Amount', type: 'float' },
];

export const MANAGER_MAIL_COLUMNS: ColumnDef<'SrNo' | 'username' | 'name' | 'profit'>[] = [
  { key: 'SrNo', header: 'Sr. No.', type: 'int' },
  AGENT_ID_COLUMN,
  NAME_COLUMN,
  PROFIT_COLUMN,
];
