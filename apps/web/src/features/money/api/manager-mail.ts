import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/managermailreport?id&fromDate&toDate`: the profit of each direct child in the period. */
export const { useReport: useManagerMail, exportHref: managerMailExport } = reportCall('managerMail');
