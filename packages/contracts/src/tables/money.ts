import type { ColumnDef } from './columns.js';

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

/** The mail reports' answer to a From Date that is not a Monday (the server adds the date). */
export const STATEMENT_FROM_MONDAY_MESSAGE = 'From Date must be a Monday: a statement covers one settlement week';

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

export const WEEK_MEMBER_COLUMNS: ColumnDef<'srNo' | 'username' | 'playPoints' | 'profit'>[] = [
  { key: 'srNo', header: 'Sr. No.', type: 'int' },
  { key: 'username', header: 'Member Id', type: 'string' },
  { key: 'playPoints', header: 'Play', type: 'float', total: true },
  { key: 'profit', header: 'Points Used By The Member', type: 'float', total: true, negativeRed: true },
];

/** Computer Loan and Multiple Cybers (spec section 2; labels as the spec spells them). */
export const LOAN_COLUMNS: ColumnDef<'srNo' | 'username' | 'totalLoan' | 'processingLoan' | 'daysFromLastDeduction'>[] = [
  { key: 'srNo', header: 'Sr. No.', type: 'int' },
  { key: 'username', header: 'Agent ID', type: 'string' },
  { key: 'totalLoan', header: 'total loan', type: 'float', total: true },
  { key: 'processingLoan', header: 'Prossing loan', type: 'float', total: true },
  { key: 'daysFromLastDeduction', header: 'Days from Last Deduction', type: 'int' },
];

export const RECOVERY_AGENT_REQUIRED_MESSAGE = 'Agent ID is required';

export const RECOVERY_COLUMNS: ColumnDef<'masterUsername' | 'recoveryAmount'>[] = [
  { key: 'masterUsername', header: 'ID', type: 'string' },
  { key: 'recoveryAmount', header: 'Recovery Amount', type: 'float' },
];

export const MANAGER_MAIL_COLUMNS: ColumnDef<'SrNo' | 'username' | 'name' | 'profit'>[] = [
  { key: 'SrNo', header: 'Sr. No.', type: 'int' },
  { key: 'username', header: 'Agent ID', type: 'string' },
  { key: 'name', header: 'Name', type: 'string' },
  { key: 'profit', header: 'Profit', type: 'float', total: true, negativeRed: true },
];
