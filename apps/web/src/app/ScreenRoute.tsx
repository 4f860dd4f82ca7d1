import { Alert, Center, Loader } from '@mantine/core';
import { Suspense, useMemo } from 'react';
import { useRouteError } from 'react-router';
import { ReportScreenContext } from '../components/report/report-screen';
import type { ScreenPageProps } from '../config/navigation';
import { message } from '../lib/i18n/messages';
import { pageFor } from './screen-registry';

function PageLoading() {
  return (
    <Center py="xl" role="status" aria-label={message('shell.loadingPage')}>
      <Loader />
    </Center>
  );
}

/** Renders the registered page of a screen (lazy, so each report is its own chunk). */
export function ScreenRoute({ screen, role }: ScreenPageProps) {
  // Chosen once per screen: a page loaded meanwhile must not replace the one shown (a remount).
  const Page = useMemo(() => pageFor(screen.key), [screen.key]);
  return (
    <ReportScreenContext.Provider value={screen}>
      <Suspense fallback={<PageLoading />}>
        <Page screen={screen} role={role} />
      </Suspense>
    </ReportScreenContext.Provider>
  );
}

/** A page that failed to load or render: the layout stays, the user can pick another screen. */
export function ScreenError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Alert color="red" role="alert" title={message('shell.pageFailed')}>
      {message('shell.pageFailedHint')}
    </Alert>
  );
}
