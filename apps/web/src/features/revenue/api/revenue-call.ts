import { RevenueResponse } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportHref } from './export-href';

export interface RevenueParams {
  /** The subject account (default: the signed-in user). */
  id?: string | undefined;
  /** 'YYYY-MM-DD'; empty leaves the day to the server (the last 7 days). */
  fromDate: string;
  toDate: string;
}

function query(params: RevenueParams) {
  return { id: params.id, fromDate: params.fromDate || undefined, toDate: params.toDate || undefined };
}

/**
 * One of the revenue calls (`revenuereport`, `pokerrevenuereport`): the same query and response,
 * one row per settlement week intersecting the range, with the totals. Each call's own file
 * builds its exports from this.
 */
export function revenueCall(path: string, name: string) {
  const fetchReport = (params: RevenueParams, signal?: AbortSignal) =>
    api.get(path, query(params), { schema: RevenueResponse, signal });
  const reportQuery = (params: RevenueParams) =>
    queryOptions({ queryKey: ['revenue', name, params], queryFn: ({ signal }) => fetchReport(params, signal) });
  return {
    path,
    fetchReport,
    reportQuery,
    useReport: (params: RevenueParams) => useQuery({ ...reportQuery(params), placeholderData: keepPreviousData }),
    exportHref: (params: RevenueParams) => exportHref(path, query(params)),
  };
}

export type RevenueCall = ReturnType<typeof revenueCall>;
