import { RecoveryResponse } from '@playrep/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportHref } from './export-href';

export const REVENUE_RECOVERY_PATH = '/playrep/revenuerecovery';

export interface RevenueRecoveryParams {
  id?: string | undefined;
  /** The master's Agent ID (username); the call is made only when it is set. */
  username: string;
}

const query = (params: RevenueRecoveryParams) => ({ id: params.id, username: params.username.trim() });

/**
 * `GET /api/playrep/revenuerecovery?id&username`: what a master owes (outstanding loans plus the
 * loss carried out of its last closed week).
 */
export function fetchRevenueRecovery(params: RevenueRecoveryParams, signal?: AbortSignal) {
  return api.get(REVENUE_RECOVERY_PATH, query(params), { schema: RecoveryResponse, signal });
}

export function revenueRecoveryQuery(params: RevenueRecoveryParams) {
  return queryOptions({
    queryKey: ['loans', 'revenuerecovery', query(params)],
    queryFn: ({ signal }) => fetchRevenueRecovery(params, signal),
  });
}

/** Idle without an Agent ID (spec section 5: no call is made). */
export function useRevenueRecovery(params: RevenueRecoveryParams) {
  return useQuery({ ...revenueRecoveryQuery(params), enabled: params.username.trim() !== '' });
}

export const revenueRecoveryExport = (params: RevenueRecoveryParams) => exportHref(REVENUE_RECOVERY_PATH, query(params));
