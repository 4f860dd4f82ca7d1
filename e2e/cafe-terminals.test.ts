import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { expectPath, login, useBrowser } from './harness.js';
import { bodyRows, headers } from './report-tables.js';
import { cents, csvFields } from './report-values.js';

// Cafe Profit's terminals on the small demo network, as am1 sees them on a phone (docs/screens.md,
// Cafe Profit): a cafe's name opens, from the keyboard, the popup of its terminals, which add up
// to the cafe's row; the demo gives every play one of its cafe's terminals (PC-01 to PC-08).

const PHONE = { width: 390, height: 844 };
const BASE = '/areamanager/reports';

/** expect.poll with room for a loaded machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });

const count = (text: string) => Number(text.replace(/,/g, ''));
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('Cafe Profit terminals as am1 at phone width', () => {
  const e2e = useBrowser();

  test('a cafe opens its terminals from the keyboard; they add up to its row; the popup fits and axe finds nothing', async () => {
    const { page } = e2e;
    await page.setViewportSize(PHONE);
    await login(page, 'am1');
    await expectPath(page, `${BASE}/pointtransfer`, 20_000);
    await page.goto(`${BASE}/cafeprofit`);
    await page.getByRole('heading', { level: 1, name: 'Cafe Profit' }).waitFor({ timeout: 20_000 });
    const table = page.getByRole('table', { name: 'Cafe Profit' });
    await table.waitFor({ timeout: 20_000 });
    await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);

    // Cafe, Agent, Plays, Play, Win, Profit, Own Members, Other Members, Members.
    const rows = await bodyRows(table);
    const row = rows.find((r) => count(r[2]!) > 0);
    expect(row, 'a cafe of am1 with plays in the last 7 days').toBeDefined();
    const cafe = row![0]!;

    const button = page.getByRole('button', { name: `${cafe}: show its terminals` });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Terminals of ${cafe}`) });
    await dialog.waitFor();
    const popupTable = dialog.getByRole('table', { name: `Terminals of ${cafe}` });
    await poll(async () => (await bodyRows(popupTable)).filter((r) => r.length > 1).length).toBeGreaterThan(0);
    await poll(() => dialog.locator('[aria-busy="true"]').count()).toBe(0);
    expect(await headers(popupTable)).toEqual(['Terminal', 'Plays', 'Play', 'Win', 'Profit', 'Members']);

    const terminals = await bodyRows(popupTable);
    expect(terminals.length).toBeLessThanOrEqual(8);
    for (const t of terminals) expect(t[0]).toMatch(/^PC-0[1-8]$/);
    const sum = (column: number, read: (text: string) => number) => terminals.reduce((s, t) => s + read(t[column]!), 0);
    expect(sum(1, count)).toBe(count(row![2]!));
    expect(sum(2, cents)).toBe(cents(row![3]!));
    expect(sum(3, cents)).toBe(cents(row![4]!));
    expect(sum(4, cents)).toBe(cents(row![5]!));
    expect(await dialog.getByRole('link', { name: 'CSV' }).getAttribute('href')).toMatch(/^\/api\/playrep\/cafeterminals\?/);

    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.waitForTimeout(400); // the modal's fade-in, before axe reads colours
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('Cafe Profit paged and sorted on the server, as the superadmin on a desktop screen', () => {
  const e2e = useBrowser();

  test('the total row is every cafe’s, as the export adds it up; Profit sorts and the pager pages from the keyboard, in the URL', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 1366, height: 768 });
    await login(page, 'superadmin');
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'), { timeout: 20_000 });
    await page.goto('/superadmin/reports/cafeprofit');
    const table = page.getByRole('table', { name: 'Cafe Profit' });
    await table.waitFor({ timeout: 20_000 });
    await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);

    // Every cafe of the network, more than a page: the total row covers them all.
    const totalRow = () => table.locator('tfoot tr').last().locator('td').allTextContents();
    const csvHref = await page.getByRole('link', { name: 'CSV' }).getAttribute('href');
    const csv = await (await page.request.get(csvHref!)).text();
    const cafes = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1)
      .filter((line) => line && !line.startsWith('Total'))
      .map(csvFields);
    expect(cafes.length).toBeGreaterThan(10);
    expect((await bodyRows(table)).length).toBe(10);
    const shown = await totalRow();
    expect(shown[0]).toBe(`Total of ${cafes.length} rows`);
    // Cafe, Agent, Plays, Play, Win, Profit: the export's rows added up here.
    expect(count(shown[2]!)).toBe(cafes.reduce((s, c) => s + count(c[2]!), 0));
    expect(cents(shown[5]!)).toBe(cafes.reduce((s, c) => s + cents(c[5]!), 0));

    // Profit from the keyboard: the server sorts, the URL keeps it.
    const profit = page.getByRole('columnheader', { name: /^Profit/ });
    await profit.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'profit');
    await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    // The first page of every cafe's profit in the order the header says, once the answer is in.
    await poll(() => profit.getAttribute('aria-sort')).toMatch(/^(ascending|descending)$/);
    const ascending = (await profit.getAttribute('aria-sort')) === 'ascending';
    const all = cafes.map((c) => cents(c[5]!)).sort((a, b) => (ascending ? a - b : b - a));
    await poll(async () => (await bodyRows(table)).map((r) => cents(r[5]!))).toEqual(all.slice(0, 10));

    // The second page from the keyboard: its own total above every cafe's.
    await page.getByRole('button', { name: 'Page 2' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    await poll(async () => (await bodyRows(table)).map((r) => cents(r[5]!))).toEqual(all.slice(10, 20));
    const foot = table.locator('tfoot tr');
    expect((await foot.first().locator('td').allTextContents())[0]).toBe(`Page total, rows 11-${Math.min(20, all.length)}`);
    expect((await totalRow())[0]).toBe(`Total of ${cafes.length} rows`);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
