import { AccountSearchResponse, type Role } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** One account the picker offers: `_id`, `username`, `fullname`, `role`. */
export type AccountMatch = AccountSearchResponse['data'][number];

export const ACCOUNT_SEARCH_PATH = '/playrep/accountsearch';
/** How many matches the picker lists at once. */
export const ACCOUNT_SEARCH_LIMIT = 20;

/**
 * `GET /api/playrep/accountsearch?q&limit&roles` (managers only): accounts of the signed-in
 * manager's own subtree whose username or name contains `q`, exact username first, of `roles`
 * only when given. No `id` on purpose: the picker always searches the whole subtree of the
 * manager, whatever the current subject is.
 */
export function fetchAccountSearch(q: string, limit = ACCOUNT_SEARCH_LIMIT, roles?: readonly Role[], signal?: AbortSignal) {
  return api.get(ACCOUNT_SEARCH_PATH, { q, limit, roles: roles?.join(',') }, { schema: AccountSearchResponse, signal });
}

export function accountSearchQuery(q: string, limit = ACCOUNT_SEARCH_LIMIT, roles?: readonly Role[]) {
  return queryOptions({
    queryKey: ['report-subject', 'accountsearch', { q, limit, roles }],
    queryFn: ({ signal }) => fetchAccountSearch(q, limit, roles, signal),
    staleTime: 60_000,
  });
}

/** The matches for `q`; the previous list stays while the next one loads (no flicker while typing). */
export function useAccountSearch(q: string, options: { enabled: boolean; limit?: number; roles?: readonly Role[] | undefined }) {
  return useQuery({
    ...accountSearchQuery(q, options.limit, options.roles),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  });
}
