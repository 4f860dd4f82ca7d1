import { reportCall } from '../../../lib/report-call';

/**
 * `GET /api/playrep/weekglance?id&fromDate&page&pageSize&sort&order`: one page of the subject's
 * direct children with their profit on each day of one week (the open week without `fromDate`),
 * sorted on the server; totals over every child. Its export is every child.
 */
export const { useReport: useWeekGlance, exportHref: weekGlanceExport } = reportCall('weekGlance');
