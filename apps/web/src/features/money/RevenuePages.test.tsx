import type { RevenueResponse, RevenueRow, RevenueWeekResponse } from '@playrep/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, parseApiDate, todayIst } from '../../lib/format';
import { calendarMoves } from '../../test/calendar';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { cellTexts, columnHeaders, figure, pointsSum } from '../../test/table-text';

const FROM = '2025-02-17';
const TO = '2025-03-09';

function week(fromDate: string, figures: Partial<RevenueRow>): RevenueRow {
  return {
    fromDate,
    toDate: addDays(fromDate, 6),
    profit: 0,
    actualRevenue: 0,
    revenueDeduction: 0,
    deductionPercentage: 50,
    commissionPercentage: 15,
    revAfterLoan: 0,
    carryIn: 0,
    carryOut: 0,
    open: false,
    lateProfit: 0,
    ...figures,
  };
}

const WEEKS: RevenueRow[] = [
  week('2025-02-17', { profit: 1000.1, actualRevenue: 150.02, revenueDeduction: 75.01, revAfterLoan: 75.01 }),
  week('2025-02-24', { profit: -400.55, carryOut: -400.55 }),
  week('2025-03-03', { profit: 600.2, carryIn: -400.55, actualRevenue: 29.95, revenueDeduction: 14.98, revAfterLoan: 14.97 }),
  week('2025-03-10', { profit: 0.25, commissionPercentage: -5, deductionPercentage: 0, open: true, lateProfit: -12.75 }),
];

function revenueBody(kind: 'games' | 'poker', q: Record<string, string>): RevenueResponse {
  return {
    range: { fromDate: q.fromDate ?? FROM, toDate: q.toDate ?? TO },
    account: { _id: 'u-master1', username: 'master1' },
    kind,
    data: WEEKS,
    totals: {
      totalProfit: 1200,
      totalCommission: 179.97,
      coms: 89.98,
      totalRevenuePercentage: 15,
      finalCarryForward: -12.5,
      finalCarryForwardWeek: { fromDate: '2025-03-10', toDate: '2025-03-16', open: true },
      totalRemainingLoan: 4321.5,
      totalRemainingLoanWeek: { fromDate: '2025-03-03', toDate: '2025-03-09', open: false },
    },
  };
}

function weekBody(q: Record<string, string>): RevenueWeekResponse {
  const row = WEEKS.find((w) => w.fromDate === q.fromDate)!;
  const negative = row.profit < 0;
  return {
    account: { _id: 'u-master1', username: 'master1' },
    week: row,
    members: [
      { _id: 'u-player1', username: 'player1', role: 'player', playPoints: 900, profit: negative ? -500.55 : 700.1 },
      { _id: 'u-player3', username: 'player3', role: 'player', playPoints: 300, profit: 100 },
    ],
    totalProfit: row.profit,
    statement: {
      fromDate: row.fromDate,
      toDate: row.toDate,
      open: row.open,
      commissionPercentage: 15,
      revenuePercentage: negative ? 0 : 15,
      actualPoints: row.profit,
      latePoints: row.lateProfit,
      giftPoints: negative ? 0 : 150.02,
      carryIn: row.carryIn,
      carryEffect: negative ? 0 : row.actualRevenue - 150.02,
      actualRevenue: row.actualRevenue,
      loan: {
        hasLoan: true,
        deductionPercentage: row.deductionPercentage,
        previousLoan: 5000,
        deductedPoints: row.revenueDeduction,
        loanRemaining: 5000 - row.revenueDeduction,
      },
      paid: row.revAfterLoan,
      carryForward: row.carryOut,
    },
  };
}

function server() {
  return reportServer({
    revenuereport: (q) => revenueBody('games', q),
    pokerrevenuereport: (q) => revenueBody('poker', q),
    revenueweek: weekBody,
  });
}

/** The note under a figure: the second `dd` after its `dt`. */
function noteOf(label: string, scope: HTMLElement = document.body): string | null | undefined {
  return within(scope).getByText(label).nextElementSibling?.nextElementSibling?.textContent;
}

describe('Revenue', () => {
  it('shows the weeks with the spec columns, the total row, the totals, negatives in red and the open week', async () => {
    const calls = server();
    signInAs('master');
    renderApp(`/master/reports/revenue?fromDate=${FROM}&toDate=${TO}`);
    const table = await screen.findByRole('table', { name: 'Revenue' }, PAGE_LOAD);
    await within(table).findByText('17-Feb-2025');

    expect(columnHeaders(table)).toEqual([
      'Sr. No.',
      'From Date',
      'To Date',
      'Profit',
      'Actual Rev',
      'Rev Ded',
      'Ded %',
      'Rev After Loan',
      'Revenue %',
    ]);
    const [, first, second, , open, total] = within(table).getAllByRole('row');
    expect(cellTexts(first!)).toEqual([
      '1',
      '17-Feb-2025',
      '23-Feb-2025',
      '1,000.10',
      '150.02',
      '75.01',
      '50.00',
      '75.01',
      '15.00',
    ]);
    expect(cellTexts(second!)[3]).toBe('-400.55');
    // Negative profit and a negative commission percentage in red.
    expect(within(second!).getAllByRole('cell')[3]!.getAttribute('data-negative')).toBe('true');
    expect(within(open!).getAllByRole('cell')[8]!.getAttribute('data-negative')).toBe('true');
    expect(within(first!).getAllByRole('cell')[3]!.getAttribute('data-negative')).toBeNull();
    // The open week is marked in words, not by colour only.
    expect(within(open!).getAllByRole('cell')[1]!.textContent).toBe('10-Mar-2025Open');
    expect(within(first!).queryByText('Open')).toBeNull();

    const totals = cellTexts(total!);
    expect(totals[0]).toBe('Total of 4 rows');
    expect(totals[3]).toBe(pointsSum(WEEKS.map((w) => w.profit)));
    expect(totals[4]).toBe(pointsSum(WEEKS.map((w) => w.actualRevenue)));
    expect(totals[5]).toBe(pointsSum(WEEKS.map((w) => w.revenueDeduction)));
    expect(totals[7]).toBe(pointsSum(WEEKS.map((w) => w.revAfterLoan)));

    expect(figure('Total Remaining Loan')).toBe('4,321.50');
    const settlement = screen.getByRole('group', { name: 'Totals of the report' });
    expect(figure('Total Profit', settlement)).toBe('1,200.00');
    expect(figure('Total Commission', settlement)).toBe('179.97');
    expect(figure('Coms (after loan)', settlement)).toBe('89.98');
    expect(figure('Revenue %', settlement)).toBe('15%');
    expect(figure('Final Carry Forward', settlement)).toBe('-12.50');
    // Each total names the week it stands at.
    expect(noteOf('Final Carry Forward', settlement)).toBe('open week, live');
    expect(noteOf('Total Remaining Loan')).toBe('as at the close of the week of 03-Mar-2025');
    // How much of a week's profit is late, on a line of its own under the table.
    expect(
      screen.getByText(
        'Of the profit of the week of 10-Mar-2025 (open week, live), -12.75 is late: plays of closed weeks that arrived late, or were voided since, booked into this week.',
      ),
    ).toBeTruthy();
    expect(screen.queryAllByText(/^Of the profit of the week of/)).toHaveLength(1);

    expect(await screen.findByText(/^Weekly profit and revenue \(Actual Rev\)/, {}, PAGE_LOAD)).toBeTruthy();
    expect(callsTo(calls, 'revenuereport')).toEqual([{ fromDate: FROM, toDate: TO }]);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      `/api/playrep/revenuereport?fromDate=${FROM}&toDate=${TO}&format=csv`,
    );
    expect(screen.getByRole('link', { name: 'Excel' }).getAttribute('href')).toContain('format=xlsx');
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
  });

  it('opens on the last four settlement weeks, the current one included', async () => {
    const calls = server();
    signInAs('master');
    renderApp('/master/reports/revenue');
    await screen.findByRole('table', { name: 'Revenue' }, PAGE_LOAD);
    const today = todayIst();
    const monday = addDays(today, -((parseApiDate(today)!.getUTCDay() + 6) % 7));
    await waitFor(() => expect(callsTo(calls, 'revenuereport')).toEqual([{ fromDate: addDays(monday, -21), toDate: today }]));
  });

  it('opens the week popup from a profit with the right call, shows the members and the gift-points lines, and closes', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = server();
    signInAs('master');
    renderApp(`/master/reports/revenue?fromDate=${FROM}&toDate=${TO}`);
    await user.click(await screen.findByRole('button', { name: /^1,000\.10: show the week 17-Feb-2025/ }, PAGE_LOAD));

    const dialog = await screen.findByRole('dialog', { name: 'Week 17-Feb-2025 to 23-Feb-2025' }, PAGE_LOAD);
    await within(dialog).findByText('player1', {}, PAGE_LOAD);
    expect(callsTo(calls, 'revenueweek')).toEqual([{ fromDate: '2025-02-17' }]);
    const members = within(dialog).getByRole('table', { name: 'Points Used By The Members' });
    expect(columnHeaders(members)).toEqual(['Sr. No.', 'Member Id', 'Play', 'Points Used By The Member']);
    const rows = within(members).getAllByRole('row');
    expect(cellTexts(rows[1]!)).toEqual(['1', 'player1', '900.00', '700.10']);
    expect(cellTexts(rows.at(-1)!)).toEqual(['Total of 2 rows', '', pointsSum([900, 300]), pointsSum([700.1, 100])]);

    // The week's statement, top to bottom, each line the week's Revenue figure.
    const lines = within(dialog).getByRole('group', { name: 'Gift points summary' });
    expect(figure('Revenue Percentage', lines)).toBe('15%');
    expect(figure('Actual Points', lines)).toBe('1,000.10');
    expect(figure('Gift Points', lines)).toBe('150.02');
    expect(figure('Loss Carried In', lines)).toBe('0.00');
    expect(figure('Taken Off the Gift', lines)).toBe('0.00');
    expect(figure('Actual Revenue', lines)).toBe('150.02');
    expect(figure('Loan Deduction', lines)).toBe('50% deducted for loan');
    expect(figure('Previous Loan', lines)).toBe('5,000.00');
    expect(figure('Deducted Points', lines)).toBe('75.01');
    expect(figure('Loan Remaining', lines)).toBe('4,924.99');
    expect(noteOf('Loan Remaining', lines)).toBe('after the week of 17-Feb-2025');
    expect(figure('Paid', lines)).toBe('75.01');
    expect(figure('Carry Forward', lines)).toBe('0.00');
    expect(within(dialog).getByText('Week 17-Feb-2025 to 23-Feb-2025: closed')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      '/api/playrep/revenueweek?fromDate=2025-02-17&format=csv',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), PAGE_LOAD);

    // A losing week: no revenue percentage and no gift points (docs/domain.md, "Week statement").
    await user.click(screen.getByRole('button', { name: /^-400\.55: show the week 24-Feb-2025/ }));
    const losing = await screen.findByRole('dialog', { name: 'Week 24-Feb-2025 to 02-Mar-2025' }, PAGE_LOAD);
    await within(losing).findByText('player1', {}, PAGE_LOAD);
    const losingLines = within(losing).getByRole('group', { name: 'Gift points summary' });
    expect(figure('Revenue Percentage', losingLines)).toBe('0%');
    expect(figure('Gift Points', losingLines)).toBe('0.00');
    expect(figure('Actual Points', losingLines)).toBe('-400.55');
    expect(figure('Carry Forward', losingLines)).toBe('-400.55');

    // The week after: the loss carried in takes part of the gift, and the lines say so.
    await user.click(within(losing).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: /^600\.20: show the week 03-Mar-2025/ }));
    const carried = await screen.findByRole('dialog', { name: 'Week 03-Mar-2025 to 09-Mar-2025' }, PAGE_LOAD);
    await within(carried).findByText('player1', {}, PAGE_LOAD);
    const carriedLines = within(carried).getByRole('group', { name: 'Gift points summary' });
    expect(figure('Gift Points', carriedLines)).toBe('150.02');
    expect(figure('Loss Carried In', carriedLines)).toBe('-400.55');
    expect(figure('Taken Off the Gift', carriedLines)).toBe('-120.07');
    expect(figure('Actual Revenue', carriedLines)).toBe('29.95');
    expect(figure('Paid', carriedLines)).toBe('14.97');
    expect(callsTo(calls, 'revenueweek')).toEqual([
      { fromDate: '2025-02-17' },
      { fromDate: '2025-02-24' },
      { fromDate: '2025-03-03' },
    ]);
  }, 60_000);

  it('Search applies the picked dates as a new history entry (Back restores) and reloads when unchanged', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = server();
    signInAs('superadmin');
    const app = renderApp(`/superadmin/reports/revenue?fromDate=${FROM}&toDate=${TO}&id=u-am1&subject=am1`);
    await screen.findByText('17-Feb-2025', {}, PAGE_LOAD);

    await user.click(screen.getByLabelText('From Date: 17-Feb-2025'));
    await user.click(await screen.findByLabelText('24 February 2025'));
    expect(callsTo(calls, 'revenuereport')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(callsTo(calls, 'revenuereport')).toHaveLength(2));
    expect(callsTo(calls, 'revenuereport')[1]).toEqual({ id: 'u-am1', fromDate: '2025-02-24', toDate: '2025-03-02' });

    const key = app.router.state.location.key;
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(callsTo(calls, 'revenuereport')).toHaveLength(3));
    expect(app.router.state.location.key).toBe(key);

    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('From Date: 17-Feb-2025')).toBeTruthy());
    expect(screen.getByLabelText('To Date: 09-Mar-2025')).toBeTruthy();
  });

  it("shows the server's message when the report fails", async () => {
    const message = 'From Date is not a valid date (use YYYY-MM-DD or DD-Mon-YYYY): x';
    reportServer({ revenuereport: () => new Response(JSON.stringify({ message }), { status: 400 }) });
    signInAs('master');
    renderApp('/master/reports/revenue?fromDate=x');
    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(message);
  });

  it('offers no day after 2100 in either date field', async () => {
    const user = userEvent.setup({ delay: null });
    server();
    signInAs('master');
    renderApp('/master/reports/revenue?fromDate=2100-12-25&toDate=2100-12-31');
    await screen.findByRole('table', { name: 'Revenue' }, PAGE_LOAD);
    expect(await calendarMoves(user, 'To Date: 31-Dec-2100')).toEqual({ previous: true, next: false });
    expect(await calendarMoves(user, 'From Date: 25-Dec-2100')).toEqual({ previous: true, next: false });
  });
});

describe('Poker Revenue', () => {
  it('shows the poker weeks with the same columns; Search loads again; profits open nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = server();
    signInAs('master');
    renderApp(`/master/reports/pokerrevenue?fromDate=${FROM}&toDate=${TO}`);
    const table = await screen.findByRole('table', { name: 'Poker Revenue' }, PAGE_LOAD);
    await within(table).findByText('17-Feb-2025');
    expect(columnHeaders(table)).toHaveLength(9);
    expect(cellTexts(within(table).getAllByRole('row')[1]!)[3]).toBe('1,000.10');
    expect(within(table).queryByRole('button', { name: /show the week/ })).toBeNull();
    expect(callsTo(calls, 'pokerrevenuereport')).toEqual([{ fromDate: FROM, toDate: TO }]);

    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(callsTo(calls, 'pokerrevenuereport')).toHaveLength(2));
    expect(callsTo(calls, 'revenuereport')).toEqual([]);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toContain('/api/playrep/pokerrevenuereport?');
  });
});
