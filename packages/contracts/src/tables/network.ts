import type { ColumnDef } from './columns.js';
import type { ScreenRow } from './screen-row.js';

export const AGENT_DETAILS_COLUMNS: ColumnDef<'srNo' | 'username' | 'address' | 'commission'>[] = [
  { key: 'srNo', header: 'Sr. No.', type: 'int' },
  { key: 'username', header: 'Agent ID', type: 'string' },
  { key: 'address', header: 'Agent LOCATION', type: 'string' },
  { key: 'commission', header: 'Profit Shere', type: 'float' },
];

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

/** The network screens: the agents below the subject (docs/screens.md). */
export const NETWORK_SCREENS = [
  {
    key: 'dailyStatus',
    path: 'reports/dailystatus',
    label: 'Daily Status',
    menu: { section: 'Reports', order: 50 },
    audience: 'agents',
    api: ['dailyStatus', 'dailyStatusMembers'],
  },
  {
    key: 'agentDetails',
    path: 'reports/agentdetails',
    label: 'Agent Details',
    menu: { section: 'Reports', order: 60 },
    audience: 'agents',
    api: ['agentDetails'],
    oneTable: { columns: AGENT_DETAILS_COLUMNS, filters: 'subject' },
  },
  {
    key: 'nonPerforming',
    path: 'reports/nonperfomeragent',
    label: 'Non Performing CCS',
    menu: { section: 'Reports', order: 100 },
    audience: 'managers',
    api: ['nonPerforming'],
  },
  {
    key: 'agentStatus',
    path: 'reports/agenstatus',
    label: 'Agent Status',
    menu: { section: 'Reports', order: 110 },
    audience: 'managers',
    api: ['agentStatus'],
  },
  {
    key: 'balanceReport',
    path: 'reports/balancereport',
    label: 'Balance Report',
    menu: { section: 'Reports', order: 120 },
    audience: 'managers',
    api: ['balanceReport', 'balanceChildren'],
  },
] as const satisfies readonly ScreenRow[];
