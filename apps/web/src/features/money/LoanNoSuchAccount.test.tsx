import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD, reportServer } from '../../test/report-server';

const NO_SUCH_ACCOUNT = 'No such account';

/** The server: 404 'No such account' for the ghost subject or Agent ID. */
function server() {
  const noSuchAccount = () => jsonResponse(404, { message: NO_SUCH_ACCOUNT });
  return reportServer({ computerloan: noSuchAccount, multiplecybers: noSuchAccount, revenuerecovery: noSuchAccount });
}

describe('loan reports: an ID that names no account', () => {
  it.each([
    ['Computer Loan', 'computerloan'],
    ['Multiple Cybers', 'multiplecybers'],
  ])('%s: a report subject that does not exist says so, with no table', async (label, path) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server();
    signInAs('areamanager');
    renderApp(`/areamanager/reports/${path}?id=u-ghost`);
    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(NO_SUCH_ACCOUNT);
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(screen.queryByText('No data available')).toBeNull();
    expect(console.error).toHaveBeenCalledWith(`${label}: the report could not be loaded`, expect.anything());
  });

  it('Revenue Recovery: an Agent ID that does not exist says so in red, not No data found.', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    server();
    signInAs('areamanager');
    renderApp('/areamanager/reports/revenuerecovery');
    await user.type(await screen.findByRole('textbox', { name: 'Agent ID' }, PAGE_LOAD), 'ghost');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(NO_SUCH_ACCOUNT);
    expect(alert.getAttribute('style')).toContain('color: var(--mantine-color-red-9)');
    expect(screen.queryByText('No data found.')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
