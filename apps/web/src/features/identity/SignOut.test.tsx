import 'fake-indexeddb/auto';
import { reportPath } from '@playrep/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { keepAnswer, lastAnswer } from '../../lib/offline-answers';
import { startSession } from '../../lib/session';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { useLogout } from './api/logout';

const STATEMENT = reportPath('agentMail');
const WEEK = { fromDate: '2026-11-16', toDate: '2026-11-22' };

describe('sign-out', () => {
  it('clears the report answers kept on the device', async () => {
    stubFetch(() => jsonResponse(200, { message: 'Signed out.' }));
    startSession({
      role: 'master',
      user: { _id: 'acc-1', username: 'acc-1', firstName: '', lastName: '' },
      expiresAt: Date.now() + 60_000,
    });
    await keepAnswer('acc-1', STATEMENT, WEEK, { rows: [] });
    expect(await lastAnswer('acc-1', STATEMENT, WEEK)).toBeDefined();

    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useLogout(), { wrapper });
    await act(() => result.current.logout());

    await waitFor(async () => expect(await lastAnswer('acc-1', STATEMENT, WEEK)).toBeUndefined());
  });
});
