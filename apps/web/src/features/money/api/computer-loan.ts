import { reportCall } from '../../../lib/report-call';

/**
 * `GET /api/playrep/computerloan?id&page&pageSize&sort&order`: the masters in the subject's scope
 * with a computer loan, one page of them (with the list's size and sums) or every one.
 */
export const computerLoanCall = reportCall('computerLoan');
