import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/multipointtransferreport?id&fromDate&toDate&memberId`: multiplayer-channel transfers in the six sections. */
export const { useReport: useMultiPointTransfer, exportHref: multiPointTransferExport } = reportCall('multiPointTransfer');
