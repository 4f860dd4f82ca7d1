import type { AgentMailResponse, ManagerMailRow, WeekStatement } from '@playrep/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addDays, formatAmount, formatDate, parseApiDate, todayIst } from '../../lib/format';
import { calendarMoves } from '../../test/calendar';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { cellTexts, columnHeaders, figure, pointsSum } from '../../test/table-text';

// One settlement week: Monday to Sunday.
const FROM = '2025-03-03';
const TO = '2025-03-09';

const MEMBERS = [
  {
    _id: 'u-player1',
    username: 'player1',
    role: 'player',
    name: 'Pia Rao',
    playPoints: 1200.5,
    registeredAt: '2024-11-02',
    profit: 300.25,
  },
  {
    _id: 'u-player3',
    username: 'player3',
    role: 'player',
    name: 'Raj Iyer',
    playPoints: 800,
    registeredAt: '2025-01-15',
    profit: -120.1,
  },
  {
    _id: 'u-player4',
    username: 'player4',
    role: 'player',
    name: 'Sara Khan',
    playPoints: 99.99,
    registeredAt: '2025-02-20',
    profit: 40,
  },
];

/** A week's statement whose lines add up (gift + carry effect = revenue; revenue − deducted = paid). */
function statementOf(overrides: Partial<WeekStatement> = {}): WeekStatement {
  return {
    fromDate: FROM,
    toDate: TO,
    open: false,
    commissionPercentage: 15,
    revenuePercentage: 15,
    actualPoints: 220.15,
    latePoints: 0,
    giftPoints: 33.02,
    carryIn: 0,
    carryEffect: 0,
    actualRevenue: 33.02,
    loan: { hasLoan: true, deductionPercentage: 50, previousLoan: 1000, deductedPoints: 16.51, loanRemaining: 983.49 },
    paid: 16.51,
    carryForward: 0,
    ...overrides,
  };
}

/** The statement's lines, top to bottom: [label, value]. */
function statementLines(summary: HTMLElement): [string | null, string | null][] {
  return [...summary.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? null]);
}

/** The note under a line (its second dd). */
function lineNote(summary: HTMLElement, label: string): string | null | undefined {
  const dt = [...summary.querySelectorAll('dt')].find((d) => d.textContent === label);
  return dt?.nextElementSibling?.nextElementSibling?.textContent;
}

function mailBody(q: Record<string, string>, overrides: Partial<AgentMailResponse> = {}): AgentMailResponse {
  const totalProfit = 220.15;
  return {
    fromDate: q.fromDate ?? FROM,
    toDate: q.toDate ?? TO,
    open: false,
    account: { _id: 'u-master1', username: 'master1' },
    data: MEMBERS,
    totals: { totalProfit, totalPlayPoints: 2100.49, usercommission: 15 },
    userFound: [{ username: 'player3', playPoints: 40, profit: 12 }],
    pointsByType: [
      { type: 'Fun Target', playPoints: 1000, profit: 200 },
      { type: 'Fun Roullet', playPoints: 600.49, profit: -50.1 },
      { type: 'Triple Fun', playPoints: 500, profit: 70.25 },
      { type: 'Fun AB', playPoints: 0, profit: 0 },
    ],
    statement: statementOf({ fromDate: q.fromDate ?? FROM, toDate: q.toDate ?? TO, actualPoints: totalProfit }),
    ...overrides,
  };
}

describe('Agent Mail Details', () => {
  it('lays the statement out as the spec says: heading, members with a total, points by type, summary', async () => {
    const calls = reportServer({ mailreport: (q) => mailBody(q) });
    signInAs('master');
    renderApp(`/master/mailreports/agentmaildetails?fromDate=${FROM}&toDate=${TO}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'From 03-Mar-2025 to 09-Mar-2025' }, PAGE_LOAD)).toBeTruthy();

    const members = screen.getByRole('table', { name: 'Your Members Played in Other Agents CyberCafe' });
    expect(columnHeaders(members)).toEqual(['Member Id', 'Member Name', 'Play', 'Reg', 'Points Used By The Member']);
    const rows = within(members).getAllByRole('row');
    expect(cellTexts(rows[1]!)).toEqual(['player1', 'Pia Rao', '1,200.50', '02-Nov-2024', '300.25']);
    // player3 also played at other agents' cafes: marked in words.
    expect(cellTexts(rows[2]!)).toEqual(['player3 Other cafes', 'Raj Iyer', '800.00', '15-Jan-2025', '-120.10']);
    expect(within(rows[2]!).getAllByRole('cell')[4]!.getAttribute('data-negative')).toBe('true');
    expect(within(rows[1]!).queryByText('Other cafes')).toBeNull();
    expect(cellTexts(rows.at(-1)!)).toEqual([
      'Total of 3 rows',
      '',
      pointsSum(MEMBERS.map((m) => m.playPoints)),
      '',
      pointsSum(MEMBERS.map((m) => m.profit)),
    ]);
    expect(
      screen.getByText(/also played at other agents' cafes in this week: player3 \(play 40\.00, points used 12\.00\)/),
    ).toBeTruthy();

    const byType = screen.getByRole('table', { name: 'Total Points Used' });
    expect(columnHeaders(byType)).toEqual(['Type', 'Play', 'Total Points Used']);
    const typeRows = within(byType).getAllByRole('row');
    expect(cellTexts(typeRows[1]!)).toEqual(['Fun Target', '1,000.00', '200.00']);
    expect(cellTexts(typeRows.at(-1)!)).toEqual([
      'Total of 4 rows',
      pointsSum([1000, 600.49, 500, 0]),
      pointsSum([200, -50.1, 70.25, 0]),
    ]);

    // The summary is the week's settlement, read top to bottom, every line labelled.
    const summary = screen.getByRole('group', { name: 'Statement summary' });
    expect(statementLines(summary)).toEqual([
      ['Revenue Percentage', '15%'],
      ['Actual Points', '220.15'],
      ['Gift Points', '33.02'],
      ['Loss Carried In', '0.00'],
      ['Taken Off the Gift', '0.00'],
      ['Actual Revenue', '33.02'],
      ['Loan Deduction', '50% deducted for loan'],
      ['Previous Loan', '1,000.00'],
      ['Deducted Points', '16.51'],
      ['Loan Remaining', '983.49'],
      ['Paid', '16.51'],
      ['Carry Forward', '0.00'],
    ]);
    // The loan remaining names the week it stands after; the week is closed.
    expect(lineNote(summary, 'Loan Remaining')).toBe('after the week of 03-Mar-2025');
    expect(screen.getByText('Week 03-Mar-2025 to 09-Mar-2025: closed')).toBeTruthy();
    expect(screen.queryByText(/open week, live/)).toBeNull();

    expect(callsTo(calls, 'mailreport')).toEqual([{ fromDate: FROM, toDate: TO }]);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      `/api/playrep/mailreport?fromDate=${FROM}&toDate=${TO}&format=csv`,
    );
  });

  it('a losing week: no revenue percentage, no gift points, the loss carried forward; no loan: No Record Found', async () => {
    reportServer({
      mailreport: (q) =>
        mailBody(q, {
          statement: statementOf({
            revenuePercentage: 0,
            actualPoints: -75.5,
            giftPoints: 0,
            carryIn: -10,
            actualRevenue: 0,
            paid: 0,
            carryForward: -85.5,
            loan: { hasLoan: false, deductionPercentage: 0, previousLoan: 0, deductedPoints: 0, loanRemaining: 0 },
          }),
        }),
    });
    signInAs('master');
    renderApp(`/master/mailreports/agentmaildetails?fromDate=${FROM}&toDate=${TO}`);
    const summary = await screen.findByRole('group', { name: 'Statement summary' }, PAGE_LOAD);
    expect(figure('Revenue Percentage', summary)).toBe('0%');
    expect(lineNote(summary, 'Revenue Percentage')).toBe('0 when the profit is negative');
    expect(figure('Gift Points', summary)).toBe('0.00');
    expect(figure('Actual Points', summary)).toBe('-75.50');
    expect(figure('Loss Carried In', summary)).toBe('-10.00');
    expect(figure('Actual Revenue', summary)).toBe('0.00');
    expect(figure('Loan Deduction', summary)).toBe('0% deducted for loan');
    expect(figure('Previous Loan', summary)).toBe('0.00');
    expect(figure('Loan Remaining', summary)).toBe('No Record Found');
    expect(figure('Carry Forward', summary)).toBe('-85.50');
  });

  it('an open week with a carried loss and late plays: every line says why, and the week says it is live', async () => {
    // Gift 2,392.00 less 1,176.28 taken by the loss carried in = Actual Revenue 1,215.72.
    const statement = statementOf({
      open: true,
      commissionPercentage: 40,
      revenuePercentage: 40,
      actualPoints: 5980,
      latePoints: 120.5,
      giftPoints: 2392,
      carryIn: -2940.7,
      carryEffect: -1176.28,
      actualRevenue: 1215.72,
      loan: { hasLoan: true, deductionPercentage: 50, previousLoan: 500, deductedPoints: 500, loanRemaining: 0 },
      paid: 715.72,
      carryForward: 0,
    });
    reportServer({ mailreport: (q) => mailBody(q, { open: true, statement }) });
    signInAs('master');
    renderApp(`/master/mailreports/agentmaildetails?fromDate=${FROM}&toDate=${TO}`);
    const summary = await screen.findByRole('group', { name: 'Statement summary' }, PAGE_LOAD);
    expect(statementLines(summary).map(([label]) => label)).toEqual([
      'Revenue Percentage',
      'Actual Points',
      'of which late',
      'Gift Points',
      'Loss Carried In',
      'Taken Off the Gift',
      'Actual Revenue',
      'Loan Deduction',
      'Previous Loan',
      'Deducted Points',
      'Loan Remaining',
      'Paid',
      'Carry Forward',
    ]);
    expect(figure('of which late', summary)).toBe('120.50');
    const shown = (label: string) => Number(figure(label, summary)!.replaceAll(',', ''));
    // The note's formula gives the figure (the commission is a percent once: × 40 / 100, not × 40% / 100).
    const giftNote = lineNote(summary, 'Gift Points');
    expect(giftNote).toBe('Actual Points × 40 / 100, 0 when the profit is not positive');
    const rate = Number(giftNote!.match(/^Actual Points × ([\d.]+) \/ 100,/)![1]);
    expect((shown('Actual Points') * rate) / 100).toBe(shown('Gift Points'));
    // The lines between Gift Points and Actual Revenue add up on screen.
    expect(pointsSum([shown('Gift Points'), shown('Taken Off the Gift')])).toBe(figure('Actual Revenue', summary));
    expect(pointsSum([shown('Actual Revenue'), -shown('Deducted Points')])).toBe(figure('Paid', summary));
    // Open: said under the heading, over the summary, and where the loan stands.
    expect(screen.getByText(/^open week, live: this week is not closed yet/)).toBeTruthy();
    expect(screen.getByText('Week 03-Mar-2025 to 09-Mar-2025: open week, live (figures not final)')).toBeTruthy();
    expect(lineNote(summary, 'Loan Remaining')).toBe('open week, live');
  });

  it('loads on open (the last finished week) and again on Show Details, under a loading overlay; Print prints', async () => {
    const user = userEvent.setup({ delay: null });
    let release: () => void = () => {};
    let hold = false;
    const calls = reportServer({
      mailreport: (q) =>
        hold
          ? new Promise<Response>((resolve) => {
              release = () => resolve(new Response(JSON.stringify(mailBody(q)), { status: 200 }));
            })
          : mailBody(q),
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    signInAs('areamanager');
    const app = renderApp('/areamanager/mailreports/agentmaildetails');
    await screen.findByRole('heading', { level: 2, name: /^From / }, PAGE_LOAD);
    expect(callsTo(calls, 'mailreport')).toEqual([LAST_WEEK]);

    hold = true;
    const key = app.router.state.location.key;
    await user.click(screen.getByRole('button', { name: 'Show Details' }));
    await waitFor(() => expect(callsTo(calls, 'mailreport')).toHaveLength(2));
    expect(app.router.state.location.key).toBe(key);
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(document.querySelector('.mail-statement')!.getAttribute('aria-busy')).toBe('true');
    await act(async () => release());
    await waitFor(() => expect(document.querySelector('.mail-statement')!.getAttribute('aria-busy')).toBe('false'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('table', { name: 'Total Points Used' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});

/** The week before the current one, Monday to Sunday, worked out here from today. */
const LAST_WEEK = (() => {
  const today = todayIst();
  const monday = addDays(today, -((parseApiDate(today)!.getUTCDay() + 6) % 7) - 7);
  return { fromDate: monday, toDate: addDays(monday, 6) };
})();

describe('Agent Mail Details: the week', () => {
  it('From Date offers only Mondays and To Date follows it (its Sunday); Show Details asks for that week', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer({ mailreport: (q) => mailBody(q) });
    signInAs('master');
    renderApp(`/master/mailreports/agentmaildetails?fromDate=${FROM}&toDate=${TO}`);
    await screen.findByRole('heading', { level: 2, name: /^From / }, PAGE_LOAD);
    expect((screen.getByLabelText('To Date: 09-Mar-2025') as HTMLInputElement).readOnly).toBe(true);

    await user.click(screen.getByLabelText('From Date: 03-Mar-2025'));
    // The calendar of March 2025: Mondays are offered, other days are not.
    const tuesday = await screen.findByLabelText('4 March 2025');
    expect(tuesday.hasAttribute('disabled') || tuesday.getAttribute('data-disabled') === 'true').toBe(true);
    const monday = screen.getByLabelText('10 March 2025');
    expect(monday.hasAttribute('disabled')).toBe(false);
    await user.click(screen.getByLabelText('24 February 2025'));
    expect(screen.getByLabelText('To Date: 02-Mar-2025')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show Details' }));
    await waitFor(() => expect(callsTo(calls, 'mailreport')).toHaveLength(2));
    expect(callsTo(calls, 'mailreport')[1]).toEqual({ fromDate: '2025-02-24', toDate: '2025-03-02' });
    expect(await screen.findByRole('heading', { level: 2, name: 'From 24-Feb-2025 to 02-Mar-2025' })).toBeTruthy();
  });

  it("has the spec's Today and Clear besides Last week and This week", async () => {
    const user = userEvent.setup({ delay: null });
    reportServer({ mailreport: (q) => mailBody(q) });
    signInAs('master');
    renderApp(`/master/mailreports/agentmaildetails?fromDate=${FROM}&toDate=${TO}`);
    await screen.findByRole('heading', { level: 2, name: /^From / }, PAGE_LOAD);
    const thisMonday = addDays(LAST_WEEK.fromDate, 7);
    await user.click(screen.getByLabelText('From Date: 03-Mar-2025'));
    // The calendar's buttons, as the other tests of the week find its days (by their text), outside
    // the main navigation (whose Today menu has the same name).
    const preset = (name: string) =>
      screen
        .getAllByText(name, { selector: 'button, button *' })
        .find((element) => !within(screen.getByRole('banner')).queryAllByText(name).includes(element))!;
    await screen.findByLabelText('4 March 2025');
    for (const name of ['Today', 'Last week', 'This week', 'Clear']) expect(preset(name)).toBeTruthy();
    // Today: the week of today, Monday to Sunday.
    await user.click(preset('Today'));
    expect(screen.getByLabelText(`From Date: ${formatDate(thisMonday)}`)).toBeTruthy();
    expect(screen.getByLabelText(`To Date: ${formatDate(addDays(thisMonday, 6))}`)).toBeTruthy();
    // Clear: no week chosen (the server's default week, the last finished one).
    await user.click(screen.getByLabelText(`From Date: ${formatDate(thisMonday)}`));
    await screen.findByLabelText(
      `${Number(thisMonday.slice(8))} ${parseApiDate(thisMonday)!.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
    );
    await user.click(preset('Clear'));
    expect(screen.getByLabelText('From Date')).toBeTruthy();
    expect((screen.getByLabelText('To Date') as HTMLInputElement).value).toBe('');
  });

  it('offers no week before the first Monday of 2000 (03-Jan-2000)', async () => {
    const user = userEvent.setup({ delay: null });
    reportServer({ mailreport: (q) => mailBody(q) });
    signInAs('master');
    renderApp('/master/mailreports/agentmaildetails?fromDate=2000-01-03&toDate=2000-01-09');
    await screen.findByRole('heading', { level: 2, name: /^From / }, PAGE_LOAD);
    expect(await calendarMoves(user, 'From Date: 03-Jan-2000')).toEqual({ previous: false, next: true });
  });

  it("shows the server's message for a week that breaks the rule (an old link)", async () => {
    reportServer({
      mailreport: () =>
        new Response(JSON.stringify({ message: 'From Date must be a Monday: a statement covers one settlement week' }), {
          status: 400,
        }),
    });
    signInAs('master');
    renderApp('/master/mailreports/agentmaildetails?fromDate=2025-03-05&toDate=2025-03-11');
    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toContain('From Date must be a Monday');
  });
});

describe('Agent Mail Details in print', () => {
  it('a long member list also comes in two halves for print: every member once, the total over all under the second', async () => {
    const many = Array.from({ length: 41 }, (_, i) => ({
      _id: `u-p${i}`,
      username: `player${100 + i}`,
      role: 'player',
      name: `Member ${i}`,
      playPoints: 100 + i * 0.5,
      registeredAt: '2025-01-15',
      profit: (i % 4 === 0 ? -1 : 1) * (10 + i * 1.25),
    }));
    reportServer({ mailreport: (q) => mailBody(q, { data: many }) });
    signInAs('master');
    renderApp(`/master/mailreports/agentmaildetails?fromDate=${FROM}&toDate=${TO}`);
    await screen.findByRole('heading', { level: 2, name: /^From / }, PAGE_LOAD);

    const halves = [...document.querySelectorAll<HTMLElement>('[data-print-split] table')];
    expect(halves).toHaveLength(2);
    const bodyIds = (table: HTMLElement) =>
      [...table.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('td')!.textContent);
    expect([...bodyIds(halves[0]!), ...bodyIds(halves[1]!)]).toEqual(many.map((m) => m.username));
    expect(bodyIds(halves[0]!)).toHaveLength(21);
    expect(halves[0]!.querySelector('tfoot')).toBeNull();
    // The total under the second half adds up all the members, and says so.
    expect([...halves[1]!.querySelectorAll('tfoot td')].map((td) => td.textContent)).toEqual([
      `Total of ${many.length} rows`,
      '',
      pointsSum(many.map((m) => m.playPoints)),
      '',
      pointsSum(many.map((m) => m.profit)),
    ]);
    // The screen (and assistive technology) still has the one whole table.
    expect(
      within(screen.getByRole('table', { name: 'Your Members Played in Other Agents CyberCafe' })).getAllByRole('row'),
    ).toHaveLength(many.length + 2);
  });
});

function managerRow(i: number, profit: number): ManagerMailRow {
  return { SrNo: i, _id: `u-m${i}`, username: `master${i}`, name: `Agent ${i}`, profit };
}

describe('Manager Mail Details', () => {
  const ROWS = Array.from({ length: 12 }, (_, i) => managerRow(i + 1, (i % 3 === 0 ? -1 : 1) * (100 + i * 10.05)));

  it('shows the sortable grid, 10 a page, with the page total and the total over every row, each saying which', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer({
      managermailreport: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, open: false, data: ROWS, totalProfit: 0 }),
    });
    signInAs('areamanager');
    renderApp(`/areamanager/mailreports/managermaildetails?fromDate=${FROM}&toDate=${TO}`);
    const table = await screen.findByRole('table', { name: 'Manager Mail Details' }, PAGE_LOAD);
    expect(screen.getByRole('heading', { level: 2, name: 'From 03-Mar-2025 to 09-Mar-2025' })).toBeTruthy();
    expect(columnHeaders(table)).toEqual(['Sr. No.', 'Agent ID', 'Name', 'Profit']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13); // header, 10 rows, page total, total
    expect(cellTexts(rows[1]!)).toEqual(['1', 'master1', 'Agent 1', '-100.00']);
    expect(cellTexts(rows.at(-2)!)).toEqual(['Page total, rows 1-10', '', '', pointsSum(ROWS.slice(0, 10).map((r) => r.profit))]);
    expect(cellTexts(rows.at(-1)!)).toEqual(['Total of 12 rows', '', '', pointsSum(ROWS.map((r) => r.profit))]);
    expect((screen.getByLabelText('Rows per page') as HTMLSelectElement).value).toBe('10');
    expect([...(screen.getByLabelText('Rows per page') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '10',
      '20',
      '30',
      '40',
      '50',
    ]);

    await user.click(within(table).getByRole('button', { name: /Profit/ }));
    await user.click(within(table).getByRole('button', { name: /Profit/ }));
    const top = cellTexts(within(table).getAllByRole('row')[1]!);
    expect(top[3]).toBe(formatAmount(Math.max(...ROWS.map((r) => r.profit))));

    expect(callsTo(calls, 'managermailreport')).toEqual([{ fromDate: FROM, toDate: TO }]);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      `/api/playrep/managermailreport?fromDate=${FROM}&toDate=${TO}&format=csv`,
    );
  });

  it('Print prints the statement alone: every row, not only the page shown, with the total', async () => {
    const user = userEvent.setup({ delay: null });
    reportServer({
      managermailreport: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, open: false, data: ROWS, totalProfit: 0 }),
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    signInAs('areamanager');
    renderApp(`/areamanager/mailreports/managermaildetails?fromDate=${FROM}&toDate=${TO}`);
    await screen.findByRole('table', { name: 'Manager Mail Details' }, PAGE_LOAD);
    const statement = document.querySelector<HTMLElement>('.mail-statement')!;
    // The heading prints with the statement; the filters and the paged grid do not.
    expect(within(statement).getByRole('heading', { level: 2 }).textContent).toBe('From 03-Mar-2025 to 09-Mar-2025');
    expect(screen.getByRole('button', { name: 'Show Details' }).closest('[data-print-hide]')).not.toBeNull();
    expect(screen.getByRole('table', { name: 'Manager Mail Details' }).closest('[data-print-hide]')).not.toBeNull();
    const printed = statement.querySelector<HTMLElement>('[data-print-only] table')!;
    // Hidden from assistive technology (the grid is the screen's table), so read as plain cells.
    const texts = (row: Element) => [...row.querySelectorAll('td')].map((c) => c.textContent);
    const rows = [...printed.querySelectorAll('tr')];
    expect(rows).toHaveLength(ROWS.length + 2); // header, every row, total
    expect(rows.slice(1, -1).map((row) => texts(row)[1])).toEqual(ROWS.map((r) => r.username));
    expect(texts(rows.at(-1)!)).toEqual(['Total of 12 rows', '', '', pointsSum(ROWS.map((r) => r.profit))]);

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("an Agent ID opens that account's Agent Mail statement of the same week", async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer({
      managermailreport: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, open: true, data: ROWS.slice(0, 2), totalProfit: 0 }),
      mailreport: (q) => mailBody(q),
      accountsearch: () => ({ data: [], members: [] }),
    });
    signInAs('areamanager');
    const app = renderApp(`/areamanager/mailreports/managermaildetails?fromDate=${FROM}&toDate=${TO}`);
    const table = await screen.findByRole('table', { name: 'Manager Mail Details' }, PAGE_LOAD);
    expect(screen.getByText(/^open week, live/)).toBeTruthy();
    const link = within(table).getByRole('link', { name: 'master2: Agent Mail statement of the week' });
    expect(link.textContent).toBe('master2');
    expect(link.getAttribute('href')).toBe(
      `/areamanager/mailreports/agentmaildetails?id=u-m2&subject=master2&fromDate=${FROM}&toDate=${TO}`,
    );
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent Mail Details' }, PAGE_LOAD)).toBeTruthy();
    expect(app.router.state.location.pathname).toBe('/areamanager/mailreports/agentmaildetails');
    await waitFor(() => expect(callsTo(calls, 'mailreport')).toEqual([{ id: 'u-m2', fromDate: FROM, toDate: TO }]));
  });

  it("shows 'No data available' and no grid when there are no rows", async () => {
    reportServer({
      managermailreport: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, open: false, data: [], totalProfit: 0 }),
    });
    signInAs('areamanager');
    renderApp(`/areamanager/mailreports/managermaildetails?fromDate=${FROM}&toDate=${TO}`);
    expect(await screen.findByText('No data available', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
