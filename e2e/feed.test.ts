import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { postPlayerOnePlay } from './feed-play.js';
import { expectPath, login, useBrowser } from './harness.js';
import { bodyRows, showAll } from './report-tables.js';
import { cents } from './report-values.js';

// A game platform posts a play through the feed (docs/feed.md) while the server runs: the reports
// show it at once, on the screens already open, without a restart. The server's feed key comes from
// the harness (server-process.ts makes it with `npm run feeds -- create e2e` before the start).

/** expect.poll with room for a loaded machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });

async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
  await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

/** master1's profit today on its Daily Status, in hundredths. */
async function dailyProfit(page: Page): Promise<number> {
  const rows = await bodyRows(page.getByRole('table', { name: 'Daily Status' }));
  const row = rows.find((r) => r[2] === 'master1');
  if (!row) throw new Error(`master1 is not on its Daily Status: ${JSON.stringify(rows)}`);
  return cents(row[3]!);
}

/** The open week's profit on a Revenue screen, in hundredths. */
async function openWeekProfit(page: Page): Promise<number> {
  const rows = await bodyRows(page.getByRole('table', { name: 'Revenue' }));
  const open = rows.find((r) => /Open$/.test(r[1] ?? ''));
  if (!open) throw new Error(`No open week on Revenue: ${JSON.stringify(rows.map((r) => r[1]))}`);
  return cents(open[3]!);
}

describe('the platform feed in the browser', () => {
  const e2e = useBrowser();

  test("a play posted through the feed shows on master1's Daily Status and on am1's Revenue for the open week, without a restart", async () => {
    const { page, browser, baseURL } = e2e;
    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer', 20_000);
    await open(page, '/master/reports/dailystatus', 'Daily Status');
    const dailyBefore = await dailyProfit(page);

    const am1Context = await browser.newContext({ baseURL });
    try {
      const am1 = await am1Context.newPage();
      await login(am1, 'am1');
      await expectPath(am1, '/areamanager/reports/pointtransfer', 20_000);
      await open(am1, '/areamanager/reports/revenue', 'Revenue');
      await showAll(am1);
      const weekBefore = await openWeekProfit(am1);

      // player1 plays 123.45 points at master1's cafe now and wins nothing: master1's profit today
      // and am1's this week grow by 123.45.
      await postPlayerOnePlay('e2e-play');

      // The screens already open load again with their own buttons (the same date, the same weeks).
      await page.getByRole('button', { name: 'Show Details' }).click();
      await poll(() => dailyProfit(page)).toBe(dailyBefore + 123_45);
      await am1.getByRole('button', { name: 'Search' }).click();
      await poll(() => openWeekProfit(am1)).toBe(weekBefore + 123_45);
    } finally {
      await am1Context.close();
    }
  });
});
