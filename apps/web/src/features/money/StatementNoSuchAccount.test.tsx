import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD, reportServer } from '../../test/report-server';

const NO_SUCH_ACCOUNT = 'No such account';

describe('mail reports: an ID that names no account', () => {
  it.each([
    ['Agent Mail Details', 'agentmaildetails', 'statement'],
    ['Manager Mail Details', 'managermaildetails', 'report'],
  ])('%s: a report subject that does not exist says so, with no table', async (label, path, what) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const noSuchAccount = () => jsonResponse(404, { message: NO_SUCH_ACCOUNT });
    reportServer({ mailreport: noSuchAccount, managermailreport: noSuchAccount });
    signInAs('areamanager');
    renderApp(`/areamanager/mailreports/${path}?id=u-ghost`);
    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(NO_SUCH_ACCOUNT);
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(screen.queryByText('No data available')).toBeNull();
    expect(console.error).toHaveBeenCalledWith(`${label}: the ${what} could not be loaded`, expect.anything());
  });
});
