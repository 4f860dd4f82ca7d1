import { BalanceResponse } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportHref } from './export-href';

export const BALANCE_REPORT_PATH = '/playrep/balancereport';

export interface BalanceReportParams {
  id?: string | undefined;
  /** Exact username of one account to show; empty for the subject's direct children. */
  agentId: string;
}

function query(params: BalanceReportParams) {
  return { id: params.id, agentId: params.agentId.trim() || undefined };
}

/** `GET /api/playrep/balancereport?id&agentId`: wallet balances of the subject's children (or of one account). */
export function fetchBalanceReport(params: BalanceReportParams, signal?: AbortSignal) {
  return api.get(BALANCE_REPORT_PATH, query(params), { schema: BalanceResponse, signal });
}

export function balanceReportQuery(params: BalanceReportParams) {
  return queryOptions({
    queryKey: ['network', 'balancereport', params],
    queryFn: ({ signal }) => fetchBalanceReport(params, signal),
  });
}

export function useBalanceReport(params: BalanceReportParams) {
  return useQuery({ ...balanceReportQuery(params), placeholderData: keepPreviousData });
}

export const balanceReportExport = (params: BalanceReportParams) => exportHref(BALANCE_REPORT_PATH, query(params));
