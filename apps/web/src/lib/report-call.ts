import { type CallParams, type CallResponse, type ExportFormat, type ReportCall, reportPath } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { api, apiUrl, type QueryValue, type ResponseSchema } from './api-client';

/**
 * The web side of a report call, derived from the contracts: its path and its query type (the
 * parameters are the contract's query, never typed again here). Every report screen loads its
 * data through one of these.
 */

/**
 * The contract schema a call's answer is checked against, in development and tests: loaded with
 * the endpoint table on first use. A production build has no such check, and so no zod: the server
 * checks every answer against the same schema before it sends it (its serializer), and the schemas
 * of every call would be the largest part of a report page's code on a phone.
 */
async function answerSchema<N extends ReportCall>(name: N): Promise<ResponseSchema<CallResponse<N>> | undefined> {
  // import.meta.env.DEV read here, not through config/env.ts: the build must see a literal `false`
  // to leave the dynamic import (and with it zod and every schema) out of the bundle.
  if (!import.meta.env.DEV) return undefined;
  const { ENDPOINTS } = await import('@playrep/contracts');
  return ENDPOINTS[name].response as unknown as ResponseSchema<CallResponse<N>>;
}

/** The query string of a call: blank values are left out, so the server applies its defaults. */
export function queryStringOf(params: object): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text !== '') query[key] = text;
    } else {
      query[key] = value as QueryValue;
    }
  }
  return query;
}

export interface UseReportOptions {
  /** false: do not load (for example a popup that is closed). */
  enabled?: boolean;
  /**
   * false: a new query starts empty (loading) instead of showing the previous answer, where that
   * answer would be about something else (another agent, another week).
   */
  keepPrevious?: boolean;
}

async function fetchReport<N extends ReportCall>(name: N, params: CallParams<N>, signal?: AbortSignal): Promise<CallResponse<N>> {
  return api.get(reportPath(name), queryStringOf(params), { schema: await answerSchema(name), signal });
}

function reportQuery<N extends ReportCall>(name: N, params: CallParams<N>) {
  return queryOptions({
    queryKey: ['playrep', name, queryStringOf(params)] as const,
    queryFn: ({ signal }) => fetchReport(name, params, signal),
  });
}

function useReport<N extends ReportCall>(name: N, params: CallParams<N>, options: UseReportOptions = {}) {
  const { enabled = true, keepPrevious = true } = options;
  const query = useQuery({ ...reportQuery(name, params), enabled, placeholderData: keepPrevious ? keepPreviousData : undefined });
  // React Query hands an answer over in one synchronous render, which for a report's first tables
  // is a long task that freezes a phone. The first answer reaches the screen as a deferred value
  // instead: React renders the tables in slices, between which the page stays responsive, and
  // until they are ready the page still counts as loading (no empty table in between). Later
  // answers replace what is shown at once, so the tables never lag behind the filters or pager.
  const first = useDeferredValue(query.data);
  return first === undefined && query.data !== undefined ? { ...query, data: undefined, isFetching: true } : query;
}

/**
 * One report call's fetcher, query options, hook and export link, from its name alone. Each call
 * has one file in its feature's api/ folder:
 * `export const { query: fooQuery, useReport: useFoo, exportHref: fooExport } = reportCall('foo')`.
 */
export function reportCall<N extends ReportCall>(name: N) {
  const path = reportPath(name);
  return {
    name,
    /** `GET /api/playrep/{name}` with the parameters. */
    fetch: (params: CallParams<N>, signal?: AbortSignal) => fetchReport(name, params, signal),
    /** React Query options of the call (key: the call name and its query string). */
    query: (params: CallParams<N>) => reportQuery(name, params),
    /** The report; the previous answer stays on screen while the next one loads (unless `keepPrevious: false`). */
    useReport: (params: CallParams<N>, options?: UseReportOptions) => useReport(name, params, options),
    /** The download link of the same call as CSV or XLSX (the server builds the file). */
    exportHref:
      (params: CallParams<N>) =>
      (format: ExportFormat): string =>
        apiUrl(path, { ...queryStringOf(params), format }),
  };
}

export type ReportCallApi<N extends ReportCall> = ReturnType<typeof reportCall<N>>;
