import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { calendarMoves } from '../../test/calendar';
import { type FetchCall, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD } from '../../test/report-server';
import { cellTexts, columnHeaders } from '../../test/table-text';
import { report, transfer } from './test-data';

// A lazy page, a fetch and Mantine transitions on two busy cores: give async queries time.
configure({ asyncUtilTimeout: 5000 });

const TITLES = [
  'Point Transferred',
  'Points Transferred But yet to be Received',
  'Points Received',
  'Points yet to be Received',
  'Points Rejected',
  'Points Cancelled',
];
// The counterparty labels (docs/screens.md, Point Transfer); rejected and cancelled go both ways (decision 0007).
const COUNTERPARTY = [
  'Transferred To',
  'TransferTo',
  'ReceivedFrom',
  'ReceivedFrom',
  'Transferred To/Received From',
  'Transferred To/Received From',
];

// Twelve transfers to player1 (more than a page), one from the house, one rejected.
const SENT_AMOUNTS = [150, 275.5, 1234.56, 99.99, 0.01, 10, 20.2, 3000, 45.45, 1, 2, 1234567.89];
const RANGE = { fromDate: '2025-03-01', toDate: '2025-03-07' };
const DATA = report(RANGE, {
  transferred: SENT_AMOUNTS.map((amount, i) => transfer('sent', 'player1', amount, `2025-03-0${1 + (i % 7)}T08:37:09Z`)),
  received: [transfer('received', 'house', 5000, '2025-03-05T18:29:59Z')],
  rejected: [transfer('sent', 'player7', 42.5, '2025-03-02T00:00:00Z', 'rejected')],
});

/** Independent expectations: Indian grouping with two decimals, sums in hundredths. */
const inr = (n: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
const sumCents = (amounts: number[]) => amounts.reduce((s, a) => s + Math.round(a * 100), 0);

const REPORT_PATH = /^\/api\/playrep\/(pointtransferreport|multipointtransferreport|weeklydetailsreport)$/;

/** The server at the network boundary: the session check passes, the transfer reports answer. */
function reportServer(
  answer: (call: FetchCall, url: URL) => Response | Promise<Response> = () => jsonResponse(200, DATA),
): FetchCall[] {
  return stubFetch((call) => {
    const url = new URL(call.url, 'http://web.test');
    if (REPORT_PATH.test(url.pathname)) return answer(call, url);
    if (url.pathname === '/api/auth/session') return jsonResponse(200, { ok: true });
    return jsonResponse(404, { message: 'Not found' });
  });
}

const reportCalls = (calls: FetchCall[], name: string) =>
  calls.map((c) => new URL(c.url, 'http://web.test')).filter((u) => u.pathname === `/api/playrep/${name}`);

/** A section's accessible name: its title and its row count, 'Points Received (3)'. */
const sectionName = (title: string) => new RegExp(`^${title} \\(\\d+\\)$`);
/** The section titles as the headings show them, without their counts. */
const titlesOf = (headings: HTMLElement[]) => headings.map((h) => h.textContent?.replace(/ \(\d+\)$/, ''));
const control = (title: string) => screen.getByRole('button', { name: sectionName(title) });
const open = () => TITLES.filter((t) => control(t).getAttribute('aria-expanded') === 'true');
const region = (title: string) => screen.getByRole('region', { name: sectionName(title) });

describe('Point Transfer', () => {
  it("links a player's username to its member page, for a role that may open it; the house stays text", async () => {
    reportServer();
    signInAs('master');
    renderApp('/master/reports/pointtransfer?fromDate=2025-03-01&toDate=2025-03-07');
    const table = await screen.findByRole('table', { name: 'Point Transferred' });
    const links = within(table).getAllByRole('link', { name: 'player1' });
    expect(links[0]!.getAttribute('href')).toBe('/master/reports/member?username=player1');
    await userEvent.setup({ delay: null }).click(control('Points Received'));
    const received = await screen.findByRole('table', { name: 'Points Received' });
    expect(within(received).queryByRole('link', { name: 'HOUSE' })).toBeNull();
    expect(within(received).getByText('HOUSE')).toBeTruthy();
  });

  it('shows a player no member links (a player may not open the member page)', async () => {
    reportServer();
    signInAs('player');
    renderApp('/player/reports/pointtransfer?fromDate=2025-03-01&toDate=2025-03-07');
    const table = await screen.findByRole('table', { name: 'Point Transferred' });
    expect(within(table).queryByRole('link', { name: 'player1' })).toBeNull();
  });

  it('shows the six sections with their titles, the first open, and the filters', async () => {
    reportServer();
    signInAs('master');
    renderApp('/master/reports/pointtransfer?fromDate=2025-03-01&toDate=2025-03-07');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Point Transfer');
    await screen.findByRole('table', { name: 'Point Transferred' });
    expect(titlesOf(screen.getAllByRole('heading', { level: 2 }))).toEqual(TITLES);
    expect(open()).toEqual(['Point Transferred']);
    expect(screen.getByLabelText('From Date: 01-Mar-2025')).toBeTruthy();
    expect(screen.getByLabelText('To Date: 07-Mar-2025')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Member ID' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show Details' })).toBeTruthy();
  });

  it('shows a table only in sections with rows, with Type G/P, IST times and totals over every page', async () => {
    const user = userEvent.setup({ delay: null });
    reportServer();
    signInAs('master');
    renderApp('/master/reports/pointtransfer?fromDate=2025-03-01&toDate=2025-03-07');
    const table = await screen.findByRole('table', { name: 'Point Transferred' });
    const headers = columnHeaders(table);
    expect(headers).toEqual(['Sr No', 'ID', 'Transferred To', 'Type', 'Amount', 'Transfer Time']);
    const [, body, foot] = within(table).getAllByRole('rowgroup');
    const first = cellTexts(within(body!).getAllByRole('row')[0]!);
    expect(first).toEqual(['1', 'player1', 'Pia Rao', 'P', '150.00', '01/03/2025, 2:07:09 pm']);
    expect(within(body!).getAllByRole('row')).toHaveLength(10);
    // The page's total over the ten on the page, then the total of all twelve transfers, each saying which.
    expect(within(foot!).getAllByRole('row').map(cellTexts)).toEqual([
      ['Page total, rows 1-10', '', '', '', inr(sumCents(SENT_AMOUNTS.slice(0, 10)) / 100), ''],
      ['Total of 12 rows', '', '', '', inr(sumCents(SENT_AMOUNTS) / 100), ''],
    ]);

    // Each title says how many rows its section holds.
    expect(control('Point Transferred').textContent).toBe(`Point Transferred (${SENT_AMOUNTS.length})`);
    expect(control('Points Transferred But yet to be Received').textContent).toBe(
      'Points Transferred But yet to be Received (0)',
    );

    // An empty section says so and has no table.
    await user.click(control('Points Transferred But yet to be Received'));
    expect(open()).toEqual(['Points Transferred But yet to be Received']);
    expect(within(region('Points Transferred But yet to be Received')).getByText('No data available')).toBeTruthy();
    expect(within(region('Points Transferred But yet to be Received')).queryByRole('table')).toBeNull();

    // The house is G; the counterparty column is named per section.
    await user.click(control('Points Received'));
    const received = within(region('Points Received')).getByRole('table', { name: 'Points Received' });
    expect(within(received).getByRole('columnheader', { name: /^ReceivedFrom/ })).toBeTruthy();
    const row = within(within(received).getAllByRole('rowgroup')[1]!).getAllByRole('row')[0]!;
    expect(cellTexts(row)).toEqual(['1', 'HOUSE', 'House', 'G', '5,000.00', '05/03/2025, 11:59:59 pm']);

    await user.click(control('Points Rejected'));
    expect(within(region('Points Rejected')).getByRole('columnheader', { name: /Transferred To\/Received From/ })).toBeTruthy();
  });

  it('names the counterparty column of every section exactly as the spec does', async () => {
    const user = userEvent.setup({ delay: null });
    reportServer(() =>
      jsonResponse(
        200,
        report(RANGE, {
          transferred: [transfer('sent', 'player1', 1, '2025-03-01T08:00:00Z')],
          transferredNotReceived: [transfer('sent', 'player1', 2, '2025-03-01T09:00:00Z', 'pending')],
          received: [transfer('received', 'player1', 3, '2025-03-01T10:00:00Z')],
          yetToBeReceived: [transfer('received', 'player7', 4, '2025-03-01T11:00:00Z', 'pending')],
          rejected: [transfer('received', 'player7', 5, '2025-03-01T12:00:00Z', 'rejected')],
          cancelled: [transfer('sent', 'player7', 6, '2025-03-01T13:00:00Z', 'cancelled')],
        }),
      ),
    );
    signInAs('master');
    renderApp('/master/reports/pointtransfer?fromDate=2025-03-01&toDate=2025-03-07');
    await screen.findByRole('table', { name: 'Point Transferred' });
    const shown: string[] = [];
    for (const title of TITLES) {
      if (!open().includes(title)) await user.click(control(title));
      const table = within(region(title)).getByRole('table', { name: title });
      shown.push(within(table).getAllByRole('columnheader')[2]!.textContent!.replace(/[▲▼↕]/g, ''));
    }
    expect(shown).toEqual(COUNTERPARTY);
  });

  it('links each section to its CSV and Excel export on the server, for the range shown', async () => {
    const user = userEvent.setup({ delay: null });
    reportServer();
    signInAs('master');
    renderApp('/master/reports/pointtransfer?fromDate=2025-03-01&toDate=2025-03-07&memberId=player1');
    const section = within(await screen.findByRole('region', { name: sectionName('Point Transferred') }));
    const csv = new URL(section.getByRole('link', { name: 'CSV' }).getAttribute('href')!, 'http://web.test');
    expect(csv.pathname).toBe('/api/playrep/pointtransferreport');
    expect(Object.fromEntries(csv.searchParams)).toEqual({
      fromDate: '2025-03-01',
      toDate: '2025-03-07',
      memberId: 'player1',
      format: 'csv',
      section: 'transferred',
    });
    await user.click(control('Points Rejected'));
    const excel = new URL(
      within(region('Points Rejected')).getByRole('link', { name: 'Excel' }).getAttribute('href')!,
      'http://web.test',
    );
    expect(excel.searchParams.get('format')).toBe('xlsx');
    expect(excel.searchParams.get('section')).toBe('rejected');
  });

  it('keeps the filters in the URL: Show Details adds a history entry, Back restores the previous view', {
    timeout: 60_000,
  }, async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer();
    signInAs('master');
    const app = renderApp('/master/reports/pointtransfer?fromDate=2025-03-01&toDate=2025-03-07');
    await screen.findByRole('table', { name: 'Point Transferred' });
    const first = reportCalls(calls, 'pointtransferreport');
    expect(first).toHaveLength(1);
    expect(first[0]!.searchParams.get('fromDate')).toBe('2025-03-01');
    expect(first[0]!.searchParams.get('toDate')).toBe('2025-03-07');
    expect(first[0]!.searchParams.has('memberId')).toBe(false);

    // Picking a new From moves To six days on; nothing is applied before Show Details.
    await user.click(screen.getByLabelText('From Date: 01-Mar-2025'));
    await user.click(await screen.findByLabelText('10 March 2025'));
    await user.type(screen.getByRole('textbox', { name: 'Member ID' }), ' player1 ');
    expect(reportCalls(calls, 'pointtransferreport')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show Details' }));

    await waitFor(() => expect(reportCalls(calls, 'pointtransferreport')).toHaveLength(2));
    const second = reportCalls(calls, 'pointtransferreport')[1]!;
    expect(Object.fromEntries(second.searchParams)).toEqual({
      fromDate: '2025-03-10',
      toDate: '2025-03-16',
      memberId: 'player1',
    });
    const search = new URLSearchParams(app.router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({
      fromDate: '2025-03-10',
      toDate: '2025-03-16',
      memberId: 'player1',
      section: 'transferred',
    });

    // Opening a section rewrites the current entry only.
    await user.click(control('Points Received'));
    expect(new URLSearchParams(app.router.state.location.search).get('section')).toBe('received');
    await user.click(control('Points Received'));
    expect(open()).toEqual([]);
    expect(new URLSearchParams(app.router.state.location.search).get('section')).toBe('');

    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('From Date: 01-Mar-2025')).toBeTruthy());
    expect(screen.getByLabelText('To Date: 07-Mar-2025')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Member ID' }) as HTMLInputElement).value).toBe('');
    expect(app.router.state.location.search).toBe('?fromDate=2025-03-01&toDate=2025-03-07');
    expect(open()).toEqual(['Point Transferred']);
  });

  it('loads again on Show Details with unchanged filters, without a new history entry', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer();
    signInAs('master');
    const app = renderApp('/master/reports/pointtransfer?fromDate=2025-03-01&toDate=2025-03-07');
    await screen.findByRole('table', { name: 'Point Transferred' });
    const key = app.router.state.location.key;
    await user.click(screen.getByRole('button', { name: 'Show Details' }));
    await waitFor(() => expect(reportCalls(calls, 'pointtransferreport')).toHaveLength(2));
    expect(app.router.state.location.key).toBe(key);
  });

  it('shows a loading indicator, then the report for the range the server used', async () => {
    let release: (r: Response) => void = () => {};
    reportServer(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    signInAs('player');
    renderApp('/player/reports/pointtransfer');
    expect(await screen.findByText('Loading...')).toBeTruthy();
    act(() => release(jsonResponse(200, DATA)));
    expect(await screen.findByText('01-Mar-2025 to 07-Mar-2025')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
  });

  it('logs a failed fetch and shows its message in an alert instead of empty sections', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    reportServer(() => jsonResponse(400, { message: 'To Date must not be before From Date' }));
    signInAs('master');
    renderApp('/master/reports/pointtransfer?fromDate=2025-03-07&toDate=2025-03-01');
    expect((await screen.findByRole('alert')).textContent).toBe('To Date must not be before From Date');
    expect(screen.queryByRole('button', { name: sectionName('Point Transferred') })).toBeNull();
    expect(log).toHaveBeenCalledWith('Point Transfer: the report could not be loaded', expect.anything());
  });
});

describe('Multiplayer Point Transfer', () => {
  it("calls the multiplayer report and prefixes every title with 'Multiplayer'", async () => {
    const calls = reportServer();
    signInAs('player');
    renderApp('/player/reports/multipointtransfer?fromDate=2025-03-01&toDate=2025-03-07');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Multiplayer Point Transfer');
    await screen.findByRole('table', { name: 'Multiplayer Point Transferred' });
    expect(titlesOf(screen.getAllByRole('heading', { level: 2 }))).toEqual(TITLES.map((t) => `Multiplayer ${t}`));
    expect(reportCalls(calls, 'multipointtransferreport')).toHaveLength(1);
    expect(reportCalls(calls, 'pointtransferreport')).toHaveLength(0);
    const csv = screen.getByRole('link', { name: 'CSV' }).getAttribute('href')!;
    expect(csv.startsWith('/api/playrep/multipointtransferreport?')).toBe(true);
  });
});

describe('Weekly Details Report', () => {
  it('shows the six sections for the current week so far, 3 rows a page, one counterparty column name, no Member ID', async () => {
    // A Wednesday in India: the week so far is Monday 23 to Wednesday 25 November (the To Date
    // picker offers no later day, so neither does its default).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T06:30:00Z'));
    try {
      const calls = reportServer((_call, url) =>
        jsonResponse(200, {
          ...DATA,
          range: { fromDate: url.searchParams.get('fromDate')!, toDate: url.searchParams.get('toDate')! },
        }),
      );
      signInAs('master');
      renderApp('/master/weeklydetailsreport');
      const table = await screen.findByRole('table', { name: 'Point Transferred' });
      expect(titlesOf(screen.getAllByRole('heading', { level: 2 }))).toEqual(TITLES);
      expect(within(table).getByRole('columnheader', { name: /Transferred To\/Received From/ })).toBeTruthy();
      expect(screen.getByText(`Showing 1 to 3 of ${SENT_AMOUNTS.length} entries`)).toBeTruthy();
      expect(screen.queryByRole('textbox', { name: 'Member ID' })).toBeNull();

      const [call] = reportCalls(calls, 'weeklydetailsreport');
      expect([call!.searchParams.get('fromDate'), call!.searchParams.get('toDate')]).toEqual(['2026-11-23', '2026-11-25']);
      expect(screen.getByLabelText('From Date: 23-Nov-2026')).toBeTruthy();
      expect(screen.getByLabelText('To Date: 25-Nov-2026')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('transfer report dates', () => {
  it('offers no day before 2000: the calendar of January 2000 has no month before it', async () => {
    const user = userEvent.setup({ delay: null });
    reportServer();
    signInAs('master');
    renderApp('/master/reports/pointtransfer?fromDate=2000-01-01&toDate=2000-01-07');
    await screen.findByRole('table', { name: 'Point Transferred' }, PAGE_LOAD);
    expect(await calendarMoves(user, 'From Date: 01-Jan-2000')).toEqual({ previous: false, next: true });
    expect(await calendarMoves(user, 'To Date: 07-Jan-2000')).toEqual({ previous: false, next: true });
  });

  it('offers no day after 2100: the calendar of December 2100 has no month after it', async () => {
    const user = userEvent.setup({ delay: null });
    reportServer();
    signInAs('master');
    renderApp('/master/reports/pointtransfer?fromDate=2100-12-25&toDate=2100-12-31');
    await screen.findByRole('table', { name: 'Point Transferred' }, PAGE_LOAD);
    expect(await calendarMoves(user, 'To Date: 31-Dec-2100')).toEqual({ previous: true, next: false });
    expect(await calendarMoves(user, 'From Date: 25-Dec-2100')).toEqual({ previous: true, next: false });
  });

  it('picking a To Date in the first days of 2000 pairs it with 01-Jan-2000, not a day of 1999', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = reportServer();
    signInAs('master');
    renderApp('/master/reports/pointtransfer?fromDate=2000-01-05&toDate=2000-01-11');
    await screen.findByRole('table', { name: 'Point Transferred' }, PAGE_LOAD);
    await user.click(screen.getByLabelText('To Date: 11-Jan-2000'));
    await user.click(await screen.findByRole('button', { name: '3 January 2000', hidden: true }));
    expect(screen.getByLabelText('From Date: 01-Jan-2000')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show Details' }));
    await waitFor(() => expect(reportCalls(calls, 'pointtransferreport')).toHaveLength(2));
    const last = reportCalls(calls, 'pointtransferreport').at(-1)!;
    expect([last.searchParams.get('fromDate'), last.searchParams.get('toDate')]).toEqual(['2000-01-01', '2000-01-03']);
  });

  it('a cleared To Date is never blamed: Show Details sends From Date alone and the report loads', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = reportServer((_call, url) =>
      url.searchParams.has('toDate') || !url.searchParams.has('fromDate')
        ? jsonResponse(400, { message: 'To Date must not be before From Date' })
        : jsonResponse(200, DATA),
    );
    signInAs('master');
    renderApp('/master/reports/pointtransfer?fromDate=2025-03-01&toDate=2025-03-07&memberId=');
    await screen.findByRole('alert', {}, PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: 'Clear To Date' }));
    await user.click(screen.getByRole('button', { name: 'Show Details' }));
    await screen.findByRole('table', { name: 'Point Transferred' }, PAGE_LOAD);
    expect(screen.queryByRole('alert')).toBeNull();
    const last = reportCalls(calls, 'pointtransferreport').at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({ fromDate: '2025-03-01' });
  });
});
