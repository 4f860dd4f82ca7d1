import { reportCall } from '../../../lib/report-call';

/**
 * `GET /api/playrep/pokerrevenuereport?id&fromDate&toDate`: the poker settlement by week (profit is
 * the rake); the same columns as Revenue, without loan deductions (loans are repaid from draw games).
 */
export const { useReport: usePokerRevenue, exportHref: pokerRevenueExport } = reportCall('pokerRevenue');
