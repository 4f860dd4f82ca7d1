import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/computerloan?id`: the masters in the subject's scope with a computer loan. */
export const { useReport: useComputerLoan, exportHref: computerLoanExport } = reportCall('computerLoan');
