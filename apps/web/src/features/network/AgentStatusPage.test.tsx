import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { columnHeaders } from '../../test/table-text';

/** The first page of 10 rows in the default order: what a list paged on the server asks first. */
const FIRST_PAGE = { page: '1', pageSize: '10' };

const rows = [
  { _id: 'u-master1', username: 'master1', fullname: 'Manoj Patel', profit: 80 },
  { _id: 'u-master2', username: 'master2', fullname: 'Meena Rao', profit: -20.5 },
];

describe('Agent Status', () => {
  it('shows Agent ID, Agent Name and Profit; Show Details writes the date and agent into the URL and Back restores', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer({
      findstatus: (q) => ({
        fromDate: q.fromDate,
        toDate: q.toDate,
        data: q.agentId ? rows.filter((r) => r.username === q.agentId) : rows,
      }),
    });
    signInAs('areamanager');
    const app = renderApp('/areamanager/reports/agenstatus?date=2025-03-05');
    const table = await screen.findByRole('table', { name: 'Agent Status' }, PAGE_LOAD);
    await within(table).findByText('master2');
    expect(columnHeaders(table)).toEqual(['Agent ID', 'Agent Name', 'Profit']);
    expect(within(table).getByText('-20.50').closest('td')?.getAttribute('data-negative')).toBe('true');
    expect(screen.getByLabelText(/^Select Date/)).toBeTruthy();

    await user.type(screen.getByLabelText('Agent ID'), 'master1');
    await user.click(screen.getByRole('button', { name: 'Show Details' }));
    await waitFor(() => expect(within(table).queryByText('master2')).toBeNull());
    expect(app.router.state.location.search).toBe('?date=2025-03-05&agentId=master1');
    // The one Select Date goes out as both bounds of the call's range.
    const day = { fromDate: '2025-03-05', toDate: '2025-03-05' };
    expect(callsTo(calls, 'findstatus')).toEqual([
      { ...day, ...FIRST_PAGE },
      { ...day, agentId: 'master1', ...FIRST_PAGE },
    ]);

    await app.router.navigate(-1);
    await within(table).findByText('master2');
    expect((screen.getByLabelText('Agent ID') as HTMLInputElement).value).toBe('');
  });
});
