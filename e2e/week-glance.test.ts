import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { expectPath, login, useBrowser } from './harness.js';
import { bodyRows, headers } from './report-tables.js';
import { cents, csvFields } from './report-values.js';

// Week at a Glance (docs/screens.md): am1's masters x the days of the open week, at a desktop's
// width and at a phone's. The day totals are checked against Daily Status of each day, asked from
// the server as its screen asks; the server runs without its demo feed (server-process.ts), so
// the figures stay put between the two.

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

async function openWeekGlance(page: Page, size: { width: number; height: number }): Promise<Locator> {
  await page.setViewportSize(size);
  await login(page, 'am1');
  await expectPath(page, '/areamanager/reports/pointtransfer', 20_000);
  await page.goto('/areamanager/reports/weekglance');
  await page.getByRole('heading', { level: 1, name: 'Week at a Glance' }).waitFor({ timeout: 20_000 });
  const table = page.getByRole('table', { name: 'Week at a Glance' });
  await table.locator('tbody tr').first().waitFor({ timeout: 20_000 });
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
  return table;
}

/** The days the table's headers name ('Mon 23-Nov-2026'), as YYYY-MM-DD. */
function daysOf(heads: string[]): string[] {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return heads
    .filter((h) => WEEKDAYS.includes(h.slice(0, 3)))
    .map((h) => {
      const [d, mon, y] = h.slice(4).split('-');
      return `${y}-${String(months.indexOf(mon!) + 1).padStart(2, '0')}-${d}`;
    });
}

describe('Week at a Glance in the browser', () => {
  const e2e = useBrowser();

  test('at 1366 px: the open week, each day’s total equal to Daily Status of that day, the export, axe clean', async () => {
    const { page } = e2e;
    const table = await openWeekGlance(page, DESKTOP);
    const heads = await headers(table);
    expect(heads.slice(0, 3)).toEqual(['Account', 'Name', 'Week']);
    expect(heads.at(-1)).toBe('Total');
    const days = daysOf(heads);
    expect(days).toHaveLength(7);
    expect(new Date(`${days[0]}T00:00:00Z`).getUTCDay()).toBe(1);
    await expect.poll(() => page.getByText(/^Updated \d{1,2}:\d{2} (am|pm)$/).count()).toBe(1);

    // Each row's total is the sum of its days (worked out here from what the cells show).
    const rows = await bodyRows(table);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const dayCells = row.slice(3, 10).map(cents);
      expect(cents(row[10]!), row[0]).toBe(dayCells.reduce((a, b) => a + b, 0));
    }
    // The total row: each day equal to am1's Daily Status of that day.
    const totalRow = (await table.locator('tfoot tr').last().locator('td, th').allTextContents()).map((t) => t.trim());
    const dayTotals = totalRow.slice(-8, -1).map(cents);
    for (const [i, day] of days.entries()) {
      const status = await page.request.get(`/api/playrep/dailystatus?date=${day}`);
      expect(status.status()).toBe(200);
      const { totalProfit } = (await status.json()) as { totalProfit: number };
      expect(dayTotals[i], `Daily Status of ${day}`).toBe(Math.round(totalProfit * 100));
    }
    expect(cents(totalRow.at(-1)!)).toBe(dayTotals.reduce((a, b) => a + b, 0));

    // The CSV link: the same columns and rows.
    const href = await page.getByRole('link', { name: 'CSV' }).getAttribute('href');
    expect(href).toContain('/api/playrep/weekglance?');
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toMatch(/week-at-a-glance-am1-week-of-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const headerAt = lines.findIndex((line) => line.startsWith('Account,'));
    expect(csvFields(lines[headerAt]!)).toEqual(heads.filter((h) => h !== 'Week'));
    for (const row of rows) {
      const line = lines.find((l) => l.startsWith(`${row[0]},`));
      expect(line, row[0]).toBeDefined();
      expect(cents(csvFields(line!).at(-1)!), row[0]).toBe(cents(row[10]!));
    }

    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  test('at 390 px: the account column stays in view when the table is scrolled sideways, nothing wider than the screen, axe clean', async () => {
    const { page } = e2e;
    const table = await openWeekGlance(page, PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const firstAccount = (await bodyRows(table))[0]![0]!;
    const seen = () =>
      table.evaluate((el) => {
        let box: HTMLElement | null = el.parentElement;
        while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
        const cell = el.querySelector('tbody tr td');
        const at = cell!.getBoundingClientRect();
        const top = document.elementFromPoint((at.left + at.right) / 2, (at.top + at.bottom) / 2);
        return {
          scrollLeft: box?.scrollLeft ?? 0,
          hidden: box ? box.scrollWidth - box.clientWidth : 0,
          left: at.left,
          right: at.right,
          onTop: top !== null && cell!.contains(top),
          text: cell!.textContent?.trim(),
        };
      });
    await table.evaluate((el) => el.querySelector('thead th')?.scrollIntoView({ block: 'center', inline: 'nearest' }));
    const before = await seen();
    expect(before.hidden, 'the days are wider than a phone: the table scrolls').toBeGreaterThan(0);
    expect(before.text).toBe(firstAccount);
    // Scrolled to the far right (the Total): the account is still drawn on screen, on top.
    await table.evaluate((el) => {
      let box: HTMLElement | null = el.parentElement;
      while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
      if (box) box.scrollLeft = box.scrollWidth;
      return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    });
    const after = await seen();
    expect(after.scrollLeft).toBeGreaterThan(0);
    expect(after.left).toBeGreaterThanOrEqual(-0.5);
    expect(after.right).toBeLessThanOrEqual(PHONE.width + 0.5);
    expect(after.onTop).toBe(true);
    expect(after.text).toBe(firstAccount);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
