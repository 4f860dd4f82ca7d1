import type { TransferSectionKey } from '@playrep/contracts';
import {
  fetchTransferReport,
  type TransferReportApi,
  type TransferReportParams,
  transferExportHref,
  transferReportQuery,
  useTransferReport,
} from './transfer-report';

/** `GET /api/playrep/pointtransferreport?id&fromDate&toDate&memberId`: single-channel transfers in the six sections. */
const CALL = 'pointtransferreport';

export function fetchPointTransferReport(params: TransferReportParams, signal?: AbortSignal) {
  return fetchTransferReport(CALL, params, signal);
}

export function pointTransferReportQuery(params: TransferReportParams) {
  return transferReportQuery(CALL, params);
}

export function usePointTransferReport(params: TransferReportParams) {
  return useTransferReport(CALL, params);
}

/** CSV or XLSX of one section, built by the server. */
export function pointTransferReportExport(
  params: TransferReportParams,
  section: TransferSectionKey,
  format: 'csv' | 'xlsx',
): string {
  return transferExportHref(CALL, params, section, format);
}

export const pointTransferReportApi: TransferReportApi = {
  useReport: usePointTransferReport,
  exportHref: pointTransferReportExport,
};
