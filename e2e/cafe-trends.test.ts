import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { login, useBrowser } from './harness.js';
import { bodyRows, headers } from './report-tables.js';
import { cents, csvFields } from './report-values.js';

// Cafe Trends on the small demo network (docs/screens.md, Cafe Trends): a column per week, each
// week's profit a link that opens Cafe Profit of the cafe's agent on that week, where the cafe's
// profit is the same figure; at 1366 px and at a phone's 390 px, axe clean.

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** expect.poll with room for a loaded machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });
const settled = (page: Page) => poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function openCafeTrends(page: Page, role: string, query = ''): Promise<ReturnType<Page['getByRole']>> {
  await page.goto(`/${role}/reports/cafetrends${query}`);
  await page.getByRole('heading', { level: 1, name: 'Cafe Trends' }).waitFor({ timeout: 20_000 });
  const table = page.getByRole('table', { name: 'Cafe Trends' });
  await table.waitFor({ timeout: 20_000 });
  await settled(page);
  return table;
}

/**
 * Follows the link of the first cafe with a non-zero profit in the week column `week` (0 = the
 * oldest shown) and checks that Cafe Profit shows that week and the same profit for the cafe.
 */
async function followWeekLink(page: Page, role: string, table: ReturnType<Page['getByRole']>, week: number) {
  const rows = await bodyRows(table);
  const row = rows.find((r) => r.length > 2 && cents(r[2 + week]!) !== 0);
  expect(row, `a cafe with play in week ${week + 1}`).toBeDefined();
  const [cafe, , ...weeks] = row!;
  const profit = weeks[week]!;
  const link = table.getByRole('link', {
    name: new RegExp(`^${profit.replace(/[.]/g, '\\.')}: Cafe Profit of ${cafe}, week of `),
  });
  const href = new URL((await link.getAttribute('href'))!, 'http://x');
  expect(href.pathname).toBe(`/${role}/reports/cafeprofit`);
  const fromDate = href.searchParams.get('fromDate')!;
  expect(new Date(`${fromDate}T00:00:00Z`).getUTCDay()).toBe(1); // a Monday
  expect(href.searchParams.get('toDate')).toBe(plusDays(fromDate, 6));

  await link.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === `/${role}/reports/cafeprofit` && url.searchParams.get('fromDate') === fromDate);
  const cafeProfit = page.getByRole('table', { name: 'Cafe Profit' });
  await cafeProfit.waitFor({ timeout: 20_000 });
  await settled(page);
  // Cafe, Agent, Plays, Play, Win, Profit: the cafe's profit of that week is the cell followed.
  await poll(async () => (await bodyRows(cafeProfit)).find((r) => r[0] === cafe)?.[5]).toBe(profit);
  return { cafe, fromDate };
}

describe('Cafe Trends on a desktop screen', () => {
  const e2e = useBrowser();

  test('am1: a week per column, the total row every cafe’s as the export adds it up; a week’s profit opens Cafe Profit of that week', async () => {
    const { page } = e2e;
    await page.setViewportSize(DESKTOP);
    await login(page, 'am1');
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'), { timeout: 20_000 });
    const table = await openCafeTrends(page, 'areamanager', '?weeks=4');
    const columns = await headers(table);
    expect(columns.slice(0, 2)).toEqual(['Cafe', 'Agent']);
    expect(columns.slice(2, 6).every((h) => /^Week of \d{2}-[A-Z][a-z]{2}-\d{4}$/.test(h))).toBe(true);
    expect(columns.slice(6)).toEqual(['Total', 'Period Before', 'Change']);

    // The export holds every cafe; the total row adds them all up.
    const csvHref = await page.getByRole('link', { name: 'CSV' }).getAttribute('href');
    const csv = await (await page.request.get(csvHref!)).text();
    const cafes = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1)
      .filter((line) => line && !line.startsWith('Total'))
      .map(csvFields);
    expect(cafes.length).toBeGreaterThan(0);
    const totalRow = await table.locator('tfoot tr').last().locator('td').allTextContents();
    expect(totalRow[0]).toBe(`Total of ${cafes.length} ${cafes.length === 1 ? 'row' : 'rows'}`);
    for (const column of [2, 3, 4, 5, 6, 7, 8]) {
      expect(cents(totalRow[column]!), columns[column]).toBe(cafes.reduce((s, c) => s + cents(c[column]!), 0));
    }
    // Each row: Total = Σ weeks, Change = Total − Period Before.
    for (const row of await bodyRows(table)) {
      const weeks = row.slice(2, 6).map(cents);
      expect(cents(row[6]!)).toBe(weeks.reduce((s, w) => s + w, 0));
      expect(cents(row[8]!)).toBe(cents(row[6]!) - cents(row[7]!));
    }
    expect(await seriousAxeFindings(page)).toEqual([]);

    // The week before the current one, from the keyboard.
    await followWeekLink(page, 'areamanager', table, 2);
  });
});

describe('Cafe Trends at phone width', () => {
  const e2e = useBrowser();

  test('master1: fits 390 px, axe finds nothing, and the latest week’s profit opens Cafe Profit on that week', async () => {
    const { page } = e2e;
    await page.setViewportSize(PHONE);
    await login(page, 'master1');
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'), { timeout: 20_000 });
    const table = await openCafeTrends(page, 'master');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAxeFindings(page)).toEqual([]);
    // Sort by the current week from the keyboard: the server sorts, the URL keeps it.
    const current = page.getByRole('columnheader', { name: /^Week of/ }).last();
    await current.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'week4');
    await settled(page);
    // Just after midnight on a Monday the current week has no play yet: then the week before it.
    const rows = await bodyRows(table);
    const latestWithPlay = [3, 2].find((week) => rows.some((r) => r.length > 2 && cents(r[2 + week]!) !== 0));
    expect(latestWithPlay, 'play in the current week or the one before').toBeDefined();
    const { fromDate } = await followWeekLink(page, 'master', table, latestWithPlay!);
    // Cafe Profit shows the week followed in its dates, and fits the phone too.
    expect(new URL(page.url()).searchParams.get('toDate')).toBe(plusDays(fromDate, 6));
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});
