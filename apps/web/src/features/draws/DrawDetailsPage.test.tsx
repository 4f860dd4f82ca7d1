import { DRAW_GAMES, type DrawRow } from '@playrep/contracts';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { calendarMoves } from '../../test/calendar';
import { type FetchCall, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { cellTexts, columnHeaders } from '../../test/table-text';

// A lazy page, a fetch and Mantine transitions on two busy cores: give async queries time.
configure({ asyncUtilTimeout: 5000 });

const CODE = Object.fromEntries(DRAW_GAMES.map((g) => [g.slug, g.code])) as Record<string, string>;
const RANGE = { fromDate: '2025-03-01', toDate: '2025-03-07' };
const COLORS: DrawRow['color'][] = ['c', 'k', 'l', 'f', null];

/** `count` draws of a game, newest first, one every 90 s back from 2025-03-07 12:00 IST. */
function draws(gameCode: string, count: number): DrawRow[] {
  return Array.from({ length: count }, (_, i) => ({
    _id: `d${i}`,
    drawno: gameCode === CODE.triplefun ? `${i % 10}-${(i + 3) % 10}-${(i + 7) % 10}` : ['A', '2', '10', 'K'][i % 4]!,
    date: new Date(Date.parse('2025-03-07T06:30:00Z') - i * 90_000).toISOString(),
    color: gameCode === CODE.funab ? COLORS[i % 5]! : null,
  }));
}

/**
 * The server at the network boundary: it pages `all` as the real one does and counts the calls.
 * `refused`: pages it refuses with 400 and a message, as the real one refuses a page too deep into a long range.
 */
function drawServer(all: DrawRow[], refused: Record<number, string> = {}): FetchCall[] {
  return stubFetch((call) => {
    const url = new URL(call.url, 'http://web.test');
    if (url.pathname === '/api/auth/session') return jsonResponse(200, { ok: true });
    if (url.pathname !== '/api/playrep/drawdetails') return jsonResponse(404, { message: 'Not found' });
    const gameId = url.searchParams.get('gameId') ?? '';
    const game = DRAW_GAMES.find((g) => g.code === gameId);
    if (!game) return jsonResponse(404, { message: `Unknown game: ${gameId}` });
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    if (refused[page]) return jsonResponse(400, { message: refused[page] });
    const ordered = url.searchParams.get('sort') === 'asc' ? [...all].reverse() : all;
    return jsonResponse(200, {
      gameId,
      gameName: game.name,
      range: {
        fromDate: url.searchParams.get('fromDate') ?? RANGE.fromDate,
        toDate: url.searchParams.get('toDate') ?? RANGE.toDate,
      },
      page,
      pageSize,
      total: all.length,
      data: ordered.slice((page - 1) * pageSize, page * pageSize),
    });
  });
}

const drawCalls = (calls: FetchCall[]) =>
  calls.map((c) => new URL(c.url, 'http://web.test')).filter((u) => u.pathname === '/api/playrep/drawdetails');
const bodyRows = () => within(within(screen.getByRole('table')).getAllByRole('rowgroup')[1]!).getAllByRole('row');
const winningCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[1]!);

describe('Draw details', () => {
  it('shows Triple Fun numbers without hyphens, newest first, with the columns of the spec', async () => {
    const all = draws(CODE.triplefun!, 4);
    drawServer(all);
    signInAs('player');
    renderApp('/player/drawdetails/triplefun/zuuhVbBM?fromDate=2025-03-01&toDate=2025-03-07');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Triple Fun');
    const table = await screen.findByRole('table', { name: 'Triple Fun draws' });
    expect(columnHeaders(table)).toEqual(['Sr. No.', 'Winning No', 'Draw Time']);
    // 06:30 UTC is 12:00 IST; each earlier draw 90 s before.
    expect(bodyRows().map((row) => cellTexts(row))).toEqual([
      ['1', '037', '07/03/2025, 12:00:00 pm'],
      ['2', '148', '07/03/2025, 11:58:30 am'],
      ['3', '259', '07/03/2025, 11:57:00 am'],
      ['4', '360', '07/03/2025, 11:55:30 am'],
    ]);
    expect(all.map((d) => d.drawno)).toEqual(['0-3-7', '1-4-8', '2-5-9', '3-6-0']);
  });

  it('shows Fun AB suits, red for diamonds and hearts, black for spades and clubs, Not Open without a colour', async () => {
    drawServer(draws(CODE.funab!, 5));
    signInAs('master');
    renderApp('/master/drawdetails/funab/qZicXikM?fromDate=2025-03-01&toDate=2025-03-07');
    await screen.findByRole('table', { name: 'Fun AB draws' });
    const cells = winningCells();
    // c, k, l, f, none: the generator's order.
    expect(cells.map((c) => c.textContent)).toEqual(['A \u2666', '2 \u2660', '10 \u2665', 'K \u2663', 'A Not Open']);
    const colours = cells.map((c) => (c.querySelector('[data-suit]') as HTMLElement | null)?.style.color ?? null);
    expect(colours).toEqual([
      'var(--mantine-color-red-9)',
      'var(--mantine-color-black)',
      'var(--mantine-color-red-9)',
      'var(--mantine-color-black)',
      null,
    ]);
    expect(within(cells[0]!).getByRole('img', { name: 'diamond' })).toBeTruthy();
    expect(within(cells[3]!).getByRole('img', { name: 'club' })).toBeTruthy();
  });

  it('pages on the server: asks for the page shown, keeps page and size in the URL, numbers rows across pages', async () => {
    const user = userEvent.setup({ delay: null });
    const all = draws(CODE.funtarget!, 95);
    const calls = drawServer(all);
    signInAs('master');
    const app = renderApp('/master/drawdetails/funtarget/MNOQqWWi?fromDate=2025-03-01&toDate=2025-03-07');
    await screen.findByRole('table', { name: 'Fun Target draws' });
    expect(Object.fromEntries(drawCalls(calls)[0]!.searchParams)).toEqual({
      gameId: 'MNOQqWWi',
      fromDate: '2025-03-01',
      toDate: '2025-03-07',
      page: '1',
      pageSize: '10',
      sort: 'desc',
    });
    expect(screen.getByText('Showing 1 to 10 of 95 entries')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(drawCalls(calls).at(-1)!.searchParams.get('page')).toBe('3'));
    await screen.findByText('Showing 21 to 30 of 95 entries');
    await waitFor(() => expect(within(bodyRows()[0]!).getAllByRole('cell')[0]!.textContent).toBe('21'));
    expect(new URLSearchParams(app.router.state.location.search).get('page')).toBe('3');
    // Only the page was fetched, never the whole range.
    expect(drawCalls(calls).every((u) => u.searchParams.get('pageSize') === '10')).toBe(true);

    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(drawCalls(calls).at(-1)!.searchParams.get('pageSize')).toBe('50'));
    expect(drawCalls(calls).at(-1)!.searchParams.get('page')).toBe('1');
    await screen.findByText('Showing 1 to 50 of 95 entries');
    expect(bodyRows()).toHaveLength(50);

    // The export is the whole range, not a page.
    const csv = new URL(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')!, 'http://web.test');
    expect(Object.fromEntries(csv.searchParams)).toEqual({
      gameId: 'MNOQqWWi',
      fromDate: '2025-03-01',
      toDate: '2025-03-07',
      sort: 'desc',
      format: 'csv',
    });
  });

  it('opens on the page of a shared link and goes to the last page when the link points past the end', async () => {
    const calls = drawServer(draws(CODE.funroullet!, 25));
    signInAs('player');
    const app = renderApp('/player/drawdetails/funroullet/vwRORrGO?fromDate=2025-03-01&toDate=2025-03-07&page=9&pageSize=10');
    await waitFor(() => expect(new URLSearchParams(app.router.state.location.search).get('page')).toBe('3'));
    await waitFor(() => expect(drawCalls(calls).map((u) => u.searchParams.get('page'))).toEqual(['9', '3']));
    await screen.findByText('Showing 21 to 25 of 25 entries');
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
  });

  it('shows the message of a page the server refuses, and Show Details goes back to page 1', async () => {
    const user = userEvent.setup({ delay: null });
    const message =
      'Page 5 of 10 is too far into this range to show: pages 1 to 4 and 7 to 10 can be. Choose a shorter date range to see the draws between them.';
    const calls = drawServer(draws(CODE.funtarget!, 95), { 5: message, 6: message });
    signInAs('master');
    renderApp('/master/drawdetails/funtarget/MNOQqWWi?fromDate=2025-03-01&toDate=2025-03-07&page=5');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    await user.click(screen.getByRole('button', { name: 'Show Details' }));
    await waitFor(() => expect(drawCalls(calls).at(-1)!.searchParams.get('page')).toBe('1'));
    await screen.findByText('Showing 1 to 10 of 95 entries');
    expect(screen.queryByRole('alert')).toBeNull();
    // The pages the server shows page as before, the last one included.
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await screen.findByText('Showing 91 to 95 of 95 entries');
  });

  it('Show Details asks for page 1 of the new range and Back returns to the previous one', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = drawServer(draws(CODE.funtarget!, 30));
    signInAs('master');
    const app = renderApp('/master/drawdetails/funtarget/MNOQqWWi?fromDate=2025-03-01&toDate=2025-03-07&page=2');
    await screen.findByText('Showing 11 to 20 of 30 entries');
    await user.click(screen.getByLabelText('To Date: 07-Mar-2025'));
    await user.click(await screen.findByLabelText('20 March 2025'));
    await user.click(screen.getByRole('button', { name: 'Show Details' }));
    await waitFor(() =>
      expect(Object.fromEntries(drawCalls(calls).at(-1)!.searchParams)).toMatchObject({
        fromDate: '2025-03-14',
        toDate: '2025-03-20',
        page: '1',
      }),
    );
    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('To Date: 07-Mar-2025')).toBeTruthy());
    expect(screen.getByLabelText('From Date: 01-Mar-2025')).toBeTruthy();
    await screen.findByText('Showing 11 to 20 of 30 entries');
  });

  it('sorts by Draw Time on the server: a click asks for the oldest first, keeps it in the URL and in the export', async () => {
    const user = userEvent.setup({ delay: null });
    const all = draws(CODE.funtarget!, 25);
    const calls = drawServer(all);
    signInAs('master');
    const app = renderApp('/master/drawdetails/funtarget/MNOQqWWi?fromDate=2025-03-01&toDate=2025-03-07&page=2');
    await screen.findByText('Showing 11 to 20 of 25 entries');
    const drawTime = () => screen.getByRole('columnheader', { name: /Draw Time/ });
    expect(drawTime().getAttribute('aria-sort')).toBe('descending');
    // Sr. No. and Winning No are not sortable: the server orders by draw time only.
    expect(screen.getByRole('columnheader', { name: 'Sr. No.' }).hasAttribute('aria-sort')).toBe(false);

    await user.click(within(drawTime()).getByRole('button'));
    await waitFor(() => expect(drawCalls(calls).at(-1)!.searchParams.get('sort')).toBe('asc'));
    expect(drawCalls(calls).at(-1)!.searchParams.get('page')).toBe('1');
    await waitFor(() => expect(drawTime().getAttribute('aria-sort')).toBe('ascending'));
    // The oldest draw of the range first: the last of the newest-first list.
    await waitFor(() => expect(within(bodyRows()[0]!).getAllByRole('cell')[2]!.textContent).toBe('07/03/2025, 11:24:00 am'));
    expect(all.at(-1)!.date).toBe('2025-03-07T05:54:00.000Z');
    const search = new URLSearchParams(app.router.state.location.search);
    expect([search.get('sort'), search.get('page')]).toEqual(['asc', '1']);
    const csv = new URL(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')!, 'http://web.test');
    expect(csv.searchParams.get('sort')).toBe('asc');

    await user.click(within(drawTime()).getByRole('button'));
    await waitFor(() => expect(new URLSearchParams(app.router.state.location.search).get('sort')).toBe('desc'));
    await waitFor(() => expect(drawTime().getAttribute('aria-sort')).toBe('descending'));
  });

  it('opens oldest first from a shared link with sort=asc', async () => {
    const calls = drawServer(draws(CODE.funroullet!, 5));
    signInAs('player');
    renderApp('/player/drawdetails/funroullet/vwRORrGO?fromDate=2025-03-01&toDate=2025-03-07&sort=asc');
    await screen.findByRole('table', { name: 'Fun Roullet draws' });
    expect(drawCalls(calls)[0]!.searchParams.get('sort')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /Draw Time/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('has no Report for picker, even for a manager: draws are about no account', async () => {
    const calls = drawServer(draws(CODE.funab!, 3));
    signInAs('superadmin');
    renderApp('/superadmin/drawdetails/funab/qZicXikM?fromDate=2025-03-01&toDate=2025-03-07&id=someone');
    await screen.findByRole('table', { name: 'Fun AB draws' });
    expect(screen.queryByLabelText('Report for')).toBeNull();
    expect(screen.getByLabelText('From Date: 01-Mar-2025')).toBeTruthy();
    expect(drawCalls(calls)[0]!.searchParams.has('id')).toBe(false);
  });

  it.each(['master', 'player'] as const)(
    'names an unknown game Unknown Game and shows the server message on the %s route, without a table',
    async (role) => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});
      drawServer([]);
      signInAs(role);
      const app = renderApp(`/${role}/drawdetails/funtarget/NOPE`);
      expect((await screen.findByRole('alert')).textContent).toBe('Unknown game: NOPE');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unknown Game');
      expect(app.pathname()).toBe(`/${role}/drawdetails/funtarget/NOPE`);
      expect(screen.queryByRole('table')).toBeNull();
      expect(log).toHaveBeenCalledWith('Unknown Game: the draws could not be loaded', expect.anything());
    },
  );

  it('takes the game from the code, whatever the name segment says', async () => {
    drawServer(draws(CODE.triplefun!, 2));
    signInAs('master');
    renderApp('/master/drawdetails/anything/zuuhVbBM?fromDate=2025-03-01&toDate=2025-03-07');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Triple Fun');
    await screen.findByRole('table', { name: 'Triple Fun draws' });
  });
});

describe('Draw details dates', () => {
  it('offers no day before 2000 in From Date or To Date', async () => {
    const user = userEvent.setup({ delay: null });
    drawServer(draws(CODE.funtarget!, 3));
    signInAs('player');
    renderApp(`/player/drawdetails/funtarget/${CODE.funtarget}?fromDate=2000-01-01&toDate=2000-01-07`);
    await screen.findByRole('table', {}, { timeout: 15_000 });
    expect(await calendarMoves(user, 'From Date: 01-Jan-2000')).toEqual({ previous: false, next: true });
    expect(await calendarMoves(user, 'To Date: 07-Jan-2000')).toEqual({ previous: false, next: true });
  });
});
