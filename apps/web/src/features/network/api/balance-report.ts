import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/balancereport?id&agentId`: wallet balances of the subject's children (or of one account). */
export const { useReport: useBalanceReport, exportHref: balanceReportExport } = reportCall('balanceReport');
