import type { ColumnDef } from './columns.js';

export const DAILY_STATUS_COLUMNS: ColumnDef<'srNo' | 'address' | 'username' | 'profit'>[] = [
  { key: 'srNo', header: 'Sr. No.', type: 'int' },
  { key: 'address', header: 'Location', type: 'string' },
  { key: 'username', header: 'Agent ID', type: 'string' },
  { key: 'profit', header: 'Profit', type: 'float', total: true, negativeRed: true, keyFigure: true },
];

export const DAILY_MEMBERS_COLUMNS: ColumnDef<'srNo' | 'username' | 'fullname' | 'cafe' | 'cafeAgent' | 'playPoints'>[] = [
  { key: 'srNo', header: 'Sr. No.', type: 'int' },
  { key: 'username', header: 'Member ID', type: 'string' },
  { key: 'fullname', header: 'Member Name', type: 'string' },
  { key: 'cafe', header: 'Cafe', type: 'string' },
  { key: 'cafeAgent', header: 'Cafe Agent', type: 'string' },
  { key: 'playPoints', header: 'Points', type: 'float', total: true },
];

export const AGENT_STATUS_COLUMNS: ColumnDef<'username' | 'fullname' | 'profit'>[] = [
  { key: 'username', header: 'Agent ID', type: 'string' },
  { key: 'fullname', header: 'Agent Name', type: 'string' },
  { key: 'profit', header: 'Profit', type: 'float', total: true, negativeRed: true, keyFigure: true },
];

export const NON_PERFORMING_COLUMNS: ColumnDef<'srNo' | 'username' | 'fullname'>[] = [
  { key: 'srNo', header: 'Sr. No.', type: 'int' },
  { key: 'username', header: 'Agent ID', type: 'string' },
  { key: 'fullname', header: 'Agent Name', type: 'string' },
];

export const BALANCE_COLUMNS: ColumnDef<'srNo' | 'username' | 'fullname' | 'walletBalance'>[] = [
  { key: 'srNo', header: 'Sr. No.', type: 'int' },
  { key: 'username', header: 'Agent ID', type: 'string' },
  { key: 'fullname', header: 'Agent Name', type: 'string' },
  { key: 'walletBalance', header: 'Points', type: 'float', total: true },
];

export const BALANCE_CHILD_COLUMNS: ColumnDef<'srNo' | 'username' | 'fullname' | 'walletBalance'>[] = [
  { key: 'srNo', header: 'Sr. No.', type: 'int' },
  { key: 'username', header: 'Child ID', type: 'string' },
  { key: 'fullname', header: 'Agent Name', type: 'string' },
  { key: 'walletBalance', header: 'Points', type: 'float', total: true },
];
