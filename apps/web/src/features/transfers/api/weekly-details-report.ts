import type { TransferSectionKey } from '@playrep/contracts';
import {
  fetchTransferReport,
  type TransferReportApi,
  type TransferReportParams,
  transferExportHref,
  transferReportQuery,
  useTransferReport,
} from './transfer-report';

/** `GET /api/playrep/weeklydetailsreport?id&fromDate&toDate`: transfers of both channels in the six sections. */
const CALL = 'weeklydetailsreport';

export function fetchWeeklyDetailsReport(params: TransferReportParams, signal?: AbortSignal) {
  return fetchTransferReport(CALL, params, signal);
}

export function weeklyDetailsReportQuery(params: TransferReportParams) {
  return transferReportQuery(CALL, params);
}

export function useWeeklyDetailsReport(params: TransferReportParams) {
  return useTransferReport(CALL, params);
}

/** CSV or XLSX of one section, built by the server. */
export function weeklyDetailsReportExport(
  params: TransferReportParams,
  section: TransferSectionKey,
  format: 'csv' | 'xlsx',
): string {
  return transferExportHref(CALL, params, section, format);
}

export const weeklyDetailsReportApi: TransferReportApi = {
  useReport: useWeeklyDetailsReport,
  exportHref: weeklyDetailsReportExport,
};
