import { reportCall } from '../../../lib/report-call';

/**
 * `GET /api/playrep/trends?id&weeks&page&pageSize&sort&order`: one page of the subject's direct
 * children with their profit per week, sorted on the server; totals over every child. Its export
 * is every child.
 */
export const { useReport: useTrends, exportHref: trendsExport } = reportCall('trends');
