import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/today?id`: the subject's day so far and what needs a look; its export holds every list. */
export const { useReport: useToday, exportHref: todayExport } = reportCall('today');
