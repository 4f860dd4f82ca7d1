import { reportCall } from '../../../lib/report-call';

/**
 * `GET /api/playrep/revenuereport?id&fromDate&toDate`: the draw-games settlement by week (profit,
 * actual revenue, loan deduction, revenue after loan) and its totals, with the remaining loan.
 */
export const { useReport: useRevenue, exportHref: revenueExport } = reportCall('revenue');
