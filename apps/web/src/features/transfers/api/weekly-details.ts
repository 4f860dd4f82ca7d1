import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/weeklydetailsreport?id&fromDate&toDate`: transfers of both channels in the six sections. */
export const { useReport: useWeeklyDetails, exportHref: weeklyDetailsExport } = reportCall('weeklyDetails');
