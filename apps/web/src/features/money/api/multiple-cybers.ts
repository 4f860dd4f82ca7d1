import { reportCall } from '../../../lib/report-call';

/**
 * `GET /api/playrep/multiplecybers?id&page&pageSize&sort&order`: the loan columns for the masters
 * in scope with more than one cafe, one page of them (with the list's size and sums) or every one.
 */
export const multipleCybersCall = reportCall('multipleCybers');
