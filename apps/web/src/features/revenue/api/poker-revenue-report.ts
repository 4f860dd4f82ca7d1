import { revenueCall } from './revenue-call';

export const POKER_REVENUE_REPORT_PATH = '/playrep/pokerrevenuereport';

/**
 * `GET /api/playrep/pokerrevenuereport?id&fromDate&toDate`: the poker settlement by week (profit is
 * the rake); the same columns as Revenue, without loan deductions (loans are repaid from draw games).
 */
export const pokerRevenueReport = revenueCall(POKER_REVENUE_REPORT_PATH, 'pokerrevenuereport');
export const {
  fetchReport: fetchPokerRevenueReport,
  reportQuery: pokerRevenueReportQuery,
  useReport: usePokerRevenueReport,
} = pokerRevenueReport;
export const pokerRevenueReportExport = pokerRevenueReport.exportHref;
