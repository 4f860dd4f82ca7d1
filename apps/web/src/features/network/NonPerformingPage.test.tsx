import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { columnHeaders } from '../../test/table-text';
import { agent } from './test-agent';

const inactive = ['master3', 'master4', 'master5', 'master6'].map((u) => agent(u, { userStatus: false }));

describe('Non Performing CCS', () => {
  it('shows the count of agents in scope, the count of inactive ones and their list by 3', async () => {
    const calls = reportServer({ nonperforming: () => ({ totalAgents: 9, inactiveAgents: inactive.length, data: inactive }) });
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
    expect(callsTo(calls, 'nonperforming')).toEqual([{}]);
    // Plain words only: no field name of the data on screen.
    expect(document.body.textContent).not.toMatch(/userStatus/);
  });
});
