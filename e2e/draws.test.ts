import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { expectPath, login, useBrowser } from './harness.js';
import { csvFields, istDay } from './report-values.js';

// Written out from docs/domain.md, "Games, draws and plays" and docs/screens.md, Draw details, not imported from the contracts.
const RANK = '(A|[2-9]|10|J|Q|K)';
const GAMES = [
  { name: 'Fun Target', slug: 'funtarget', code: 'MNOQqWWi', shown: /^\d$/, csv: /^\d$/ },
  { name: 'Fun Roullet', slug: 'funroullet', code: 'vwRORrGO', shown: /^([0-9]|[12][0-9]|3[0-6])$/, csv: /^\d{1,2}$/ },
  { name: 'Triple Fun', slug: 'triplefun', code: 'zuuhVbBM', shown: /^\d{3}$/, csv: /^\d{3}$/ },
  {
    name: 'Fun AB',
    slug: 'funab',
    code: 'qZicXikM',
    shown: new RegExp(`^${RANK} ([\u2666\u2660\u2665\u2663]|Not Open)$`),
    // The export shows what the screen shows.
    csv: new RegExp(`^${RANK} ([\u2666\u2660\u2665\u2663]|Not Open)$`),
  },
];
const RED = new Set(['\u2666', '\u2665']);

/** '07/03/2025, 2:07:09 pm' (IST, as shown) in milliseconds, for ordering. */
function shownTime(text: string): number {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}), (\d{1,2}):(\d{2}):(\d{2}) (am|pm)$/.exec(text.trim());
  if (!m) throw new Error(`Not a draw time: '${text}'`);
  const hour = (Number(m[4]) % 12) + (m[7] === 'pm' ? 12 : 0);
  return Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]), hour, Number(m[5]), Number(m[6]));
}

async function waitIdle(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
}

/** The visible rows: [Sr. No., Winning No, Draw Time] texts. */
async function visibleRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table').locator('tbody tr');
  const out: string[][] = [];
  for (const row of await rows.all()) out.push((await row.getByRole('cell').allTextContents()).map((t) => t.trim()));
  return out;
}

async function totalShown(page: Page): Promise<number> {
  const text = (await page.getByText(/^Showing [\d,]+ to [\d,]+ of [\d,]+ entr(y|ies)$/).textContent()) ?? '';
  return Number(/of ([\d,]+) entr/.exec(text)![1]!.replaceAll(',', ''));
}

describe('draw details in the browser', () => {
  const e2e = useBrowser();

  test('master1 opens each game from the menu: newest first, paged on the server, numbers as the spec shows them', async () => {
    const { page } = e2e;
    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer');

    for (const game of GAMES) {
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('button', { name: 'Draw Details', exact: true }).click();
      await page.getByRole('menuitem', { name: game.name, exact: true }).click();
      await expectPath(page, `/master/drawdetails/${game.slug}/${game.code}`);
      await page.getByRole('table', { name: `${game.name} draws` }).waitFor();
      await waitIdle(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(game.name);
      expect((await page.getByRole('columnheader').allTextContents()).map((t) => t.replace(/[▲▼↕]/g, '').trim())).toEqual([
        'Sr. No.',
        'Winning No',
        'Draw Time',
      ]);

      const first = await visibleRows(page);
      const total = await totalShown(page);
      expect(first).toHaveLength(Math.min(10, total));
      expect(total, `${game.name} has draws in the last 7 days`).toBeGreaterThan(10);
      expect(first.map((r) => r[0])).toEqual(first.map((_, i) => String(i + 1)));
      for (const [, winning] of first) expect(winning).toMatch(game.shown);
      const times = first.map((r) => shownTime(r[2]!));
      expect([...times].sort((a, b) => b - a)).toEqual(times);

      if (game.slug === 'funab') {
        // Red for diamonds and hearts, black for spades and clubs.
        const suits = await page.getByRole('table').locator('tbody tr td:nth-child(2) [data-suit]').all();
        // About one Fun AB draw in 300 has no colour (docs/domain.md, "Demo data"'s demo data).
        expect(suits.length).toBeGreaterThan(0);
        for (const cell of suits) {
          const symbol = (await cell.getByRole('img').textContent())!;
          const color = await cell.evaluate((el) => getComputedStyle(el).color);
          expect(color, `colour of ${symbol}`).toBe(RED.has(symbol) ? 'rgb(201, 42, 42)' : 'rgb(0, 0, 0)');
        }
      }

      // Page 2 comes from the server: the next ten, older than the first page.
      const answer = page.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname === '/api/playrep/drawdetails' && url.searchParams.get('page') === '2';
      });
      await page.getByRole('button', { name: 'Page 2' }).click();
      const response = await answer;
      expect(new URL(response.url()).searchParams.get('pageSize')).toBe('10');
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await waitIdle(page);
      const second = await visibleRows(page);
      expect(second[0]![0]).toBe('11');
      expect(shownTime(second[0]![2]!)).toBeLessThanOrEqual(times.at(-1)!);
    }
  });

  test('Fun AB, with its suits and Not Open, has no serious or critical accessibility violations', async () => {
    const { page } = e2e;
    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer');
    await page.goto('/master/drawdetails/funab/qZicXikM');
    await page.getByRole('table', { name: 'Fun AB draws' }).waitFor();
    await waitIdle(page);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  test('the CSV holds every draw of the range, newest first, as many as the screen counts', async () => {
    const { page } = e2e;
    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer');

    for (const game of GAMES) {
      await page.goto(`/master/drawdetails/${game.slug}/${game.code}?fromDate=${istDay(-1)}&toDate=${istDay(0)}`);
      await page.getByRole('table', { name: `${game.name} draws` }).waitFor();
      await waitIdle(page);
      const total = await totalShown(page);
      const first = (await visibleRows(page))[0]!;

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV' }).click()]);
      const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
      const lines = text.trimEnd().split('\r\n').map(csvFields);
      expect(lines[0]).toEqual(['Sr. No.', 'Winning No', 'Draw Time']);
      const rows = lines.slice(1);
      expect(rows).toHaveLength(total);
      expect(rows.map((r) => r[0])).toEqual(rows.map((_, i) => String(i + 1)));
      for (const row of rows) expect(row[1]).toMatch(game.csv);
      const times = rows.map((r) => shownTime(r[2]!));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      // The newest draw is the first row on the screen too.
      expect(rows[0]![2]).toBe(first[2]);
    }
  });

  test('Draw Time sorts on the server: oldest first after a click, kept in the URL, newest first again after another', async () => {
    const { page } = e2e;
    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer');
    await page.goto(`/master/drawdetails/funtarget/MNOQqWWi?fromDate=${istDay(-1)}&toDate=${istDay(0)}`);
    await page.getByRole('table', { name: 'Fun Target draws' }).waitFor();
    await waitIdle(page);
    const newest = (await visibleRows(page)).map((r) => shownTime(r[2]!));
    const drawTime = page.getByRole('columnheader', { name: /Draw Time/ });
    expect(await drawTime.getAttribute('aria-sort')).toBe('descending');

    const answer = page.waitForResponse((r) => new URL(r.url()).searchParams.get('sort') === 'asc');
    await drawTime.getByRole('button').click();
    await answer;
    await page.waitForURL((url) => url.searchParams.get('sort') === 'asc');
    await waitIdle(page);
    expect(await drawTime.getAttribute('aria-sort')).toBe('ascending');
    const oldest = (await visibleRows(page)).map((r) => shownTime(r[2]!));
    expect([...oldest].sort((a, b) => a - b)).toEqual(oldest);
    // Yesterday's first draws come before today's latest.
    expect(oldest.at(-1)!).toBeLessThan(newest.at(-1)!);
    const csvHref = await page.getByRole('link', { name: 'CSV' }).getAttribute('href');
    expect(new URL(csvHref!, page.url()).searchParams.get('sort')).toBe('asc');

    // The newest-first page may come from the client's cache, refreshed in the background.
    await drawTime.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'desc');
    await waitIdle(page);
    // Read once the table has settled (rows are read one by one), then compare with the first view.
    // A draw opens every 90 s: one that opened meanwhile may lead the list and push the last out.
    await expect
      .poll(async () => (await visibleRows(page)).map((r) => shownTime(r[2]!)), { timeout: 10_000 })
      .toSatisfy((again: number[]) => {
        const start = again.indexOf(newest[0]!);
        return (
          start >= 0 &&
          again.slice(0, start).every((t) => t > newest[0]!) &&
          JSON.stringify(again.slice(start)) === JSON.stringify(newest.slice(0, again.length - start))
        );
      });
  });

  test('an unknown game code shows Unknown Game and the server message, not a table', async () => {
    const { page } = e2e;
    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer');
    await page.goto('/master/drawdetails/funtarget/NOPE');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('Unknown game: NOPE');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Unknown Game');
    await expectPath(page, '/master/drawdetails/funtarget/NOPE');
    expect(await page.getByRole('table').count()).toBe(0);
    // The menu still works from there.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Draw Details', exact: true })
      .click();
    await page.getByRole('menuitem', { name: 'Fun AB', exact: true }).click();
    await expectPath(page, '/master/drawdetails/funab/qZicXikM');
    // The router may change the address before it renders the new game (a transition): wait for it.
    await page.getByRole('heading', { level: 1, name: 'Fun AB', exact: true }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('table').waitFor();
  });
});
