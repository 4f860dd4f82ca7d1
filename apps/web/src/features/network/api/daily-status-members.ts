import { DailyMembersResponse } from '@playrep/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportHref } from './export-href';

export const DAILY_STATUS_MEMBERS_PATH = '/playrep/dailystatusmembers';

export interface DailyStatusMembersParams {
  id?: string | undefined;
  /** The agent's (master's) username. */
  agentId: string;
  date: string;
}

/** The Daily Status day as both bounds of the range. */
const query = (params: DailyStatusMembersParams) => ({
  id: params.id,
  agentId: params.agentId,
  fromDate: params.date,
  toDate: params.date,
});

/** `GET /api/playrep/dailystatusmembers?id&agentId&fromDate&toDate`: the agent's members who played at other agents' cafes. */
export function fetchDailyStatusMembers(params: DailyStatusMembersParams, signal?: AbortSignal) {
  return api.get(DAILY_STATUS_MEMBERS_PATH, query(params), { schema: DailyMembersResponse, signal });
}

export function dailyStatusMembersQuery(params: DailyStatusMembersParams) {
  return queryOptions({
    queryKey: ['network', 'dailystatusmembers', params],
    queryFn: ({ signal }) => fetchDailyStatusMembers(params, signal),
  });
}

/** Loads only while the popup is open (`params` set). */
export function useDailyStatusMembers(params: DailyStatusMembersParams | null) {
  return useQuery({
    ...dailyStatusMembersQuery(params ?? { agentId: '', date: '' }),
    enabled: params !== null,
  });
}

export const dailyStatusMembersExport = (params: DailyStatusMembersParams) =>
  exportHref(DAILY_STATUS_MEMBERS_PATH, query(params));
