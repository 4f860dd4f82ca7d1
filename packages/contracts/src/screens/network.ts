import type { ColumnDef } from '../tables/columns.js';
import type { ScreenRow } from './screen-row.js';

/** Agent Details is one table (its row's `oneTable`): its columns sit with it, for its page and its export. */
export const AGENT_DETAILS_COLUMNS: ColumnDef<'srNo' | 'username' | 'address' | 'commission'>[] = [
  { key: 'srNo', header: 'Sr. No.', type: 'int' },
  { key: 'username', header: 'Agent ID', type: 'string' },
  { key: 'address', header: 'Agent LOCATION', type: 'string' },
  { key: 'commission', header: 'Profit Shere', type: 'float' },
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
