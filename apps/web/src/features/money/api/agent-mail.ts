import { reportCall } from '../../../lib/report-call';

/**
 * `GET /api/playrep/mailreport?id&fromDate&toDate`: the mail statement: one row per member (direct
 * child) with plays in the period, those who also played at other agents' cafes, the points by
 * game, the gift-points summary and the loan lines.
 */
export const { useReport: useAgentMail, exportHref: agentMailExport } = reportCall('agentMail');
