import { revenueCall } from './revenue-call';

export const REVENUE_REPORT_PATH = '/playrep/revenuereport';

/**
 * `GET /api/playrep/revenuereport?id&fromDate&toDate`: the draw-games settlement by week (profit,
 * actual revenue, loan deduction, revenue after loan) and its totals, with the remaining loan.
 */
export const revenueReport = revenueCall(REVENUE_REPORT_PATH, 'revenuereport');
export const { fetchReport: fetchRevenueReport, reportQuery: revenueReportQuery, useReport: useRevenueReport } = revenueReport;
export const revenueReportExport = revenueReport.exportHref;
