import { menuScreen } from './screen-row.js';

/** The money screens: revenue, loans and the weekly statements (docs/screens.md). */
export const MONEY_SCREENS = [
  menuScreen({
    key: 'revenue',
    path: 'reports/revenue',
    label: 'Revenue',
    order: 10,
    api: ['revenue', 'revenueById', 'revenueWeek'],
  }),
  menuScreen({ key: 'pokerRevenue', path: 'reports/pokerrevenue', label: 'Poker Revenue', order: 20, api: ['pokerRevenue'] }),
  menuScreen({
    key: 'revenueRecovery',
    path: 'reports/revenuerecovery',
    label: 'Revenue Recovery',
    order: 70,
    audience: 'managers',
    api: ['revenueRecovery'],
  }),
  menuScreen({
    key: 'computerLoan',
    path: 'reports/computerloan',
    label: 'Computer Loan',
    order: 80,
    audience: 'managers',
    api: ['computerLoan'],
  }),
  menuScreen({
    key: 'multipleCybers',
    path: 'reports/multiplecybers',
    label: 'Multiple Cybers',
    order: 90,
    audience: 'managers',
    api: ['multipleCybers'],
  }),
  menuScreen({
    key: 'agentMail',
    path: 'mailreports/agentmaildetails',
    label: 'Agent Mail Details',
    section: 'Mail Report',
    order: 10,
    api: ['agentMail'],
  }),
  menuScreen({
    key: 'managerMail',
    path: 'mailreports/managermaildetails',
    label: 'Manager Mail Details',
    section: 'Mail Report',
    order: 20,
    audience: 'managers',
    api: ['managerMail'],
  }),
] as const;
