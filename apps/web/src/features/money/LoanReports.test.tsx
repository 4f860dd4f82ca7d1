import type { LoanRow } from '@playrep/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fetch-stub';
import { pageOf } from '../../test/paged-list';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { cellTexts, columnHeaders } from '../../test/table-text';

function loan(username: string, totalLoan: number, processingLoan: number, days: number): LoanRow {
  return {
    _id: `u-${username}`,
    username,
    totalLoan,
    processingLoan,
    outstanding: totalLoan / 2,
    daysFromLastDeduction: days,
    lastDeductionDate: null,
  };
}

const LOANS = [
  loan('master1', 10500, 500, 3),
  loan('master2', 52500.5, 2500.25, 10),
  loan('master5', 1000, 0, 40),
  loan('master7', 2000, 100, 1),
];

const sumOf = (rows: readonly LoanRow[], key: 'totalLoan' | 'outstanding' | 'processingLoan') =>
  rows.reduce((s, row) => s + Math.round(row[key] * 100), 0) / 100;
const amount = (points: number) => points.toLocaleString('en-IN', { minimumFractionDigits: 2 });

/**
 * What the server answers a loan call: the whole list without `page`, else the page asked in the
 * order asked (by Agent ID without a sort), with the list's size and its sums over every row.
 */
function loansAnswer(rows: readonly LoanRow[], q: Record<string, string | undefined>) {
  const sort = q.sort as 'totalLoan' | undefined;
  const sign = q.order === 'desc' ? -1 : 1;
  const ordered = sort ? [...rows].sort((a, b) => sign * (a[sort] - b[sort])) : rows;
  if (!q.page) return { data: ordered };
  const totals = {
    totalLoan: sumOf(rows, 'totalLoan'),
    outstanding: sumOf(rows, 'outstanding'),
    processingLoan: sumOf(rows, 'processingLoan'),
  };
  return { ...pageOf(ordered, q), totals };
}

describe('Computer Loan', () => {
  it('lists one page of 3 loans from the server with the spec columns, the total over every row and downloads', async () => {
    const calls = reportServer({ computerloan: (q) => loansAnswer(LOANS, q) });
    signInAs('areamanager');
    renderApp('/areamanager/reports/computerloan');
    const table = await screen.findByRole('table', { name: 'Computer Loan' }, PAGE_LOAD);
    await within(table).findByText('master1');
    expect(columnHeaders(table)).toEqual([
      'Sr. No.',
      'Agent ID',
      'total loan',
      'Remaining Loan',
      'Prossing loan',
      'Days from Last Deduction',
    ]);
    // One page of 3 asked of the server, in its default order (by Agent ID).
    expect(callsTo(calls, 'computerloan')).toEqual([{ page: '1', pageSize: '3' }]);
    const rows = within(table).getAllByRole('row');
    // Header, 3 rows of the first page, the page's total, the server's total of all.
    expect(rows).toHaveLength(6);
    // What is still owed stands beside the loan's total.
    expect(cellTexts(rows[1]!)).toEqual(['1', 'master1', '10,500.00', '5,250.00', '500.00', '3']);
    expect(cellTexts(rows[2]!)).toEqual(['2', 'master2', '52,500.50', '26,250.25', '2,500.25', '10']);
    const page = LOANS.slice(0, 3);
    expect(cellTexts(rows[4]!)).toEqual([
      'Page total, rows 1-3',
      '',
      amount(sumOf(page, 'totalLoan')),
      amount(sumOf(page, 'outstanding')),
      amount(sumOf(page, 'processingLoan')),
      '',
    ]);
    expect(cellTexts(rows[5]!)).toEqual([
      'Total of 4 rows',
      '',
      amount(sumOf(LOANS, 'totalLoan')),
      amount(sumOf(LOANS, 'outstanding')),
      amount(sumOf(LOANS, 'processingLoan')),
      '',
    ]);
    expect((screen.getByLabelText('Rows per page') as HTMLSelectElement).value).toBe('3');
    expect(screen.getByText('Showing 1 to 3 of 4 entries')).toBeTruthy();
    // The download has every row: no page.
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe('/api/playrep/computerloan?format=csv');
  });

  it('asks the server for the next page, numbered on from the first, and sorts on the server', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer({ computerloan: (q) => loansAnswer(LOANS, q) });
    signInAs('areamanager');
    const app = renderApp('/areamanager/reports/computerloan');
    const table = await screen.findByRole('table', { name: 'Computer Loan' }, PAGE_LOAD);
    await within(table).findByText('master1');

    await user.click(screen.getByRole('button', { name: /next/i }));
    expect(await within(table).findByText('master7')).toBeTruthy();
    expect(callsTo(calls, 'computerloan').at(-1)).toEqual({ page: '2', pageSize: '3' });
    // Sr. No. 4: the row's place in the whole list; the total row is still every row's.
    const [, fourth] = within(table).getAllByRole('row');
    expect(cellTexts(fourth!)).toEqual(['4', 'master7', '2,000.00', '1,000.00', '100.00', '1']);
    expect(cellTexts(within(table).getAllByRole('row').at(-1)!)[2]).toBe(amount(sumOf(LOANS, 'totalLoan')));
    expect(app.router.state.location.search).toBe('?page=2');

    await user.click(within(table).getByRole('button', { name: /total loan/ }));
    await waitFor(() =>
      expect(callsTo(calls, 'computerloan').at(-1)).toEqual({ page: '1', pageSize: '3', sort: 'totalLoan', order: 'asc' }),
    );
    await waitFor(() => expect(cellTexts(within(table).getAllByRole('row')[1]!)[1]).toBe('master5'));
    // The download: every row, in the order shown.
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      '/api/playrep/computerloan?sort=totalLoan&order=asc&format=csv',
    );
  });

  it('keeps the table with its empty text when there is no loan', async () => {
    reportServer({ computerloan: (q) => loansAnswer([], q) });
    signInAs('areamanager');
    renderApp('/areamanager/reports/computerloan');
    const table = await screen.findByRole('table', { name: 'Computer Loan' }, PAGE_LOAD);
    expect(await within(table).findByText('No data available')).toBeTruthy();
  });
});

describe('Multiple Cybers', () => {
  it('shows the table only when rows exist', async () => {
    const calls = reportServer({ multiplecybers: (q) => loansAnswer(q.id === 'u-am2' ? [] : [LOANS[1]!], q) });
    signInAs('superadmin');
    const app = renderApp('/superadmin/reports/multiplecybers?id=u-am1&subject=am1');
    const table = await screen.findByRole('table', { name: 'Multiple Cybers' }, PAGE_LOAD);
    await within(table).findByText('master2');
    expect(callsTo(calls, 'multiplecybers')).toEqual([{ id: 'u-am1', page: '1', pageSize: '3' }]);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      '/api/playrep/multiplecybers?id=u-am1&format=csv',
    );
    // Each Agent ID opens that agent's Cafe Profit.
    expect(within(table).getByRole('link', { name: 'master2' }).getAttribute('href')).toBe(
      `/superadmin/reports/cafeprofit?id=${LOANS[1]!._id}&subject=master2`,
    );

    await act(() => app.router.navigate('/superadmin/reports/multiplecybers?id=u-am2&subject=am2'));
    expect(await screen.findByText('No data available')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Multiple Cybers' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'CSV' })).toBeNull();
  });

  it('keeps the table for a page past the end of a list with rows, and moves to its last page', async () => {
    const calls = reportServer({ multiplecybers: (q) => loansAnswer(LOANS, q) });
    signInAs('superadmin');
    const app = renderApp('/superadmin/reports/multiplecybers?page=5');
    const table = await screen.findByRole('table', { name: 'Multiple Cybers' }, PAGE_LOAD);
    expect(await within(table).findByText('master7')).toBeTruthy();
    expect(callsTo(calls, 'multiplecybers')).toEqual([
      { page: '5', pageSize: '3' },
      { page: '2', pageSize: '3' },
    ]);
    expect(app.router.state.location.search).toBe('?page=2');
    expect(screen.queryByText('No data available')).toBeNull();
  });
});

describe('Revenue Recovery', () => {
  const recovery = (username: string) => ({
    data: {
      masterUsername: username,
      recoveryAmount: 1250.5,
      outstandingLoan: 1000,
      carryForward: -250.5,
      asOfWeek: { fromDate: '2025-03-03', toDate: '2025-03-09', open: false },
    },
  });

  it('alerts on an empty Agent ID and makes no call', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer({ revenuerecovery: (q) => recovery(q.username!) });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    signInAs('areamanager');
    renderApp('/areamanager/reports/revenuerecovery');
    await user.click(await screen.findByRole('button', { name: 'Search' }, PAGE_LOAD));
    expect(alert).toHaveBeenCalledWith('Please enter Agent ID');
    await user.type(screen.getByRole('textbox', { name: 'Agent ID' }), '   {Enter}');
    expect(alert).toHaveBeenCalledTimes(2);
    expect(calls).toEqual([]);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows ID and Recovery Amount for the agent searched, with the Agent ID in the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer({ revenuerecovery: (q) => recovery(q.username!) });
    signInAs('areamanager');
    const app = renderApp('/areamanager/reports/revenuerecovery');
    await user.type(await screen.findByRole('textbox', { name: 'Agent ID' }, PAGE_LOAD), ' master2 ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Revenue Recovery' });
    await within(table).findByText('master2');
    expect(columnHeaders(table)).toEqual(['ID', 'Recovery Amount']);
    expect(cellTexts(within(table).getAllByRole('row')[1]!)).toEqual(['master2', '1,250.50']);
    // The amount names the week it stands at.
    expect(
      screen.getByText(
        'Recovery Amount as at the close of the week of 03-Mar-2025: outstanding loan 1,000.00 plus the loss carried forward out of that week 250.50.',
      ),
    ).toBeTruthy();
    expect(callsTo(calls, 'revenuerecovery')).toEqual([{ username: 'master2' }]);
    expect(app.router.state.location.search).toBe('?username=master2');
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      '/api/playrep/revenuerecovery?username=master2&format=csv',
    );
  });

  it("shows 'No data found.' in red when the agent owes nothing", async () => {
    reportServer({
      revenuerecovery: () => ({
        data: { masterUsername: 'master5', recoveryAmount: 0, outstandingLoan: 0, carryForward: 0, asOfWeek: null },
      }),
    });
    signInAs('areamanager');
    renderApp('/areamanager/reports/revenuerecovery?username=master5');
    const text = await screen.findByText('No data found.', {}, PAGE_LOAD);
    expect(text.getAttribute('style')).toContain('color: var(--mantine-color-red-9)');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's message on failure", async () => {
    reportServer({ revenuerecovery: () => jsonResponse(403, { message: 'Not allowed' }) });
    signInAs('areamanager');
    renderApp('/areamanager/reports/revenuerecovery?username=master3');
    const alert = await screen.findByRole('alert', {}, PAGE_LOAD);
    expect(alert.textContent).toBe('Not allowed');
    expect(alert.getAttribute('style')).toContain('color: var(--mantine-color-red-9)');
  });

  it('shows the fallback text when the failure carries no message', async () => {
    reportServer({ revenuerecovery: () => new Response('<html>bad gateway</html>', { status: 502 }) });
    signInAs('areamanager');
    renderApp('/areamanager/reports/revenuerecovery?username=master2');
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert.textContent).toBe('Something went wrong while fetching data.');
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
  });
});
