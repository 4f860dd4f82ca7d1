import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { expectPath, login, useBrowser } from './harness.js';
import { bodyRows } from './report-tables.js';
import { istDay } from './report-values.js';

// The Range presets of the From/To reports (docs/screens.md, Every report screen), worked out here
// from the IST calendar rather than imported from the app: weeks Monday to Sunday, never past today.

/** expect.poll with room for a loaded machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'YYYY-MM-DD' as the screens show it: 05-Mar-2025. */
const shown = (day: string) => `${day.slice(8, 10)}-${MONTHS[Number(day.slice(5, 7)) - 1]}-${day.slice(0, 4)}`;
/** A day `days` after another (UTC arithmetic on calendar days). */
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Last week, Monday to Sunday, as of today in IST. */
function lastWeek(): { from: string; to: string } {
  const today = istDay(0);
  const sinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = shift(today, -sinceMonday - 7);
  return { from: monday, to: shift(monday, 6) };
}

/** Waits for the page's title and the end of its loading. */
async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
  await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

/** Picks a preset from the Range list, as a person does. */
async function pickRange(page: Page, preset: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Range' }).click();
  await page.getByRole('option', { name: preset, exact: true }).click();
}

const dateField = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^${label}`) }).first();

describe('range presets in the browser', () => {
  const e2e = useBrowser();

  test('a range preset sets both dates and the report follows', async () => {
    const { page } = e2e;
    await login(page, 'am1');
    await expectPath(page, '/areamanager/reports/pointtransfer', 20_000);
    await open(page, '/areamanager/reports/revenue', 'Revenue');
    expect(await seriousAxeFindings(page)).toEqual([]);

    const week = lastWeek();
    await pickRange(page, 'Last week');
    // Both fields take the week at once; the report waits for Search, like a picked date.
    expect(await dateField(page, 'From Date').textContent()).toBe(shown(week.from));
    expect(await dateField(page, 'To Date').textContent()).toBe(shown(week.to));
    expect(await page.getByRole('combobox', { name: 'Range' }).inputValue()).toBe('Last week');

    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('fromDate') === week.from && url.searchParams.get('toDate') === week.to);
    await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    await page.getByText(`am1: ${shown(week.from)} to ${shown(week.to)}`).waitFor();
    // One settlement week, closed: its row names last Monday and Sunday, without the Open badge.
    const rows = await bodyRows(page.getByRole('table', { name: 'Revenue' }));
    expect(rows.map((r) => [r[1], r[2]])).toEqual([[shown(week.from), shown(week.to)]]);

    // Back to the default range, then forward: the preset's view comes back from the URL.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('fromDate') !== week.from);
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('fromDate') === week.from);
    expect(await dateField(page, 'From Date').textContent()).toBe(shown(week.from));
  });

  test('on a Show Details report, This month runs from the 1st to today', async () => {
    const { page } = e2e;
    await login(page, 'am1');
    await expectPath(page, '/areamanager/reports/pointtransfer', 20_000);
    await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);

    const today = istDay(0);
    const first = `${today.slice(0, 8)}01`;
    // From the keyboard alone: focus the list, open it, walk down to This month, choose it.
    await page.getByRole('combobox', { name: 'Range' }).focus();
    const highlighted = page.locator('[role="option"][data-combobox-selected]');
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('ArrowDown');
      if ((await highlighted.count()) > 0 && (await highlighted.textContent()) === 'This month') break;
    }
    await page.keyboard.press('Enter');
    expect(await page.getByRole('combobox', { name: 'Range' }).inputValue()).toBe('This month');
    expect(await dateField(page, 'From Date').textContent()).toBe(shown(first));
    expect(await dateField(page, 'To Date').textContent()).toBe(shown(today));

    await page.getByRole('button', { name: 'Show Details' }).click();
    await page.waitForURL((url) => url.searchParams.get('fromDate') === first && url.searchParams.get('toDate') === today);
    await page.getByText(`${shown(first)} to ${shown(today)}`, { exact: true }).waitFor({ timeout: 20_000 });
  });
});
