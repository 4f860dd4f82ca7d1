import { reportCall } from '../../../lib/report-call';

/**
 * `GET /api/playrep/drawdetails?gameId&fromDate&toDate&page&pageSize&sort`: one page of a game's
 * open draws in the range (paged on the server: about a thousand draws a day), with the total.
 * Draws are about no account: the call names a game and a range, never a subject. Its export is
 * every draw of the range (not just the page), in the screen's order.
 */
export const { useReport: useDrawDetails, exportHref: drawDetailsExport } = reportCall('drawDetails');
