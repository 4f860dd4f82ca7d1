import { AUTH_CALLS, type CallResponse } from '@playrep/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { LocalSession } from '../../../lib/session';

/** `GET /api/auth/session`: 200 while the server session lives, 401 once it has ended. */
export function fetchSession(signal?: AbortSignal): Promise<CallResponse<'session'>> {
  const { path, method } = AUTH_CALLS.session;
  return apiRequest<CallResponse<'session'>>(path, { method, signal });
}

/**
 * Confirms once per sign-in that the server still knows the session (it may have been revoked or
 * the server restarted). A 401 goes through the api client's session-expiry path like any call.
 */
export function useSessionCheck(session: LocalSession | null): void {
  useQuery({
    queryKey: ['auth', 'session', session?.user._id, session?.expiresAt],
    queryFn: ({ signal }) => fetchSession(signal),
    enabled: session !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // Nothing renders its answer (a 401 reaches the app through the api client): the layout that
    // asks must not render itself and the whole page again when the answer arrives.
    notifyOnChangeProps: [],
  });
}
