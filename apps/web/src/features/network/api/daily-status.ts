import { DailyStatusResponse } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportHref } from './export-href';

export const DAILY_STATUS_PATH = '/playrep/dailystatus';

export interface DailyStatusParams {
  id?: string | undefined;
  /** IST day 'YYYY-MM-DD'. */
  date: string;
}

/** The spec's call: the one Select Date as both bounds of the range. */
const query = (params: DailyStatusParams) => ({ id: params.id, fromDate: params.date, toDate: params.date });

/** `GET /api/playrep/dailystatus?id&fromDate&toDate`: each master's profit that day. */
export function fetchDailyStatus(params: DailyStatusParams, signal?: AbortSignal) {
  return api.get(DAILY_STATUS_PATH, query(params), { schema: DailyStatusResponse, signal });
}

export function dailyStatusQuery(params: DailyStatusParams) {
  return queryOptions({
    queryKey: ['network', 'dailystatus', params],
    queryFn: ({ signal }) => fetchDailyStatus(params, signal),
  });
}

export function useDailyStatus(params: DailyStatusParams) {
  return useQuery({ ...dailyStatusQuery(params), placeholderData: keepPreviousData });
}

export const dailyStatusExport = (params: DailyStatusParams) => exportHref(DAILY_STATUS_PATH, query(params));
