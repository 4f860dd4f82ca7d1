import { DRAW_GAMES, type DrawRow } from '@playrep/contracts';
import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../lib/i18n/language';
import { KEPT_IN_EVERY_LANGUAGE, latinWordsLeft } from '../../test/english-left';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD } from '../../test/report-server';

configure({ asyncUtilTimeout: 5000 });

const FUN_AB = DRAW_GAMES.find((game) => game.slug === 'funab')!;
const RANGE = { fromDate: '2025-03-01', toDate: '2025-03-07' };
const DRAWS: DrawRow[] = [
  { _id: 'd1', drawno: 'A', date: '2025-03-07T06:30:00Z', color: 'c' },
  { _id: 'd2', drawno: 'K', date: '2025-03-07T06:28:30Z', color: null },
];

afterEach(async () => {
  await act(() => chooseLanguage('en'));
});

function server(gameName: string | null) {
  stubFetch((call) => {
    const url = new URL(call.url, 'http://web.test');
    if (url.pathname === '/api/auth/session') return jsonResponse(200, { ok: true });
    if (url.pathname !== '/api/playrep/drawdetails') return jsonResponse(404, { message: 'Not found' });
    if (!gameName) return jsonResponse(404, { message: 'यह गेम नहीं मिला।' });
    return jsonResponse(200, {
      gameId: FUN_AB.code,
      gameName,
      range: RANGE,
      page: 1,
      pageSize: 10,
      total: DRAWS.length,
      data: DRAWS,
    });
  });
}

describe('Draw details in Hindi', () => {
  it('keeps the game’s name and reads the rest in Hindi: suits and draws not open', async () => {
    server(FUN_AB.name);
    signInAs('player');
    await act(() => chooseLanguage('hi'));
    const { container } = renderApp(`/player/drawdetails/funab/${FUN_AB.code}?fromDate=${RANGE.fromDate}&toDate=${RANGE.toDate}`);
    const table = await screen.findByRole('table', { name: 'Fun AB के ड्रॉ' }, PAGE_LOAD);
    expect(within(table).getByRole('img', { name: 'ईंट' })).toBeTruthy();
    expect(within(table).getByText('नहीं खुला')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fun AB');
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('names an unknown game in Hindi', async () => {
    server(null);
    signInAs('player');
    await act(() => chooseLanguage('hi'));
    const { container } = renderApp('/player/drawdetails/nosuch/XXXXXXXX');
    expect((await screen.findByRole('heading', { level: 1, name: 'अज्ञात गेम' }, PAGE_LOAD)).textContent).toBe('अज्ञात गेम');
    await screen.findByText('यह गेम नहीं मिला।');
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });
});
