import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/findstatus?id&fromDate&toDate&agentId`: profit over the days of one agent or of every master. */
export const agentStatusCall = reportCall('agentStatus');
