import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIst } from '../../lib/format';
import { calendarMoves } from '../../test/calendar';
import { pageOf } from '../../test/paged-list';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { cellTexts, columnHeaders } from '../../test/table-text';

/** The first page of 10 rows in the default order: what a list paged on the server asks first. */
const FIRST_PAGE = { page: '1', pageSize: '10' };

const DAY = '2025-03-05';
/** The screen sends its one Select Date as both bounds of the call's range. */
const oneDay = (day: string) => ({ fromDate: day, toDate: day });
const rows = [
  { _id: 'u-master1', username: 'master1', fullname: 'Manoj Patel', address: 'Pune', profit: 1250.5, playedElsewhere: true },
  { _id: 'u-master2', username: 'master2', fullname: 'Meena Rao', address: 'Nashik', profit: -300.25, playedElsewhere: false },
];

function server() {
  return reportServer({
    dailystatus: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, data: rows, totalProfit: 950.25 }),
    dailystatusmembers: (q) => ({
      fromDate: q.fromDate,
      toDate: q.toDate,
      agent: q.agentId,
      data:
        q.agentId === 'master1'
          ? [
              {
                memberId: 'u-player1',
                username: 'player1',
                fullname: 'Pia Rao',
                cafe: 'Cafe Two',
                cafeAgent: 'master2',
                playPoints: 40,
                profit: 12,
              },
            ]
          : [],
    }),
  });
}

const table = () => screen.getByRole('table', { name: 'Daily Status' });

describe('Daily Status', () => {
  it('shows the day of the URL with the spec columns, a total and negatives in red', async () => {
    const calls = server();
    signInAs('areamanager');
    renderApp(`/areamanager/reports/dailystatus?date=${DAY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily Status' }, PAGE_LOAD)).toBeTruthy();
    await screen.findByText('master1', {}, PAGE_LOAD);

    const headers = columnHeaders(table());
    expect(headers).toEqual(['Sr. No.', 'Location', 'Agent ID', 'Profit']);
    const [, first, second, total] = within(table()).getAllByRole('row');
    expect(cellTexts(first!)).toEqual(['1', 'Pune', 'master1', '1,250.50']);
    expect(cellTexts(second!)).toEqual(['2', 'Nashik', 'master2', '-300.25']);
    expect(cellTexts(total!)).toEqual(['Total of 2 rows', '', '', '950.25']);
    expect(within(second!).getAllByRole('cell')[3]!.getAttribute('data-negative')).toBe('true');

    expect(callsTo(calls, 'dailystatus')).toEqual([{ ...oneDay(DAY), ...FIRST_PAGE }]);
    expect(screen.getByLabelText(/^Select Date/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show Details' })).toBeTruthy();
    const csv = screen.getByRole('link', { name: 'CSV' }).getAttribute('href');
    expect(csv).toBe(`/api/playrep/dailystatus?fromDate=${DAY}&toDate=${DAY}&format=csv`);
  });

  it('names the day it shows, also when Select Date is cleared (the day stays the one shown)', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = server();
    signInAs('master');
    renderApp(`/master/reports/dailystatus?date=${DAY}`);
    await screen.findByRole('table', { name: 'Daily Status' }, PAGE_LOAD);
    expect(screen.getByText('Profit on 05-Mar-2025')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear Select Date' }));
    expect(screen.getByLabelText('Select Date').textContent).toBe('DD-Mon-YYYY');
    // The table is still the 5th's, and says so.
    expect(screen.getByText('Profit on 05-Mar-2025')).toBeTruthy();
    // Show Details with no date: today, named.
    await user.click(screen.getByRole('button', { name: 'Show Details' }));
    await waitFor(() => expect(callsTo(calls, 'dailystatus').at(-1)).toEqual({ ...oneDay(todayIst()), ...FIRST_PAGE }));
    const [y, m, d] = todayIst().split('-');
    const month = new Date(Date.UTC(Number(y), Number(m) - 1, 1)).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
    expect(await screen.findByText(`Profit on ${d}-${month}-${y}`)).toBeTruthy();
  });

  it('defaults to today in India', async () => {
    const calls = server();
    signInAs('master');
    renderApp('/master/reports/dailystatus');
    await screen.findByText('master1', {}, PAGE_LOAD);
    expect(callsTo(calls, 'dailystatus')).toEqual([{ ...oneDay(todayIst()), ...FIRST_PAGE }]);
  });

  it("opens the agent's members who played in other agents' cafes from its profit, and closes", async () => {
    const user = userEvent.setup({ delay: null });
    const calls = server();
    signInAs('areamanager');
    renderApp(`/areamanager/reports/dailystatus?date=${DAY}`);
    await user.click(await screen.findByRole('button', { name: /^1,250\.50: show members of master1/ }, PAGE_LOAD));

    const dialog = await screen.findByRole('dialog', {
      name: /Members of master1 who played in other agents' cafes on 05-Mar-2025/,
    });
    await within(dialog).findByText('player1');
    expect(callsTo(calls, 'dailystatusmembers')).toEqual([{ agentId: 'master1', ...oneDay(DAY) }]);
    const headers = columnHeaders(dialog);
    expect(headers).toEqual(['Sr. No.', 'Member ID', 'Member Name', 'Cafe', 'Cafe Agent', 'Points']);
    expect(within(dialog).getByText('Cafe Two')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: /^-300\.25: show members of master2/ }));
    const empty = await screen.findByRole('dialog', { name: /Members of master2/ });
    expect(await within(empty).findByText('No data available')).toBeTruthy();
    expect(callsTo(calls, 'dailystatusmembers')).toContainEqual({ agentId: 'master2', ...oneDay(DAY) });
  });

  it('passes the report subject as id to the report and the popup', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = server();
    signInAs('superadmin');
    renderApp(`/superadmin/reports/dailystatus?date=${DAY}&id=u-am1&subject=am1`);
    await user.click(await screen.findByRole('button', { name: /^1,250\.50/ }, PAGE_LOAD));
    await screen.findByRole('dialog');
    expect(callsTo(calls, 'dailystatus')).toEqual([{ id: 'u-am1', ...oneDay(DAY), ...FIRST_PAGE }]);
    expect(callsTo(calls, 'dailystatusmembers')).toEqual([{ id: 'u-am1', agentId: 'master1', ...oneDay(DAY) }]);
  });
});

describe('Daily Status and Agent Status: Select Date', () => {
  it.each([
    ['Daily Status', 'dailystatus'],
    ['Agent Status', 'agenstatus'],
  ])('%s offers no day before 2000 and none after today', async (label, path) => {
    const user = userEvent.setup({ delay: null });
    reportServer({
      dailystatus: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, data: rows, totalProfit: 950.25 }),
      findstatus: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, data: [] }),
    });
    signInAs('areamanager');
    renderApp(`/areamanager/reports/${path}?date=2000-01-01`);
    await screen.findByRole('table', { name: label }, PAGE_LOAD);
    expect(await calendarMoves(user, 'Select Date: 01-Jan-2000')).toEqual({ previous: false, next: true });
  });

  it('shows one page from the server with the total over every master, and asks for the next page or another order', async () => {
    const user = userEvent.setup({ delay: null });
    const many = Array.from({ length: 12 }, (_, i) => ({
      ...rows[0]!,
      _id: `u-m${i + 1}`,
      username: `m${String(i + 1).padStart(2, '0')}`,
      profit: i + 1,
    }));
    const everyProfit = many.reduce((sum, row) => sum + row.profit, 0);
    const calls = reportServer({
      dailystatus: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, totalProfit: everyProfit, ...pageOf(many, q) }),
    });
    signInAs('areamanager');
    const app = renderApp(`/areamanager/reports/dailystatus?date=${DAY}`);
    await screen.findByText('m01', {}, PAGE_LOAD);
    expect(screen.getByText('Showing 1 to 10 of 12 entries')).toBeTruthy();
    // The total row is the server's, over all 12 masters, not the page's 10.
    const totalRow = within(table()).getAllByRole('row').at(-1)!;
    expect(cellTexts(totalRow)).toContain('78.00');
    expect(everyProfit).toBe(78);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await within(table()).findByText('m11');
    expect(callsTo(calls, 'dailystatus').at(-1)).toEqual({ ...oneDay(DAY), page: '2', pageSize: '10' });
    const [, eleventh] = within(table()).getAllByRole('row');
    expect(cellTexts(eleventh!).slice(0, 3)).toEqual(['11', 'Pune', 'm11']);
    expect(app.router.state.location.search).toBe(`?date=${DAY}&page=2`);

    await user.click(within(table()).getByRole('button', { name: /^Profit/ }));
    await waitFor(() =>
      expect(callsTo(calls, 'dailystatus').at(-1)).toEqual({
        ...oneDay(DAY),
        page: '1',
        pageSize: '10',
        sort: 'profit',
        order: 'asc',
      }),
    );
    // The download: every master, in the order shown.
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      `/api/playrep/dailystatus?fromDate=${DAY}&toDate=${DAY}&sort=profit&order=asc&format=csv`,
    );
  });
});
