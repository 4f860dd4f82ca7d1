import { MantineProvider } from '@mantine/core';
import type { Role } from '@playrep/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { App } from '../app/App';
import { buildRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';
import { type LocalSession, startSession } from '../lib/session';

/** Renders the whole app (providers, routes, guard, layout) at `path` in a memory router. */
export function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, queryClient, pathname: () => router.state.location.pathname };
}

/** Renders a router of the test's own routes (a page or a component alone) in the app's providers. */
export function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export const TEST_USERS: Record<Role, LocalSession['user']> = {
  superadmin: { _id: 'u-superadmin', username: 'superadmin', firstName: 'Super', lastName: 'Admin' },
  admin: { _id: 'u-admin1', username: 'admin1', firstName: 'Asha', lastName: 'Admin' },
  superareamanager: { _id: 'u-sam1', username: 'sam1', firstName: 'Sam', lastName: 'Manager' },
  areamanager: { _id: 'u-am1', username: 'am1', firstName: 'Arun', lastName: 'Mehta' },
  master: { _id: 'u-master1', username: 'master1', firstName: 'Mira', lastName: 'Shah' },
  player: { _id: 'u-player1', username: 'player1', firstName: 'Pia', lastName: 'Rao' },
};

/** Stores a local session for `role`, as a sign-in would, valid for `validForMs` (negative: expired). */
export function signInAs(role: Role, validForMs = 30 * 60 * 1000): LocalSession {
  const session: LocalSession = { role, user: TEST_USERS[role], expiresAt: Date.now() + validForMs };
  startSession(session);
  return session;
}
