import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/multiplecybers?id`: the loan columns for the masters in scope with more than one cafe. */
export const { useReport: useMultipleCybers, exportHref: multipleCybersExport } = reportCall('multipleCybers');
