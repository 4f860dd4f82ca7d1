import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { postPlayerOnePlay } from './feed-play.js';
import { expectPath, login, useBrowser } from './harness.js';
import { cents } from './report-values.js';

// Live pages (DOMAIN 13): a report whose range includes today asks again every 60 seconds while
// the tab is visible. The proof: a play posted through the feed reaches an open Today page within
// 70 seconds, with no reload. The page's clock (its timers and Date) is the browser's fake one,
// moved a minute on at once rather than waited for; the server's is real. The server runs without
// its demo feed (server-process.ts), so nothing else moves the figures meanwhile.

/** One refresh (60 s) and the time to answer it. */
const REFRESH_MS = 60_000;
const ANSWER_MS = 10_000;

/** A figure of "Today so far" (its row's first column, today), as shown. */
async function todayFigure(page: Page, label: string): Promise<string> {
  const table = page.getByRole('table', { name: 'Today so far against the same weekday last week' });
  const row = table.locator('tbody tr').filter({ has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) });
  return (await row.locator('td').first().textContent())?.trim() ?? '';
}

describe('live pages in the browser', () => {
  const e2e = useBrowser();

  test('a play posted through the feed appears on an open Today page within 70 s without a reload', async () => {
    const { page } = e2e;
    // Before the app loads, so that its timers are the fake clock's; time runs on as usual.
    await page.clock.install();
    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer', 20_000);
    await page.goto('/master/today');
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor({ timeout: 20_000 });
    const updated = page.getByText(/^Updated \d{1,2}:\d{2} (am|pm)$/);
    await updated.waitFor({ timeout: 20_000 });
    const updatedBefore = await updated.textContent();
    const playBefore = cents(await todayFigure(page, 'Play'));
    const playsBefore = Number((await todayFigure(page, 'Plays')).replace(/,/g, ''));
    // Gone if the page were loaded again.
    await page.evaluate(() => Object.assign(window, { livePageMark: true }));

    // player1 (master1's member) plays 123.45 points at master1's cafe now and wins nothing.
    await postPlayerOnePlay('e2e-live');

    // A minute on, nobody having touched the page: it asks again by itself.
    await page.clock.fastForward(REFRESH_MS);
    await expect
      .poll(async () => cents(await todayFigure(page, 'Play')), { timeout: ANSWER_MS, interval: 250 })
      .toBe(playBefore + 123_45);
    expect(Number((await todayFigure(page, 'Plays')).replace(/,/g, ''))).toBe(playsBefore + 1);
    expect(await page.evaluate(() => (window as unknown as { livePageMark?: boolean }).livePageMark)).toBe(true);
    // The answer that brought the play is a minute newer than the first.
    expect(await updated.textContent()).not.toBe(updatedBefore);
  });
});
