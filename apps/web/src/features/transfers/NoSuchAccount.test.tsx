import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD, reportServer } from '../../test/report-server';
import { report, transfer } from './test-data';

const NO_SUCH_ACCOUNT = 'No such account';
const RANGE = { fromDate: '2025-03-01', toDate: '2025-03-07' };

/** The server: 404 'No such account' for the ghost subject or Member ID, the report otherwise. */
function server() {
  const answer = (q: Record<string, string>) =>
    q.id === 'u-ghost' || q.memberId === 'ghost'
      ? jsonResponse(404, { message: NO_SUCH_ACCOUNT })
      : report(RANGE, { transferred: [transfer('sent', 'player1', 150, '2025-03-02T08:00:00Z')] });
  return reportServer({ pointtransferreport: answer, multipointtransferreport: answer, weeklydetailsreport: answer });
}

/** The server's message, and none of the six sections that would read as an empty report. */
async function expectNoSuchAccount(label: string) {
  expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(NO_SUCH_ACCOUNT);
  await waitFor(() => expect(screen.queryByRole('button', { name: /Point Transferred$/ })).toBeNull());
  expect(screen.queryByRole('table')).toBeNull();
  expect(console.error).toHaveBeenCalledWith(`${label}: the report could not be loaded`, expect.anything());
}

describe('transfer reports: an ID that names no account', () => {
  it.each([
    ['Point Transfer', 'reports/pointtransfer'],
    ['Multiplayer Point Transfer', 'reports/multipointtransfer'],
  ])('%s: a Member ID that does not exist says so', async (label, path) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    server();
    signInAs('master');
    renderApp(`/master/${path}?fromDate=${RANGE.fromDate}&toDate=${RANGE.toDate}`);
    await screen.findByRole('table', {}, PAGE_LOAD);
    await user.type(screen.getByRole('textbox', { name: 'Member ID' }), 'ghost');
    await user.click(screen.getByRole('button', { name: 'Show Details' }));
    await expectNoSuchAccount(label);
  });

  it.each([
    ['Point Transfer', 'reports/pointtransfer'],
    ['Weekly Details Report', 'weeklydetailsreport'],
  ])('%s: a report subject that does not exist says so', async (label, path) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server();
    signInAs('areamanager');
    renderApp(`/areamanager/${path}?id=u-ghost`);
    await expectNoSuchAccount(label);
  });
});
