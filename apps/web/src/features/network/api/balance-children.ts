import { BalanceResponse } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportHref } from './export-href';

export const BALANCE_CHILDREN_PATH = '/playrep/balancechildren';

export interface BalanceChildrenParams {
  id?: string | undefined;
  /** Username of the account whose children are listed. */
  agentId: string;
}

/**
 * `GET /api/playrep/balancechildren?id&agentId`: the children of one account of the subject's
 * subtree, with `path` from the subject down to it (the popup's breadcrumb).
 */
export function fetchBalanceChildren(params: BalanceChildrenParams, signal?: AbortSignal) {
  return api.get(BALANCE_CHILDREN_PATH, { id: params.id, agentId: params.agentId }, { schema: BalanceResponse, signal });
}

export function balanceChildrenQuery(params: BalanceChildrenParams) {
  return queryOptions({
    queryKey: ['network', 'balancechildren', params],
    queryFn: ({ signal }) => fetchBalanceChildren(params, signal),
  });
}

/** Loads only while the popup is open (`params` set); the previous level stays shown while the next loads. */
export function useBalanceChildren(params: BalanceChildrenParams | null) {
  return useQuery({
    ...balanceChildrenQuery(params ?? { agentId: '' }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

export const balanceChildrenExport = (params: BalanceChildrenParams) =>
  exportHref(BALANCE_CHILDREN_PATH, { id: params.id, agentId: params.agentId });
