import { reportCall } from '../../../lib/report-call';

/**
 * `GET /api/playrep/revenueweek?id&fromDate`: the week popup of Revenue: the week's row, the points
 * used by each member (direct child), the gift-points lines and the loan lines.
 */
export const { useReport: useRevenueWeek, exportHref: revenueWeekExport } = reportCall('revenueWeek');
