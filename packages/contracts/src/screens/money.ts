import type { ScreenRow } from './screen-row.js';

/** The money screens: revenue, loans and the weekly statements (docs/screens.md). */
export const MONEY_SCREENS = [
  {
    key: 'revenue',
    path: 'reports/revenue',
    label: 'Revenue',
    menu: { section: 'Reports', order: 10 },
    audience: 'agents',
    api: ['revenue', 'revenueById', 'revenueWeek'],
  },
  {
    key: 'pokerRevenue',
    path: 'reports/pokerrevenue',
    label: 'Poker Revenue',
    menu: { section: 'Reports', order: 20 },
    audience: 'agents',
    api: ['pokerRevenue'],
  },
  {
    key: 'revenueRecovery',
    path: 'reports/revenuerecovery',
    label: 'Revenue Recovery',
    menu: { section: 'Reports', order: 70 },
    audience: 'managers',
    api: ['revenueRecovery'],
  },
  {
    key: 'computerLoan',
    path: 'reports/computerloan',
    label: 'Computer Loan',
    menu: { section: 'Reports', order: 80 },
    audience: 'managers',
    api: ['computerLoan'],
  },
  {
    key: 'multipleCybers',
    path: 'reports/multiplecybers',
    label: 'Multiple Cybers',
    menu: { section: 'Reports', order: 90 },
    audience: 'managers',
    api: ['multipleCybers'],
  },
  {
    key: 'agentMail',
    path: 'mailreports/agentmaildetails',
    label: 'Agent Mail Details',
    menu: { section: 'Mail Report', order: 10 },
    audience: 'agents',
    api: ['agentMail'],
  },
  {
    key: 'managerMail',
    path: 'mailreports/managermaildetails',
    label: 'Manager Mail Details',
    menu: { section: 'Mail Report', order: 20 },
    audience: 'managers',
    api: ['managerMail'],
  },
] as const satisfies readonly ScreenRow[];
