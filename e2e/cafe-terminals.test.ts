import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { expectPath, login, useBrowser } from './harness.js';
import { bodyRows, headers } from './report-tables.js';
import { cents } from './report-values.js';

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
