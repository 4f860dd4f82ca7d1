import type { CallResponse, Role } from '@playrep/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportCall } from '../../lib/report-call';

/** One account the picker offers: `_id`, `username`, `fullname`, `role`. */
export type AccountMatch = CallResponse<'accountSearch'>['data'][number];

/** How many matches the picker lists at once. */
export const ACCOUNT_SEARCH_LIMIT = 20;

/**
 * `GET /api/playrep/accountsearch?q&limit&roles&members` (managers only): accounts of the signed-in
 * manager's own subtree whose username or name contains `q`, exact username first, of `roles`
 * only when given; with `members=1` also the players that match, apart. No `id` on purpose: the picker always searches the whole subtree of the
 * manager, whatever the current subject is.
 */
const { query: accountSearchQuery } = reportCall('accountSearch');

/** The matches for `q`; the previous list stays while the next one loads (no flicker while typing). */
export function useAccountSearch(
  q: string,
  options: { enabled: boolean; limit?: number; roles?: readonly Role[] | undefined; members?: boolean },
) {
  const { enabled, limit = ACCOUNT_SEARCH_LIMIT, roles, members = false } = options;
  return useQuery({
    // members: the matching players as well, in `members` (their member pages).
    ...accountSearchQuery({ q, limit, roles: roles?.join(','), ...(members && { members: '1' as const }) }),
    staleTime: 60_000,
    enabled,
    placeholderData: keepPreviousData,
  });
}
