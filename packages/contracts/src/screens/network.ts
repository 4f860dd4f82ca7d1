import { AGENT_ID_COLUMN, type ColumnDef, SR_NO_COLUMN } from '../tables/columns.js';
import { menuScreen } from './screen-row.js';

/** Agent Details is one table (its row's `oneTable`): its columns sit with it, for its page and its export. */
export const AGENT_DETAILS_COLUMNS: ColumnDef<'srNo' | 'username' | 'address' | 'commission'>[] = [
  SR_NO_COLUMN,
  AGENT_ID_COLUMN,
  { key: 'address', header: 'Agent LOCATION', type: 'string' },
  { key: 'commission', header: 'Profit Shere', type: 'float' },
];

/** The network screens: the agents below the subject (docs/screens.md). */
export const NETWORK_SCREENS = [
  menuScreen({
    key: 'dailyStatus',
    path: 'reports/dailystatus',
    label: 'Daily Status',
    order: 50,
    api: ['dailyStatus', 'dailyStatusMembers'],
  }),
  menuScreen({
    key: 'agentDetails',
    path: 'reports/agentdetails',
    label: 'Agent Details',
    order: 60,
    api: ['agentDetails'],
    oneTable: { columns: AGENT_DETAILS_COLUMNS, filters: 'subject' },
  }),
  menuScreen({
    key: 'nonPerforming',
    path: 'reports/nonperfomeragent',
    label: 'Non Performing CCS',
    order: 100,
    audience: 'managers',
    api: ['nonPerforming'],
  }),
  menuScreen({
    key: 'agentStatus',
    path: 'reports/agenstatus',
    label: 'Agent Status',
    order: 110,
    audience: 'managers',
    api: ['agentStatus'],
  }),
  menuScreen({
    key: 'balanceReport',
    path: 'reports/balancereport',
    label: 'Balance Report',
    order: 120,
    audience: 'managers',
    api: ['balanceReport', 'balanceChildren'],
  }),
] as const;
