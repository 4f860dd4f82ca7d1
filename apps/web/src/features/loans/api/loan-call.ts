import { LoansResponse } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportHref } from './export-href';

export interface LoanReportParams {
  /** The subject account (default: the signed-in user). */
  id?: string | undefined;
}

/** One of the loan calls (`computerloan`, `multiplecybers`): the same query and rows. */
export function loanCall(path: string, name: string) {
  const fetchReport = (params: LoanReportParams, signal?: AbortSignal) =>
    api.get(path, { id: params.id }, { schema: LoansResponse, signal });
  const reportQuery = (params: LoanReportParams) =>
    queryOptions({ queryKey: ['loans', name, params], queryFn: ({ signal }) => fetchReport(params, signal) });
  return {
    fetchReport,
    reportQuery,
    useReport: (params: LoanReportParams) => useQuery({ ...reportQuery(params), placeholderData: keepPreviousData }),
    exportHref: (params: LoanReportParams) => exportHref(path, { id: params.id }),
  };
}

export type LoanCall = ReturnType<typeof loanCall>;
