import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/dailystatus?id&fromDate&toDate`: each master's profit over the days. */
export const dailyStatusCall = reportCall('dailyStatus');
