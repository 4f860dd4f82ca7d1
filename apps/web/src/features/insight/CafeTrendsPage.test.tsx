import type { CafeTrendsResponse } from '@playrep/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { cellTexts, columnHeaders } from '../../test/table-text';

const WEEKS = ['2025-02-17', '2025-02-24', '2025-03-03', '2025-03-10'];
const sunday = (monday: string) => new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);

const ROWS: CafeTrendsResponse['data'] = [
  {
    cafeId: 'c-1a',
    cafe: 'cafe1a',
    masterId: 'u-master1',
    master: 'master1',
    profits: [800, -2200, 800, 2100.25],
    total: 1500.25,
    previous: 0,
    change: 1500.25,
  },
  {
    cafeId: 'c-2',
    cafe: 'cafe2',
    masterId: 'u-master2',
    master: 'master2',
    profits: [700, 850, -150, 0],
    total: 1400,
    previous: 300,
    change: 1100,
  },
];

function answer(rows = ROWS, total = 7): CafeTrendsResponse {
  return {
    account: { _id: 'u-am1', username: 'am1' },
    weeks: WEEKS.map((week, i) => ({ fromDate: week, toDate: sunday(week), open: i === WEEKS.length - 1 })),
    previousRange: { fromDate: '2025-01-20', toDate: '2025-02-16' },
    data: rows,
    // Over every cafe of the subtree, more than the page: the total row shows these, not the page's sums.
    totals: { profits: [5000, 100, 200, 300], total: 5600, previous: 1000, change: 4600 },
    total,
    page: 1,
    pageSize: 10,
  };
}

describe('Cafe Trends', () => {
  it('shows a column per week with the server’s totals, and each week’s profit opens Cafe Profit of that cafe’s agent and week', async () => {
    const calls = reportServer({ cafetrends: () => answer() });
    signInAs('areamanager');
    renderApp('/areamanager/reports/cafetrends');
    const table = await screen.findByRole('table', { name: 'Cafe Trends' }, PAGE_LOAD);
    await within(table).findByText('cafe1a');
    expect(columnHeaders(table)).toEqual([
      'Cafe',
      'Agent',
      'Week of 17-Feb-2025',
      'Week of 24-Feb-2025',
      'Week of 03-Mar-2025',
      'Week of 10-Mar-2025',
      'Total',
      'Period Before',
      'Change',
    ]);
    expect(callsTo(calls, 'cafetrends')[0]).toMatchObject({
      weeks: '4',
      sort: 'total',
      order: 'desc',
      page: '1',
      pageSize: '10',
    });
    const row = within(table).getByText('cafe1a').closest('tr')!;
    expect(cellTexts(row).slice(1)).toEqual([
      'master1',
      '800.00',
      '-2,200.00',
      '800.00',
      '2,100.25',
      '1,500.25',
      '0.00',
      '1,500.25',
    ]);

    const week2 = within(row).getByRole('link', { name: /^-2,200\.00: Cafe Profit of cafe1a, week of 24-Feb-2025$/ });
    expect(week2.getAttribute('href')).toBe(
      '/areamanager/reports/cafeprofit?id=u-master1&subject=master1&fromDate=2025-02-24&toDate=2025-03-02',
    );
    // The cafe's name opens its Cafe Profit over every week shown.
    expect(within(row).getByRole('link', { name: 'cafe1a' }).getAttribute('href')).toBe(
      '/areamanager/reports/cafeprofit?id=u-master1&subject=master1&fromDate=2025-02-17&toDate=2025-03-16',
    );
    // The total row adds up every cafe of the subtree (the server's sums), not the page's rows.
    const totalRow = within(table).getByText('Total of 7 rows').closest('tr')!;
    expect(cellTexts(totalRow).slice(2)).toEqual(['5,000.00', '100.00', '200.00', '300.00', '5,600.00', '1,000.00', '4,600.00']);
    expect(screen.getByText(/change against 20-Jan-2025 to 16-Feb-2025/)).toBeTruthy();
  });

  it('sorts by a week on the server and exports the same order', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer({ cafetrends: () => answer() });
    signInAs('areamanager');
    renderApp('/areamanager/reports/cafetrends');
    const table = await screen.findByRole('table', { name: 'Cafe Trends' }, PAGE_LOAD);
    await within(table).findByText('cafe1a');
    await user.click(within(table).getByRole('button', { name: /Week of 24-Feb-2025/ }));
    await waitFor(() => expect(callsTo(calls, 'cafetrends').at(-1)).toMatchObject({ sort: 'week2', page: '1' }));
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toContain('sort=week2');
  });

  it('links a master’s own cafe without a subject', async () => {
    reportServer({ cafetrends: () => answer([ROWS[0]!], 1) });
    signInAs('master');
    renderApp('/master/reports/cafetrends?weeks=4');
    const table = await screen.findByRole('table', { name: 'Cafe Trends' }, PAGE_LOAD);
    const link = await within(table).findByRole('link', { name: /^800\.00: Cafe Profit of cafe1a, week of 17-Feb-2025$/ });
    expect(link.getAttribute('href')).toBe('/master/reports/cafeprofit?fromDate=2025-02-17&toDate=2025-02-23');
  });

  it('shows an empty table when the subtree has no cafe', async () => {
    reportServer({ cafetrends: () => answer([], 0) });
    signInAs('areamanager');
    renderApp('/areamanager/reports/cafetrends');
    const table = await screen.findByRole('table', { name: 'Cafe Trends' }, PAGE_LOAD);
    expect(await within(table).findByText('No data available')).toBeTruthy();
  });
});
