import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/nonperforming?id`: how many masters are in scope, how many inactive, and which. */
export const nonPerformingCall = reportCall('nonPerforming');
