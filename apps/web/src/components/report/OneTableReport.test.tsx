import { DAILY_STATUS_COLUMNS, type Screen } from '@playrep/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { addDays, todayIst } from '../../lib/format';
import { renderRouter, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { cellTexts, columnHeaders } from '../../test/table-text';
import OneTableReport from './OneTableReport';

/** The first page of 10 rows in the default order: what a list paged on the server asks first. */
const FIRST_PAGE = { page: '1', pageSize: '10' };

/**
 * The one-table page with From Date / To Date. No screen of the product uses it yet (Agent Details,
 * the subject-only kind, is tested through the app), so a screen row is made here over a call that
 * takes a range.
 */
const RANGE_SCREEN: Screen = {
  key: 'dailyStatus',
  path: 'reports/byrange',
  label: 'Profit By Range',
  audience: 'agents',
  api: ['dailyStatus'],
  oneTable: { columns: DAILY_STATUS_COLUMNS, filters: 'range' },
};

const ROWS = [
  { _id: 'u-master1', username: 'master1', fullname: 'Manoj Patel', address: 'Pune', profit: 1250.5, playedElsewhere: false },
  { _id: 'u-master2', username: 'master2', fullname: 'Meena Rao', address: 'Nashik', profit: -300.25, playedElsewhere: false },
];

function renderRangeScreen(path: string) {
  const page = <OneTableReport {...{ screen: RANGE_SCREEN, role: 'areamanager' as const }} />;
  const router = createMemoryRouter([{ path: '/areamanager/reports/byrange', element: page }], { initialEntries: [path] });
  renderRouter(router);
  return router;
}

describe('the one-table report page with a range', () => {
  it('opens on the last 7 days, shows the rows numbered with a total, and links the same range as CSV', async () => {
    const calls = reportServer({
      dailystatus: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, data: ROWS, totalProfit: 950.25 }),
    });
    signInAs('areamanager');
    renderRangeScreen('/areamanager/reports/byrange');
    const table = await screen.findByRole('table', { name: 'Profit By Range' }, PAGE_LOAD);
    await within(table).findByText('master1');
    expect(screen.getByRole('heading', { level: 1, name: 'Profit By Range' })).toBeTruthy();
    expect(columnHeaders(table)).toEqual(['Sr. No.', 'Location', 'Agent ID', 'Profit']);
    const [, first, second, total] = within(table).getAllByRole('row');
    expect(cellTexts(first!)).toEqual(['1', 'Pune', 'master1', '1,250.50']);
    expect(cellTexts(second!)).toEqual(['2', 'Nashik', 'master2', '-300.25']);
    expect(cellTexts(total!)).toEqual(['Total of 2 rows', '', '', '950.25']);
    const today = todayIst();
    const range = { fromDate: addDays(today, -6), toDate: today };
    expect(callsTo(calls, 'dailystatus')).toEqual([{ ...range, ...FIRST_PAGE }]);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      `/api/playrep/dailystatus?fromDate=${range.fromDate}&toDate=${range.toDate}&format=csv`,
    );
  });

  it('asks for the range of the URL, and Show Details on the same range asks again', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer({
      dailystatus: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, data: ROWS, totalProfit: 950.25 }),
    });
    signInAs('areamanager');
    renderRangeScreen('/areamanager/reports/byrange?fromDate=2025-03-03&toDate=2025-03-09&id=u-master9&subject=master9');
    await screen.findByText('master2', {}, PAGE_LOAD);
    const asked = { id: 'u-master9', fromDate: '2025-03-03', toDate: '2025-03-09' };
    expect(callsTo(calls, 'dailystatus')).toEqual([{ ...asked, ...FIRST_PAGE }]);
    await user.click(screen.getByRole('button', { name: 'Show Details' }));
    await expect
      .poll(() => callsTo(calls, 'dailystatus'))
      .toEqual([
        { ...asked, ...FIRST_PAGE },
        { ...asked, ...FIRST_PAGE },
      ]);
  });

  it("shows 'No data available' when the range has no rows", async () => {
    reportServer({ dailystatus: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, data: [], totalProfit: 0 }) });
    signInAs('areamanager');
    renderRangeScreen('/areamanager/reports/byrange');
    expect(await screen.findByText('No data available', {}, PAGE_LOAD)).toBeTruthy();
  });
});
