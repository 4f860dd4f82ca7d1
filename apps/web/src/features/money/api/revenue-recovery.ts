import { reportCall } from '../../../lib/report-call';

/**
 * `GET /api/playrep/revenuerecovery?id&username`: what a master owes (outstanding loans plus the
 * loss carried out of its last closed week).
 */
export const { useReport: useRevenueRecovery, exportHref: revenueRecoveryExport } = reportCall('revenueRecovery');
