import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/agentdetails?id`: the masters in the subject's subtree. */
export const { useReport: useAgentDetails, exportHref: agentDetailsExport } = reportCall('agentDetails');
