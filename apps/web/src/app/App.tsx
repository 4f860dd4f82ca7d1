import './mantine-styles.css';
import '@mantine/dates/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { LOGIN_PATH } from '../config/paths';
import { onUnauthorized } from '../lib/api-client';
import { datesLocale } from '../lib/i18n/dates-locale';
import { useLanguage } from '../lib/i18n/language';
import { expireSession } from '../lib/session';
import type { AppRouter } from './router';
import { theme } from './theme';

export interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
}

/**
 * Providers and the router. Also wires the api client's 401 signal: the session ended on the
 * server, so the local session is cleared, cached data dropped, and the user sent to sign in
 * again with a notice.
 */
export function App({ router, queryClient }: AppProps) {
  const language = useLanguage();
  useEffect(
    () =>
      onUnauthorized(() => {
        expireSession();
        queryClient.clear();
        if (router.state.location.pathname !== LOGIN_PATH) void router.navigate(LOGIN_PATH, { replace: true });
      }),
    [router, queryClient],
  );

  return (
    <MantineProvider theme={theme}>
      <DatesProvider settings={{ locale: datesLocale(language) }}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
