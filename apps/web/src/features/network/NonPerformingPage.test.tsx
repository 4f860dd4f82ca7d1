import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageOf } from '../../test/paged-list';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { columnHeaders } from '../../test/table-text';
import { agent } from './test-agent';

const inactive = ['master3', 'master4', 'master5', 'master6'].map((u) => agent(u, { userStatus: false }));

describe('Non Performing CCS', () => {
  it('shows the count of agents in scope, the count of inactive ones and their list by 3', async () => {
    const calls = reportServer({
      nonperforming: (q) => ({ totalAgents: 9, inactiveAgents: inactive.length, ...pageOf(inactive, q) }),
    });
    signInAs('admin');
    renderApp('/admin/reports/nonperfomeragent');
    expect(await screen.findByRole('heading', { level: 1, name: 'Non Performing CCS' }, PAGE_LOAD)).toBeTruthy();
    const total = await screen.findByRole('group', { name: 'Total agents' });
    const idle = screen.getByRole('group', { name: 'Inactive agents (cannot sign in)' });
    expect(await within(total).findByText('9')).toBeTruthy();
    expect(within(idle).getByText('4')).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Inactive agents' });
    expect(columnHeaders(table)).toEqual(['Sr. No.', 'Agent ID', 'Agent Name']);
    // Page size 3: three of the four inactive agents on the first page.
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 3);
    expect(within(table).getByText('master5')).toBeTruthy();
    expect(within(table).queryByText('master6')).toBeNull();
    expect(screen.getByText('Showing 1 to 3 of 4 entries')).toBeTruthy();
    expect(callsTo(calls, 'nonperforming')).toEqual([{ page: '1', pageSize: '3' }]);
    // Plain words only: no field name of the data on screen.
    expect(document.body.textContent).not.toMatch(/userStatus/);
  });

  it('asks the server for the next page of 3, numbered on from the first, and sorts on the server', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer({
      nonperforming: (q) => ({ totalAgents: 9, inactiveAgents: inactive.length, ...pageOf(inactive, q) }),
    });
    signInAs('admin');
    const app = renderApp('/admin/reports/nonperfomeragent');
    const table = await screen.findByRole('table', { name: 'Inactive agents' }, PAGE_LOAD);
    await within(table).findByText('master3');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await within(table).findByText('master6');
    expect(callsTo(calls, 'nonperforming').at(-1)).toEqual({ page: '2', pageSize: '3' });
    const [, only] = within(table).getAllByRole('row');
    expect(only!.textContent).toMatch(/^4/); // Sr. No. 4: the position in the whole list
    expect(screen.getByText('Showing 4 to 4 of 4 entries')).toBeTruthy();
    expect(app.router.state.location.search).toBe('?page=2');

    await user.click(within(table).getByRole('button', { name: /Agent Name/ }));
    await waitFor(() =>
      expect(callsTo(calls, 'nonperforming').at(-1)).toEqual({ page: '1', pageSize: '3', sort: 'fullname', order: 'asc' }),
    );
    // The download has every inactive agent, in the order shown: no page.
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      '/api/playrep/nonperforming?sort=fullname&order=asc&format=csv',
    );
  });
});
