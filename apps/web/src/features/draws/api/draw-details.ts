import { DrawDetailsResponse } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiUrl, type QueryValue } from '../../../lib/api-client';

const PATH = '/playrep/drawdetails';

export interface DrawDetailsParams {
  /** The subject account (default: the signed-in user). */
  id?: string | undefined;
  /** The game code, e.g. MNOQqWWi. */
  gameId: string;
  /** 'YYYY-MM-DD'; empty or missing lets the server use the 7 days ending today. */
  fromDate?: string | undefined;
  toDate?: string | undefined;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** Draws are newest first on screen and in the export. */
const SORT = 'desc';

function rangeQuery(params: Omit<DrawDetailsParams, 'page' | 'pageSize'>): Record<string, QueryValue> {
  return { id: params.id, gameId: params.gameId, fromDate: params.fromDate || undefined, toDate: params.toDate || undefined };
}

/**
 * `GET /api/playrep/drawdetails?gameId&fromDate&toDate&page&pageSize&sort`: one page of a game's
 * open draws in the range (paged on the server: about a thousand draws a day), with the total.
 */
export function fetchDrawDetails(params: DrawDetailsParams, signal?: AbortSignal) {
  return api.get(
    PATH,
    { ...rangeQuery(params), page: params.page, pageSize: params.pageSize, sort: SORT },
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

/** The server-built CSV or XLSX of every draw in the range (not just the page). */
export function drawDetailsExport(params: Omit<DrawDetailsParams, 'page' | 'pageSize'>, format: 'csv' | 'xlsx'): string {
  return apiUrl(PATH, { ...rangeQuery(params), sort: SORT, format });
}
