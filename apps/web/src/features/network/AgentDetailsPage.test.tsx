import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { cellTexts, columnHeaders } from '../../test/table-text';
import { agent } from './test-agent';

/** The first page of 10 rows in the default order: what a list paged on the server asks first. */
const FIRST_PAGE = { page: '1', pageSize: '10' };

describe('Agent Details', () => {
  it('lists the masters of the subject with Sr. No., Agent ID, Agent LOCATION and Profit Shere', async () => {
    const calls = reportServer({
      agentdetails: () => ({
        data: [agent('master1', { address: 'Pune', commission: 15 }), agent('master2', { address: 'Nashik', commission: 7.5 })],
      }),
    });
    signInAs('areamanager');
    renderApp('/areamanager/reports/agentdetails?id=u-master9&subject=master9');
    const table = await screen.findByRole('table', { name: 'Agent Details' }, PAGE_LOAD);
    await within(table).findByText('master1');
    expect(columnHeaders(table)).toEqual(['Sr. No.', 'Agent ID', 'Agent LOCATION', 'Profit Shere']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(cellTexts(first!)).toEqual(['1', 'master1', 'Pune', '15.00']);
    expect(cellTexts(second!)).toEqual(['2', 'master2', 'Nashik', '7.50']);
    // The first page, in the default order (the server's paging).
    expect(callsTo(calls, 'agentdetails')).toEqual([{ id: 'u-master9', ...FIRST_PAGE }]);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      '/api/playrep/agentdetails?id=u-master9&format=csv',
    );
  });

  it("shows 'No data available' when the subject has no masters", async () => {
    reportServer({ agentdetails: () => ({ data: [] }) });
    signInAs('master');
    renderApp('/master/reports/agentdetails');
    expect(await screen.findByText('No data available', {}, PAGE_LOAD)).toBeTruthy();
  });

  it('queries again for the account chosen in the report subject picker, and back for Myself', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer({
      agentdetails: (q) => ({ data: q.id ? [agent('player1', { address: 'Pune' })] : [agent('master1'), agent('master2')] }),
      accountsearch: () => ({
        data: [{ _id: 'u-master1', username: 'master1', fullname: 'Manoj Patel', role: 'master' }],
        members: [],
      }),
    });
    signInAs('areamanager');
    const app = renderApp('/areamanager/reports/agentdetails');
    const input = await screen.findByRole('combobox', { name: 'Report for' }, PAGE_LOAD);
    await screen.findByText('master2');

    await user.type(input, 'master1');
    // (jsdom has no layout, so the floating list counts as hidden; the keyboard does not care)
    await screen.findByRole('option', { name: /master1/, hidden: true });
    await waitFor(() => expect(callsTo(calls, 'accountsearch').map((q) => q.q)).toContain('master1'));
    // The picker asks only for the accounts this report can be about: those with a commission.
    for (const search of callsTo(calls, 'accountsearch')) {
      expect(search.roles).toBe('superadmin,admin,superareamanager,areamanager,master');
    }
    await user.keyboard('{Enter}');
    await screen.findByText('player1');
    expect(app.router.state.location.search).toBe('?id=u-master1&subject=master1');
    expect(callsTo(calls, 'agentdetails')).toEqual([FIRST_PAGE, { id: 'u-master1', ...FIRST_PAGE }]);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      '/api/playrep/agentdetails?id=u-master1&format=csv',
    );

    await user.click(screen.getByRole('button', { name: 'Clear: back to Myself' }));
    await screen.findByText('master2');
    expect(app.router.state.location.search).toBe('');
  });
});
