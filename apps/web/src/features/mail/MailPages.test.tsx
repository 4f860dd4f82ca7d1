import type { MailResponse, ManagerMailRow } from '@playrep/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addDays, formatAmount, todayIst } from '../../lib/format';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { cellTexts, columnHeaders } from '../../test/table-text';

const FROM = '2025-03-05';
const TO = '2025-03-11';

const MEMBERS = [
  { _id: 'u-player1', username: 'player1', name: 'Pia Rao', playPoints: 1200.5, registeredAt: '2024-11-02', profit: 300.25 },
  { _id: 'u-player3', username: 'player3', name: 'Raj Iyer', playPoints: 800, registeredAt: '2025-01-15', profit: -120.1 },
  { _id: 'u-player4', username: 'player4', name: 'Sara Khan', playPoints: 99.99, registeredAt: '2025-02-20', profit: 40 },
];

function mailBody(q: Record<string, string>, overrides: Partial<MailResponse> = {}): MailResponse {
  const totalProfit = 220.15;
  return {
    fromDate: q.fromDate ?? FROM,
    toDate: q.toDate ?? TO,
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
    summary: { revenuePercentage: 15, giftPoints: 33.02, actualPoints: totalProfit },
    loan: { hasLoan: true, deductionPercentage: 50, previousLoan: 1000, deductedPoints: 16.51, loanRemaining: 983.49 },
    ...overrides,
  };
}

const figure = (label: string, scope: HTMLElement) => within(scope).getByText(label).nextElementSibling?.textContent;
const sum = (values: number[]) => formatAmount(values.reduce((s, v) => s + Math.round(v * 100), 0) / 100);

describe('Agent Mail Details', () => {
  it('lays the statement out as the spec says: heading, members with a total, points by type, summary', async () => {
    const calls = reportServer({ mailreport: (q) => mailBody(q) });
    signInAs('master');
    renderApp(`/master/mailreports/agentmaildetails?fromDate=${FROM}&toDate=${TO}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'From 05-Mar-2025 to 11-Mar-2025' }, PAGE_LOAD)).toBeTruthy();

    const members = screen.getByRole('table', { name: 'Your Members Played in Other Agents CyberCafe' });
    expect(columnHeaders(members)).toEqual(['Member Id', 'Member Name', 'Play', 'Reg', 'Points Used By The Member']);
    const rows = within(members).getAllByRole('row');
    expect(cellTexts(rows[1]!)).toEqual(['player1', 'Pia Rao', '1,200.50', '02-Nov-2024', '300.25']);
    // player3 also played at other agents' cafes: marked in words.
    expect(cellTexts(rows[2]!)).toEqual(['player3 Other cafes', 'Raj Iyer', '800.00', '15-Jan-2025', '-120.10']);
    expect(within(rows[2]!).getAllByRole('cell')[4]!.getAttribute('data-negative')).toBe('true');
    expect(within(rows[1]!).queryByText('Other cafes')).toBeNull();
    expect(cellTexts(rows.at(-1)!)).toEqual([
      'Total',
      '',
      sum(MEMBERS.map((m) => m.playPoints)),
      '',
      sum(MEMBERS.map((m) => m.profit)),
    ]);
    expect(
      screen.getByText(/also played at other agents' cafes in this period: player3 \(play 40\.00, points used 12\.00\)/),
    ).toBeTruthy();

    const byType = screen.getByRole('table', { name: 'Total Points Used' });
    expect(columnHeaders(byType)).toEqual(['Type', 'Play', 'Total Points Used']);
    const typeRows = within(byType).getAllByRole('row');
    expect(cellTexts(typeRows[1]!)).toEqual(['Fun Target', '1,000.00', '200.00']);
    expect(cellTexts(typeRows.at(-1)!)).toEqual(['Total', sum([1000, 600.49, 500, 0]), sum([200, -50.1, 70.25, 0])]);

    const summary = screen.getByRole('group', { name: 'Statement summary' });
    expect(figure('Revenue Percentage', summary)).toBe('15%');
    expect(figure('Gift Points', summary)).toBe('33.02');
    expect(figure('Loan Deduction', summary)).toBe('50% deducted for loan');
    expect(figure('Previous Loan', summary)).toBe('1,000.00');
    expect(figure('Actual Points', summary)).toBe('220.15');
    expect(figure('Deducted Points', summary)).toBe('16.51');
    expect(figure('Loan Remaining', summary)).toBe('983.49');

    expect(callsTo(calls, 'mailreport')).toEqual([{ fromDate: FROM, toDate: TO }]);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      `/api/playrep/mailreport?fromDate=${FROM}&toDate=${TO}&format=csv`,
    );
  });

  it('a losing period: no revenue percentage, no gift points; no loan: Loan Remaining No Record Found', async () => {
    reportServer({
      mailreport: (q) =>
        mailBody(q, {
          summary: { revenuePercentage: 0, giftPoints: 0, actualPoints: -75.5 },
          loan: { hasLoan: false, deductionPercentage: 0, previousLoan: 0, deductedPoints: 0, loanRemaining: 0 },
        }),
    });
    signInAs('master');
    renderApp(`/master/mailreports/agentmaildetails?fromDate=${FROM}&toDate=${TO}`);
    const summary = await screen.findByRole('group', { name: 'Statement summary' }, PAGE_LOAD);
    expect(figure('Revenue Percentage', summary)).toBe('0%');
    expect(figure('Gift Points', summary)).toBe('0.00');
    expect(figure('Actual Points', summary)).toBe('-75.50');
    expect(figure('Loan Deduction', summary)).toBe('0% deducted for loan');
    expect(figure('Previous Loan', summary)).toBe('0.00');
    expect(figure('Loan Remaining', summary)).toBe('No Record Found');
  });

  it('loads on open (the last 7 days) and again on Show Details, under a loading overlay; Print prints', async () => {
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
    const today = todayIst();
    await screen.findByRole('heading', { level: 2, name: /^From / }, PAGE_LOAD);
    expect(callsTo(calls, 'mailreport')).toEqual([{ fromDate: addDays(today, -6), toDate: today }]);

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

describe('Agent Mail Details in print', () => {
  it('a long member list also comes in two halves for print: every member once, the total over all under the second', async () => {
    const many = Array.from({ length: 41 }, (_, i) => ({
      _id: `u-p${i}`,
      username: `player${100 + i}`,
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
    expect([...halves[1]!.querySelectorAll('tfoot td')].map((td) => td.textContent)).toEqual([
      'Total',
      '',
      sum(many.map((m) => m.playPoints)),
      '',
      sum(many.map((m) => m.profit)),
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

  it('shows the sortable grid, 10 a page, with the total over every row; the Agent ID is plain text', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer({
      managermailreport: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, data: ROWS, totalProfit: 0 }),
    });
    signInAs('areamanager');
    renderApp(`/areamanager/mailreports/managermaildetails?fromDate=${FROM}&toDate=${TO}`);
    const table = await screen.findByRole('table', { name: 'Manager Mail Details' }, PAGE_LOAD);
    expect(screen.getByRole('heading', { level: 2, name: 'From 05-Mar-2025 to 11-Mar-2025' })).toBeTruthy();
    expect(columnHeaders(table)).toEqual(['Sr. No.', 'Agent ID', 'Name', 'Profit']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(12); // header, 10 rows, total
    expect(cellTexts(rows[1]!)).toEqual(['1', 'master1', 'Agent 1', '-100.00']);
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(cellTexts(rows.at(-1)!)).toEqual(['Total', '', '', sum(ROWS.map((r) => r.profit))]);
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

  it("shows 'No data available' and no grid when there are no rows", async () => {
    reportServer({ managermailreport: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, data: [], totalProfit: 0 }) });
    signInAs('areamanager');
    renderApp(`/areamanager/mailreports/managermaildetails?fromDate=${FROM}&toDate=${TO}`);
    expect(await screen.findByText('No data available', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
