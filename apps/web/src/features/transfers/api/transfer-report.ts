import { TransferReportResponse, type TransferSectionKey } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiUrl, type QueryValue } from '../../../lib/api-client';

/**
 * The three transfer reports share one request and one response (the six sections of DOMAIN.md
 * section 2); they differ in the channels the server reads. Each call has its own file beside this.
 */
export type TransferReportCall = 'pointtransferreport' | 'multipointtransferreport' | 'weeklydetailsreport';

export interface TransferReportParams {
  /** The subject account (default: the signed-in user). */
  id?: string | undefined;
  /** 'YYYY-MM-DD'; empty or missing lets the server use the 7 days ending today. */
  fromDate?: string | undefined;
  toDate?: string | undefined;
  /** Counterparty username ("Member ID"); empty means every counterparty. */
  memberId?: string | undefined;
}

function toQuery(params: TransferReportParams): Record<string, QueryValue> {
  const memberId = params.memberId?.trim();
  return {
    id: params.id,
    fromDate: params.fromDate || undefined,
    toDate: params.toDate || undefined,
    memberId: memberId || undefined,
  };
}

export function fetchTransferReport(call: TransferReportCall, params: TransferReportParams, signal?: AbortSignal) {
  return api.get(`/playrep/${call}`, toQuery(params), { schema: TransferReportResponse, signal });
}

export function transferReportQuery(call: TransferReportCall, params: TransferReportParams) {
  return queryOptions({
    queryKey: ['transfers', call, toQuery(params)],
    queryFn: ({ signal }) => fetchTransferReport(call, params, signal),
  });
}

/** The report; the previous result stays on screen (dimmed) while the next one loads. */
export function useTransferReport(call: TransferReportCall, params: TransferReportParams) {
  return useQuery({ ...transferReportQuery(call, params), placeholderData: keepPreviousData });
}

/** The server-built CSV or XLSX of one section: the whole filtered result, with its total row. */
export function transferExportHref(
  call: TransferReportCall,
  params: TransferReportParams,
  section: TransferSectionKey,
  format: 'csv' | 'xlsx',
): string {
  return apiUrl(`/playrep/${call}`, { ...toQuery(params), format, section });
}

/** What a transfer report page needs of its call. */
export interface TransferReportApi {
  useReport: (params: TransferReportParams) => ReturnType<typeof useTransferReport>;
  exportHref: (params: TransferReportParams, section: TransferSectionKey, format: 'csv' | 'xlsx') => string;
}
