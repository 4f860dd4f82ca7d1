import { AgentStatusResponse } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportHref } from './export-href';

export const AGENT_STATUS_PATH = '/playrep/findstatus';

export interface AgentStatusParams {
  id?: string | undefined;
  date: string;
  /** One agent's username; empty for every master in scope. */
  agentId: string;
}

/** The spec's call: the one Select Date as both bounds of the range. */
function query(params: AgentStatusParams) {
  return { id: params.id, fromDate: params.date, toDate: params.date, agentId: params.agentId.trim() || undefined };
}

/** `GET /api/playrep/findstatus?id&fromDate&toDate&agentId`: profit that day of one agent or of every master. */
export function fetchAgentStatus(params: AgentStatusParams, signal?: AbortSignal) {
  return api.get(AGENT_STATUS_PATH, query(params), { schema: AgentStatusResponse, signal });
}

export function agentStatusQuery(params: AgentStatusParams) {
  return queryOptions({
    queryKey: ['network', 'findstatus', params],
    queryFn: ({ signal }) => fetchAgentStatus(params, signal),
  });
}

export function useAgentStatus(params: AgentStatusParams) {
  return useQuery({ ...agentStatusQuery(params), placeholderData: keepPreviousData });
}

export const agentStatusExport = (params: AgentStatusParams) => exportHref(AGENT_STATUS_PATH, query(params));
