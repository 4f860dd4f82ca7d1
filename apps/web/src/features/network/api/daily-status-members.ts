import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/dailystatusmembers?id&agentId&fromDate&toDate`: the agent's members who played at other agents' cafes. */
export const { useReport: useDailyStatusMembers, exportHref: dailyStatusMembersExport } = reportCall('dailyStatusMembers');
