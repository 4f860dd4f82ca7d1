import { reportCall } from '../../../lib/report-call';

/**
 * `GET /api/playrep/activity?kind&actor&subject&fromDate&toDate&page&pageSize&sort&order`: one page
 * of the access activity the caller may see, sorted and filtered on the server. Its export is
 * every entry the filters select.
 */
export const { useReport: useActivity, exportHref: activityExport } = reportCall('activity');
