import { AgentListResponse } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportHref } from './export-href';

export const AGENT_DETAILS_PATH = '/playrep/agentdetails';

export interface AgentDetailsParams {
  /** The subject account (default: the signed-in user). */
  id?: string | undefined;
}

/** `GET /api/playrep/agentdetails?id`: the masters in the subject's subtree. */
export function fetchAgentDetails(params: AgentDetailsParams, signal?: AbortSignal) {
  return api.get(AGENT_DETAILS_PATH, { id: params.id }, { schema: AgentListResponse, signal });
}

export function agentDetailsQuery(params: AgentDetailsParams) {
  return queryOptions({
    queryKey: ['network', 'agentdetails', params],
    queryFn: ({ signal }) => fetchAgentDetails(params, signal),
  });
}

export function useAgentDetails(params: AgentDetailsParams) {
  return useQuery({ ...agentDetailsQuery(params), placeholderData: keepPreviousData });
}

export const agentDetailsExport = (params: AgentDetailsParams) => exportHref(AGENT_DETAILS_PATH, { id: params.id });
