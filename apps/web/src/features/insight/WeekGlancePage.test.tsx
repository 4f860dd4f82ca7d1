import type { WeekGlanceResponse, WeekGlanceRow } from '@playrep/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, todayIst } from '../../lib/format';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { cellTexts, columnHeaders, pointsSum } from '../../test/table-text';

/** Monday of the week of `day`, worked out here. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const THIS_MONDAY = mondayOf(todayIst());
const PAST_MONDAY = '2025-03-03';

function child(username: string, role: string, profits: number[]): WeekGlanceRow {
  const total = profits.reduce((s, p) => s + Math.round(p * 100), 0) / 100;
  return { _id: `u-${username}`, username, name: `Name of ${username}`, role, profits, total };
}

/** An answer for the week of `monday`: every child on one page, the totals over `all` (more than the page). */
function answer(monday: string, data: WeekGlanceRow[], all: WeekGlanceRow[] = data): WeekGlanceResponse {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const sum = (values: number[]) => values.reduce((s, v) => s + Math.round(v * 100), 0) / 100;
  return {
    account: { _id: 'u-master1', username: 'master1' },
    week: { fromDate: monday, toDate: days[6]!, open: monday === THIS_MONDAY },
    days,
    data,
    totals: { profits: days.map((_, i) => sum(all.map((r) => r.profits[i]!))), total: sum(all.map((r) => r.total)) },
    total: all.length,
    page: 1,
    pageSize: 10,
  };
}

const PLAYER1 = child('player1', 'player', [100, -20.5, 0, 0, 0, 0, 0]);
const PLAYER2 = child('player2', 'player', [0, 300, 45.25, 0, 0, 0, -10]);
const PLAYER3 = child('player3', 'player', [5, 5, 5, 5, 5, 5, 5]);

describe('Week at a Glance', () => {
  it('shows the open week by default: a column per day, a sparkline and a total per row, the totals over every child, live', async () => {
    const calls = reportServer({ weekglance: () => answer(THIS_MONDAY, [PLAYER2, PLAYER1], [PLAYER2, PLAYER1, PLAYER3]) });
    signInAs('master');
    renderApp('/master/reports/weekglance');
    const table = await screen.findByRole('table', { name: 'Week at a Glance' }, PAGE_LOAD);
    await within(table).findByText('player2');
    const dayHeaders = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((weekday, i) => {
      const [y, m, d] = addDays(THIS_MONDAY, i).split('-');
      const month = new Date(Date.UTC(Number(y), Number(m) - 1, 1)).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
      return `${weekday} ${d}-${month}-${y}`;
    });
    expect(columnHeaders(table)).toEqual(['Account', 'Name', 'Week', ...dayHeaders, 'Total']);
    // No week asked: the server's default, the open week.
    expect(callsTo(calls, 'weekglance')[0]).toEqual({ page: '1', pageSize: '10', sort: 'total', order: 'desc' });
    const rows = within(table).getAllByRole('row');
    expect(cellTexts(rows[1]!)).toEqual([
      'player2',
      'Name of player2',
      '',
      '0.00',
      '300.00',
      '45.25',
      '0.00',
      '0.00',
      '0.00',
      '-10.00',
      '335.25',
    ]);
    // A member opens its member page; its sparkline is named for screen readers.
    expect(within(rows[1]!).getByRole('link', { name: 'player2' }).getAttribute('href')).toBe(
      '/master/reports/member?username=player2',
    );
    expect(within(rows[2]!).getByRole('img').getAttribute('aria-label')).toBe('player1, profit per day: from 100.00 to 0.00');
    // The total row is the server's, over all three children, not the two shown.
    const total = within(table)
      .getByText(/^Total of/)
      .closest('tr')!;
    expect(cellTexts(total).slice(-1)).toEqual([pointsSum([PLAYER1.total, PLAYER2.total, PLAYER3.total])]);
    expect(screen.getByText(/the open week: figures so far/)).toBeTruthy();
    expect(screen.getByText(/^Updated /).textContent).toMatch(/^Updated \d{1,2}:\d{2} (am|pm)$/);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      `/api/playrep/weekglance?fromDate=${THIS_MONDAY}&sort=total&order=desc&format=csv`,
    );
  });

  it('sorts on the server by the column clicked, and asks for the week in the address; a past week is not live', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer({ weekglance: (q) => answer(q.fromDate ?? THIS_MONDAY, [PLAYER1, PLAYER2]) });
    signInAs('master');
    renderApp(`/master/reports/weekglance?fromDate=${PAST_MONDAY}`);
    const table = await screen.findByRole('table', { name: 'Week at a Glance' }, PAGE_LOAD);
    await within(table).findByText('player1');
    expect(callsTo(calls, 'weekglance')[0]).toMatchObject({ fromDate: PAST_MONDAY });
    expect(screen.getByText(/from Monday 03-Mar-2025 to Sunday 09-Mar-2025/)).toBeTruthy();
    expect(screen.queryByText(/^Updated /)).toBeNull();
    await user.click(within(table).getByRole('button', { name: /^Tue 04-Mar-2025/ }));
    await waitFor(() =>
      expect(callsTo(calls, 'weekglance').at(-1)).toMatchObject({ fromDate: PAST_MONDAY, sort: 'day2', page: '1' }),
    );
    expect(screen.getByRole('link', { name: 'Excel' }).getAttribute('href')).toContain(`fromDate=${PAST_MONDAY}`);
  });

  it('says so when the subject has no accounts below it, and shows the server’s refusal of a week', async () => {
    reportServer({ weekglance: () => answer(THIS_MONDAY, []) });
    signInAs('master');
    renderApp('/master/reports/weekglance');
    expect(await screen.findByText('No accounts below master1', {}, PAGE_LOAD)).toBeTruthy();

    reportServer({
      weekglance: () =>
        jsonResponse(400, {
          message: 'From Date must be a Monday: Week at a Glance shows one week, Monday to Sunday (05-Mar-2025 is not)',
        }),
    });
    renderApp('/master/reports/weekglance?fromDate=2025-03-05');
    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toContain('From Date must be a Monday');
  });
});
