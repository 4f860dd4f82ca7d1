import { DrawDetailsResponse } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiUrl, type QueryValue } from '../../../lib/api-client';

const PATH = '/playrep/drawdetails';

export type DrawSort = 'asc' | 'desc';

/** Draws are about no account: the call names a game and a range, never a subject. */
export interface DrawDetailsParams {
  /** The game code, e.g. MNOQqWWi. */
  gameId: string;
  /** 'YYYY-MM-DD'; empty or missing lets the server use the 7 days ending today. */
  fromDate?: string | undefined;
  toDate?: string | undefined;
  /** By draw time: 'desc' newest first (the default), 'asc' oldest first. */
  sort: DrawSort;
  /** 1-based. */
  page: number;
  pageSize: number;
}

function rangeQuery(params: Omit<DrawDetailsParams, 'page' | 'pageSize'>): Record<string, QueryValue> {
  return { gameId: params.gameId, fromDate: params.fromDate || undefined, toDate: params.toDate || undefined };
}

/**
 * `GET /api/playrep/drawdetails?gameId&fromDate&toDate&page&pageSize&sort`: one page of a game's
 * open draws in the range (paged on the server: about a thousand draws a day), with the total.
 */
export function fetchDrawDetails(params: DrawDetailsParams, signal?: AbortSignal) {
  return api.get(
    PATH,
    { ...rangeQuery(params), page: params.page, pageSize: params.pageSize, sort: params.sort },
    { schema: DrawDetailsResponse, signal },
  );
}

export function drawDetailsQuery(params: DrawDetailsParams) {
  return queryOptions({
    queryKey: ['draws', 'drawdetails', params],
    queryFn: ({ signal }) => fetchDrawDetails(params, signal),
  });
}

/** The current page; the previous one stays on screen (dimmed) while the next loads. */
export function useDrawDetails(params: DrawDetailsParams) {
  return useQuery({ ...drawDetailsQuery(params), placeholderData: keepPreviousData });
}

/** The server-built CSV or XLSX of every draw in the range (not just the page), in the screen's order. */
export function drawDetailsExport(params: Omit<DrawDetailsParams, 'page' | 'pageSize'>, format: 'csv' | 'xlsx'): string {
  return apiUrl(PATH, { ...rangeQuery(params), sort: params.sort, format });
}
