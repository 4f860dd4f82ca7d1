import type { TransferSectionKey } from '@playrep/contracts';
import {
  fetchTransferReport,
  type TransferReportApi,
  type TransferReportParams,
  transferExportHref,
  transferReportQuery,
  useTransferReport,
} from './transfer-report';

/** `GET /api/playrep/multipointtransferreport?id&fromDate&toDate&memberId`: multiplayer-channel transfers in the six sections. */
const CALL = 'multipointtransferreport';

export function fetchMultiPointTransferReport(params: TransferReportParams, signal?: AbortSignal) {
  return fetchTransferReport(CALL, params, signal);
}

export function multiPointTransferReportQuery(params: TransferReportParams) {
  return transferReportQuery(CALL, params);
}

export function useMultiPointTransferReport(params: TransferReportParams) {
  return useTransferReport(CALL, params);
}

/** CSV or XLSX of one section, built by the server. */
export function multiPointTransferReportExport(
  params: TransferReportParams,
  section: TransferSectionKey,
  format: 'csv' | 'xlsx',
): string {
  return transferExportHref(CALL, params, section, format);
}

export const multiPointTransferReportApi: TransferReportApi = {
  useReport: useMultiPointTransferReport,
  exportHref: multiPointTransferReportExport,
};
