import { AccountSearchResponse } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** One account the picker offers: `_id`, `username`, `fullname`, `role`. */
export type AccountMatch = AccountSearchResponse['data'][number];

export const ACCOUNT_SEARCH_PATH = '/playrep/accountsearch';
/** How many matches the picker lists at once. */
export const ACCOUNT_SEARCH_LIMIT = 20;

/**
 * `GET /api/playrep/accountsearch?q&limit` (managers only): accounts of the signed-in manager's
 * own subtree whose username or name contains `q`, exact username first. No `id` on purpose: the
 * picker always searches the whole subtree of the manager, whatever the current subject is.
 */
export function fetchAccountSearch(q: string, limit = ACCOUNT_SEARCH_LIMIT, signal?: AbortSignal) {
  return api.get(ACCOUNT_SEARCH_PATH, { q, limit }, { schema: AccountSearchResponse, signal });
}

export function accountSearchQuery(q: string, limit = ACCOUNT_SEARCH_LIMIT) {
  return queryOptions({
    queryKey: ['report-subject', 'accountsearch', { q, limit }],
    queryFn: ({ signal }) => fetchAccountSearch(q, limit, signal),
    staleTime: 60_000,
  });
}

/** The matches for `q`; the previous list stays while the next one loads (no flicker while typing). */
export function useAccountSearch(q: string, options: { enabled: boolean; limit?: number }) {
  return useQuery({
    ...accountSearchQuery(q, options.limit),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  });
}
