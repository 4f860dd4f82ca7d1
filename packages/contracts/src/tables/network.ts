import { AGENT_ID_COLUMN, AGENT_NAME_COLUMN, CAFE_COLUMN, type ColumnDef, PROFIT_COLUMN, SR_NO_COLUMN } from './columns.js';

export const DAILY_STATUS_COLUMNS: ColumnDef<'srNo' | 'address' | 'username' | 'profit'>[] = [
  SR_NO_COLUMN,
  { key: 'address', header: 'Location', type: 'string' },
  AGENT_ID_COLUMN,
  PROFIT_COLUMN,
];

export const DAILY_MEMBERS_COLUMNS: ColumnDef<'srNo' | 'username' | 'fullname' | 'cafe' | 'cafeAgent' | 'playPoints'>[] = [
  SR_NO_COLUMN,
  { key: 'username', header: 'Member ID', type: 'string' },
  { key: 'fullname', header: 'Member Name', type: 'string' },
  CAFE_COLUMN,
  { key: 'cafeAgent', header: 'Cafe Agent', type: 'string' },
  { key: 'playPoints', header: 'Points', type: 'float', total: true },
];

export const AGENT_STATUS_COLUMNS: ColumnDef<'username' | 'fullname' | 'profit'>[] = [
  AGENT_ID_COLUMN,
  AGENT_NAME_COLUMN,
  PROFIT_COLUMN,
];

export const NON_PERFORMING_COLUMNS: ColumnDef<'srNo' | 'username' | 'fullname'>[] = [
  SR_NO_COLUMN,
  AGENT_ID_COLUMN,
  AGENT_NAME_COLUMN,
];

export const BALANCE_COLUMNS: ColumnDef<'srNo' | 'username' | 'fullname' | 'walletBalance'>[] = [
  SR_NO_COLUMN,
  AGENT_ID_COLUMN,
  AGENT_NAME_COLUMN,
  { key: 'walletBalance', header: 'Points', type: 'float', total: true },
];

export const BALANCE_CHILD_COLUMNS: ColumnDef<'srNo' | 'username' | 'fullname' | 'walletBalance'>[] = [
  SR_NO_COLUMN,
  { key: 'username', header: 'Child ID', type: 'string' },
  AGENT_NAME_COLUMN,
  { key: 'walletBalance', header: 'Points', type: 'float', total: true },
];
