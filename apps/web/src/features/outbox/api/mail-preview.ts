import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/mailpreview?mailId`: one mail's body, as sent or as it would be built now. */
export const { useReport: useMailPreview } = reportCall('mailPreview');
