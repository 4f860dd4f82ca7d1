import { RevenueWeekResponse } from '@playrep/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportHref } from './export-href';

export const REVENUE_WEEK_PATH = '/playrep/revenueweek';

export interface RevenueWeekParams {
  id?: string | undefined;
  /** Any day of the week, 'YYYY-MM-DD' (the screen passes the week's Monday). */
  fromDate: string;
}

const query = (params: RevenueWeekParams) => ({ id: params.id, fromDate: params.fromDate });

/**
 * `GET /api/playrep/revenueweek?id&fromDate`: the week popup of Revenue: the week's row, the points
 * used by each member (direct child), the gift-points lines and the loan lines.
 */
export function fetchRevenueWeek(params: RevenueWeekParams, signal?: AbortSignal) {
  return api.get(REVENUE_WEEK_PATH, query(params), { schema: RevenueWeekResponse, signal });
}

export function revenueWeekQuery(params: RevenueWeekParams) {
  return queryOptions({
    queryKey: ['revenue', 'revenueweek', params],
    queryFn: ({ signal }) => fetchRevenueWeek(params, signal),
  });
}

/** Loads only while the popup is open (`params` set). */
export function useRevenueWeek(params: RevenueWeekParams | null) {
  return useQuery({ ...revenueWeekQuery(params ?? { fromDate: '' }), enabled: params !== null });
}

export const revenueWeekExport = (params: RevenueWeekParams) => exportHref(REVENUE_WEEK_PATH, query(params));
