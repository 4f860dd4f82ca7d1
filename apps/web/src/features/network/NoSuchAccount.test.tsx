import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD, reportServer } from '../../test/report-server';
import { agent } from './test-agent';

const NO_SUCH_ACCOUNT = 'No such account';
const GHOST_ID = 'u-ghost';
const GHOST_NAME = 'ghost';

/**
 * The server as it answers an ID that names no account: 404 'No such account' for the subject
 * (`id`) or the Agent ID box (`agentId`), a report for anything else.
 */
function server() {
  const noSuchAccount = () => jsonResponse(404, { message: NO_SUCH_ACCOUNT });
  const unknown = (q: Record<string, string>) => q.id === GHOST_ID || q.agentId === GHOST_NAME;
  const master1 = agent('master1', { walletBalance: 75 });
  return reportServer({
    agentdetails: (q) => (unknown(q) ? noSuchAccount() : { data: [master1] }),
    dailystatus: (q) => (unknown(q) ? noSuchAccount() : { fromDate: q.fromDate, toDate: q.toDate, data: [], totalProfit: 0 }),
    nonperforming: (q) => (unknown(q) ? noSuchAccount() : { totalAgents: 1, inactiveAgents: 0, data: [] }),
    findstatus: (q) =>
      unknown(q)
        ? noSuchAccount()
        : { fromDate: q.fromDate, toDate: q.toDate, data: [{ _id: master1._id, username: 'master1', fullname: 'M', profit: 5 }] },
    balancereport: (q) =>
      unknown(q)
        ? noSuchAccount()
        : {
            parent: { _id: 'u-am1', username: 'am1', fullname: 'Arun Mehta' },
            path: [{ _id: 'u-am1', username: 'am1' }],
            data: [master1],
          },
  });
}

/** The page says the server's message, and shows no table (or figures) that would read as an empty report. */
async function expectNoSuchAccount(label: string) {
  expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(NO_SUCH_ACCOUNT);
  await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
  expect(screen.queryByText('No data available')).toBeNull();
  expect(console.error).toHaveBeenCalledWith(`${label}: the report could not be loaded`, expect.anything());
}

describe('network reports: an ID that names no account', () => {
  it.each([
    ['Agent Details', 'agentdetails'],
    ['Daily Status', 'dailystatus'],
    ['Non Performing CCS', 'nonperfomeragent'],
    ['Agent Status', 'agenstatus'],
    ['Balance Report', 'balancereport'],
  ])('%s: a report subject that does not exist says so', async (label, path) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server();
    signInAs('areamanager');
    renderApp(`/areamanager/reports/${path}?id=${GHOST_ID}`);
    await expectNoSuchAccount(label);
    if (label === 'Non Performing CCS') expect(screen.queryByRole('group', { name: 'Total agents' })).toBeNull();
  });

  it.each([
    ['Agent Status', 'agenstatus', 'Show Details'],
    ['Balance Report', 'balancereport', 'Search'],
  ])('%s: an Agent ID that does not exist says so instead of an empty table', async (label, path, button) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    server();
    signInAs('areamanager');
    renderApp(`/areamanager/reports/${path}`);
    await screen.findByRole('table', { name: label }, PAGE_LOAD);
    await screen.findByText('master1', {}, PAGE_LOAD);
    await user.type(screen.getByLabelText('Agent ID'), GHOST_NAME);
    await user.click(screen.getByRole('button', { name: button }));
    await expectNoSuchAccount(label);
  });
});
