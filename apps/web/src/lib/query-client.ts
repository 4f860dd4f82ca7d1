import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Report data is read-only and changes slowly: no refetch on focus, no retry of client errors. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Asked offline too, never left waiting: a report answers from the device (report-call.ts),
        // anything else says it needs a connection (api-client.ts), without asking the server.
        networkMode: 'always',
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          // Offline nothing was sent: asking again at once would not help.
          if (isApiError(error) && error.kind === 'offline') return false;
          return failureCount < 1;
        },
      },
      // An action offline fails at once with 'This needs a connection.' (api-client.ts) instead of waiting.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
