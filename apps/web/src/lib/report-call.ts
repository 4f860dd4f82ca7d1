import { type CallParams, type CallResponse, type ExportFormat, type ReportCall, reportPath } from '@playrep/contracts';
import { hashKey, keepPreviousData, queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { ApiError, api, apiUrl, isApiError, type QueryValue, type ResponseSchema } from './api-client';
import { isApiDate, todayIst } from './format';
import { isKeptPath, keepAnswer, lastAnswer } from './offline-answers';
import { OFFLINE_TEXT } from './offline-text';
import { isOffline } from './online';
import { getSessionState } from './session';
import { useShownFromDevice } from './shown-from-device';

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
  /**
   * true: a live report (docs/domain.md, Insight, Live pages), refetched every LIVE_REFRESH_MS while the tab is
   * visible. By default a call is live when its `fromDate`/`toDate` include today (IST): a call with
   * both blank gets the server's default range, the 7 days ending today. Calls without dates are
   * not live unless they say so (Today is about today whatever its parameters).
   */
  live?: boolean;
}

/** How often a live report asks again (docs/domain.md, Live pages: every 60 seconds while the tab is visible). */
export const LIVE_REFRESH_MS = 60_000;

/**
 * Whether a call's parameters name a range that includes today (IST). A missing bound is the
 * server's default: the range ends today, and starts six days before the end.
 */
export function rangeIncludesToday(params: object, today = todayIst()): boolean {
  const { fromDate, toDate } = params as { fromDate?: unknown; toDate?: unknown };
  if (fromDate === undefined && toDate === undefined) return false;
  const from = isApiDate(fromDate) ? fromDate : null;
  const to = isApiDate(toDate) ? toDate : null;
  return (from === null || from <= today) && (to === null || to >= today);
}

/**
 * What a live report's page shows and keeps: when its answer arrived (the page's "Updated h:mm
 * am/pm") and which query it answers, so a table can tell a refreshed answer (keep its page) from
 * the answer to new filters (back to the first page).
 */
export interface LiveAnswer {
  updatedAt: number;
  queryHash: string;
}

/**
 * When each answer on screen that came from the device (not the server) was fetched, by the
 * call's URL. A fresh answer from the server takes its entry away.
 */
const fromDevice = new Map<string, number>();

/** When the answer shown for this call was fetched, if it came from the device instead of the server. */
function deviceAnswerTime(path: string, query: Record<string, QueryValue>): number | undefined {
  return fromDevice.get(apiUrl(path, query));
}

/**
 * `GET` of a report. A kept report (offline-answers.ts) stores each answer for the signed-in
 * account, and when the network fails (or the browser knows it is offline) answers the last one
 * from the device instead; the server is not asked while offline, so no session is extended.
 */
async function fetchReport<N extends ReportCall>(name: N, params: CallParams<N>, signal?: AbortSignal): Promise<CallResponse<N>> {
  const path = reportPath(name);
  const query = queryStringOf(params);
  const account = getSessionState().session?.user._id;
  const kept = account !== undefined && isKeptPath(path);
  const fromTheDevice = async (): Promise<CallResponse<N>> => {
    const last = kept ? await lastAnswer(account, path, query) : undefined;
    if (!last) throw new ApiError(0, kept ? OFFLINE_TEXT.nothingKept : OFFLINE_TEXT.needsConnection, { kind: 'offline' });
    fromDevice.set(apiUrl(path, query), last.fetchedAt);
    return last.answer as CallResponse<N>;
  };
  if (isOffline()) return fromTheDevice();
  let answer: CallResponse<N>;
  try {
    answer = await api.get(path, query, { schema: await answerSchema(name), signal });
  } catch (error) {
    if (kept && isApiError(error) && (error.kind === 'network' || error.kind === 'offline')) return fromTheDevice();
    throw error;
  }
  fromDevice.delete(apiUrl(path, query));
  if (kept) void keepAnswer(account, path, query, answer);
  return answer;
}

function reportQuery<N extends ReportCall>(name: N, params: CallParams<N>) {
  return queryOptions({
    queryKey: ['playrep', name, queryStringOf(params)] as const,
    queryFn: ({ signal }) => fetchReport(name, params, signal),
  });
}

/** React Query's answer to a report call, one type per state (pending, success, error...). */
type QueryAnswer<N extends ReportCall> = UseQueryResult<CallResponse<N>, Error>;

/** An answer as the page sees it: refreshes of a live report neither load nor fail on screen. */
type Shown<Q> = Q extends unknown
  ? Omit<Q, 'isFetching' | 'error'> & { isFetching: boolean; error: Error | null; live: LiveAnswer | undefined }
  : never;

/** The first answer while React renders it in slices: still loading, nothing shown yet. */
type Deferred<Q> = Q extends unknown
  ? Omit<Q, 'data' | 'isFetching' | 'error'> & { data: undefined; isFetching: true; error: Error | null; live: undefined }
  : never;

/** What a report's page reads: React Query's answer, the first one deferred, with its live mark. */
export type ReportAnswer<N extends ReportCall> = Shown<QueryAnswer<N>> | Deferred<QueryAnswer<N>>;

function useReport<N extends ReportCall>(name: N, params: CallParams<N>, options: UseReportOptions = {}): ReportAnswer<N> {
  const { enabled = true, keepPrevious = true, live = rangeIncludesToday(params) } = options;
  const report = reportQuery(name, params);
  const query = useQuery({
    ...report,
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    // React Query skips the interval while document.visibilityState is 'hidden' (its focus manager),
    // and a live report whose answer went stale meanwhile asks at once when the tab shows again.
    refetchInterval: live && enabled ? LIVE_REFRESH_MS : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: live,
  });
  const queryHash = hashKey(report.queryKey);
  // A refetch the page asked for (Show Details on unchanged filters) shows its loader and its
  // failure; the timer's refetches of a live report do neither: the answer on screen stays, and
  // a failed refresh leaves it there with its older "Updated" time until the next one succeeds.
  // The page asked while this answer was on screen; its next answer (or other filters) ends that.
  const { refetch: refetchQuery, dataUpdatedAt } = query;
  const answerId = `${queryHash}@${dataUpdatedAt}`;
  const [askedAt, setAskedAt] = useState<string | null>(null);
  const asked = askedAt === answerId;
  const refetch = useCallback<typeof refetchQuery>(
    (refetchOptions) => {
      setAskedAt(answerId);
      return refetchQuery(refetchOptions);
    },
    [refetchQuery, answerId],
  );
  const answered = query.data !== undefined && !query.isPlaceholderData;
  const refreshing = live && !asked && answered;
  // An answer from the device: the page frame says so, with when it was fetched.
  const offlineAsOf = answered ? deviceAnswerTime(reportPath(name), report.queryKey[2]) : undefined;
  useShownFromDevice(enabled ? offlineAsOf : undefined);
  // One object per answer: the page's tables read it from a context.
  const liveAnswer = useMemo<LiveAnswer | undefined>(
    // An answer from the device was updated when it was fetched, not when the device gave it again.
    () => (live && answered ? { updatedAt: offlineAsOf ?? dataUpdatedAt, queryHash } : undefined),
    [live, answered, dataUpdatedAt, offlineAsOf, queryHash],
  );
  const shown = {
    ...query,
    refetch,
    isFetching: query.isFetching && !refreshing,
    error: refreshing && query.isRefetchError ? null : query.error,
    live: liveAnswer,
  };
  // React Query hands an answer over in one synchronous render, which for a report's first tables
  // is a long task that freezes a phone. The first answer reaches the screen as a deferred value
  // instead: React renders the tables in slices, between which the page stays responsive, and
  // until they are ready the page still counts as loading (no empty table in between). Later
  // answers replace what is shown at once, so the tables never lag behind the filters or pager.
  const first = useDeferredValue(query.data);
  return first === undefined && query.data !== undefined
    ? { ...shown, data: undefined, isFetching: true, live: undefined }
    : shown;
}

/**
 * One report call's fetcher, query options, hook and export link, from its name alone. Each call
 * has one file in its feature's api/ folder:
 * `export const { query: fooQuery, useReport: useFoo, exportHref: fooExport } = reportCall('foo')`.
 */
export function reportCall<N extends ReportCall>(name: N): ReportCallApi<N> {
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

/** React Query options of a report call. */
export type ReportQueryOptions<N extends ReportCall> = ReturnType<typeof reportQuery<N>>;

/**
 * Written out rather than inferred: the declaration a project reference emits could not spell the
 * inferred type (too long to serialize).
 */
export interface ReportCallApi<N extends ReportCall> {
  name: N;
  fetch: (params: CallParams<N>, signal?: AbortSignal) => Promise<CallResponse<N>>;
  query: (params: CallParams<N>) => ReportQueryOptions<N>;
  useReport: (params: CallParams<N>, options?: UseReportOptions) => ReportAnswer<N>;
  exportHref: (params: CallParams<N>) => (format: ExportFormat) => string;
}
