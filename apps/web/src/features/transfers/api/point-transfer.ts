import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/pointtransferreport?id&fromDate&toDate&memberId`: single-channel transfers in the six sections. */
export const { useReport: usePointTransfer, exportHref: pointTransferExport } = reportCall('pointTransfer');
