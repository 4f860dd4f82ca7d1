import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { createQueryClient } from '../lib/query-client';
import { App } from './App';
import { createAppRouter } from './router';

/**
 * The app proper (router, role layouts, the component library and its styles, React Query, and
 * through them the report pages), rendered at the current URL. boot.tsx loads this module as its
 * own chunk: the sign-in page does not need it.
 */
export function mountApp(root: Root): void {
  // A transition: the first render of the whole shell yields to the browser between components
  // instead of holding the page in one long task; what was on screen stays until it is ready.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={createAppRouter()} queryClient={createQueryClient()} />
      </StrictMode>,
    );
  });
}
