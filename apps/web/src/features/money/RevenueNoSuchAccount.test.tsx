import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD, reportServer } from '../../test/report-server';

const NO_SUCH_ACCOUNT = 'No such account';

describe('revenue reports: an ID that names no account', () => {
  it.each([
    ['Revenue', 'revenue'],
    ['Poker Revenue', 'pokerrevenue'],
  ])('%s: a report subject that does not exist says so, with no table', async (label, path) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const noSuchAccount = () => jsonResponse(404, { message: NO_SUCH_ACCOUNT });
    reportServer({ revenuereport: noSuchAccount, revenuereportbyid: noSuchAccount, pokerrevenuereport: noSuchAccount });
    signInAs('areamanager');
    renderApp(`/areamanager/reports/${path}?id=u-ghost`);
    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(NO_SUCH_ACCOUNT);
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(screen.queryByText('No data available')).toBeNull();
    // Nothing looks as if it were still loading.
    expect(screen.getByText('Total Remaining Loan').nextElementSibling?.textContent).toBe('-');
    expect(console.error).toHaveBeenCalledWith(`${label}: the report could not be loaded`, expect.anything());
  });
});
