import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { expectPath, login, useBrowser } from './harness.js';
import { cents, csvFields, istDay } from './report-values.js';

// Written out from docs/screens.md, Point Transfer, not imported from the contracts: this is the check.
const TITLES = [
  'Point Transferred',
  'Points Transferred But yet to be Received',
  'Points Received',
  'Points yet to be Received',
  'Points Rejected',
  'Points Cancelled',
];
const COUNTERPARTY = [
  'Transferred To',
  'TransferTo',
  'ReceivedFrom',
  'ReceivedFrom',
  'Transferred To/Received From',
  'Transferred To/Received From',
];

// docs/domain.md, "Demo data": the fixed accounts have transfers in every status, both ways and in both
// channels, within the last four weeks.
const FOUR_WEEKS = `fromDate=${istDay(-27)}&toDate=${istDay(0)}`;

/** A section is named by its title and its row count: 'Points Received (3)'. */
const sectionName = (title: string) => new RegExp(`^${title} \\(\\d+\\)$`);
const section = (page: Page, title: string) => page.getByRole('region', { name: sectionName(title) });
const control = (page: Page, title: string) => page.getByRole('button', { name: sectionName(title) });
/** The section titles the headings show, without their counts. */
const titlesOf = async (page: Page) =>
  (await page.getByRole('heading', { level: 2 }).allTextContents()).map((t) => t.replace(/ \(\d+\)$/, ''));

/** Opens a section (the accordion keeps one open) and waits until its content shows. */
async function openSection(page: Page, title: string): Promise<Locator> {
  const button = control(page, title);
  // From the keyboard: a click could land elsewhere while the previous section's panel still
  // animates closed and the titles move up.
  if ((await button.getAttribute('aria-expanded')) !== 'true') {
    await button.focus();
    await page.keyboard.press('Enter');
  }
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
  const region = section(page, title);
  await region.waitFor();
  return region;
}

interface SectionFigures {
  /** Amount total in the table's total row, in hundredths. */
  screenTotal: number;
  /** Rows in the whole section, from the pager's 'of N entries'. */
  rowCount: number;
}

/** The figures a person reads off an open section's table. */
async function readSection(region: Locator, title: string): Promise<SectionFigures | null> {
  const table = region.getByRole('table', { name: title, exact: true });
  if ((await table.count()) === 0) {
    expect(await region.textContent()).toContain('No data available');
    return null;
  }
  // The last total row is the one over every row (a page's own total may stand above it).
  const totalRow = table.locator('tfoot tr').last();
  const totalCells = await totalRow.getByRole('cell').allTextContents();
  const showing = (await region.getByText(/^Showing [\d,]+ to [\d,]+ of [\d,]+ entr(y|ies)$/).textContent()) ?? '';
  const rowCount = Number(/of ([\d,]+) entr/.exec(showing)![1]!.replaceAll(',', ''));
  expect(totalCells[0]).toBe(`Total of ${rowCount} ${rowCount === 1 ? 'row' : 'rows'}`);
  return { screenTotal: cents(totalCells[4]!), rowCount };
}

/** Downloads a section's CSV through its link and checks it against the screen and itself. */
async function checkCsv(page: Page, region: Locator, figures: SectionFigures, counterparty: string): Promise<void> {
  const [download] = await Promise.all([page.waitForEvent('download'), region.getByRole('link', { name: 'CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.trimEnd().split('\r\n');
  expect(csvFields(lines[0]!)).toEqual(['Sr No', 'ID', counterparty, 'Type', 'Amount', 'Transfer Time']);
  const rows = lines.slice(1, -1).map(csvFields);
  const total = csvFields(lines.at(-1)!);
  expect(total[0]).toBe(`Total of ${figures.rowCount} ${figures.rowCount === 1 ? 'row' : 'rows'}`);
  expect(rows).toHaveLength(figures.rowCount);
  for (const row of rows) expect(row[3]).toMatch(/^[GP]$/);
  const rowSum = rows.reduce((sum, row) => sum + cents(row[4]!), 0);
  // The file's own total is the sum of its rows, and both equal the total on the screen.
  expect(cents(total[4]!)).toBe(rowSum);
  expect(rowSum).toBe(figures.screenTotal);
}

/** Opens every section in turn; checks the CSV of each one with rows. Returns the screen totals by title. */
async function checkAllSections(page: Page, titles: string[], counterparty: (i: number) => string) {
  const totals = new Map<string, number>();
  for (const [i, title] of titles.entries()) {
    const region = await openSection(page, title);
    // One section open at a time.
    for (const other of titles.filter((t) => t !== title)) {
      expect(await control(page, other).getAttribute('aria-expanded')).toBe('false');
    }
    const figures = await readSection(region, title);
    if (figures) {
      await checkCsv(page, region, figures, counterparty(i));
      totals.set(title, figures.screenTotal);
    }
  }
  return totals;
}

async function waitForReport(page: Page, firstTitle: string): Promise<void> {
  await control(page, firstTitle).waitFor();
  // The page frame and the tables are aria-busy while a fetch runs.
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
}

describe('point transfer reports in the browser', () => {
  const e2e = useBrowser();

  test('the three transfer reports, with a table open, have no serious or critical accessibility violations', async () => {
    const { page } = e2e;
    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer');
    for (const [path, first] of [
      ['/master/reports/pointtransfer', TITLES[0]!],
      ['/master/reports/multipointtransfer', `Multiplayer ${TITLES[0]}`],
      ['/master/weeklydetailsreport', TITLES[0]!],
    ] as const) {
      await page.goto(`${path}?${FOUR_WEEKS}`);
      await waitForReport(page, first);
      await page.getByRole('table', { name: first, exact: true }).waitFor();
      expect(await seriousAxeFindings(page), path).toEqual([]);
    }
  });

  test('master1 opens Point Transfer, switches sections, and each CSV total matches the screen and its own rows', async () => {
    const { page } = e2e;
    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer');
    await page.goto(`/master/reports/pointtransfer?${FOUR_WEEKS}`);
    await waitForReport(page, TITLES[0]!);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Point Transfer');
    expect(await titlesOf(page)).toEqual(TITLES);
    // The first section starts open.
    expect(await control(page, TITLES[0]!).getAttribute('aria-expanded')).toBe('true');

    const totals = await checkAllSections(page, TITLES, (i) => COUNTERPARTY[i]!);
    expect([...totals.keys()]).toEqual(TITLES);
  });

  test('Member ID filters by counterparty; Back restores the previous filters and figures', async () => {
    const { page } = e2e;
    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer');
    await page.goto(`/master/reports/pointtransfer?${FOUR_WEEKS}`);
    await waitForReport(page, TITLES[0]!);
    const region = section(page, TITLES[0]!);
    const before = (await readSection(region, TITLES[0]!))!;
    const table = region.getByRole('table');
    const member = (await table.locator('tbody tr').first().getByRole('cell').nth(1).textContent())!.trim();

    await page.getByRole('textbox', { name: 'Member ID' }).fill(member);
    await page.getByRole('button', { name: 'Show Details' }).click();
    await page.waitForURL((url) => url.searchParams.get('memberId') === member);
    await waitForReport(page, TITLES[0]!);
    const ids = () => table.locator('tbody tr td:nth-child(2)').allTextContents();
    await expect.poll(async () => [...new Set(await ids())]).toEqual([member]);
    const filtered = (await readSection(region, TITLES[0]!))!;
    expect(filtered.rowCount).toBeLessThanOrEqual(before.rowCount);

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('memberId'));
    await waitForReport(page, TITLES[0]!);
    expect(await page.getByRole('textbox', { name: 'Member ID' }).inputValue()).toBe('');
    expect(
      await page
        .getByLabel(/^From Date/)
        .first()
        .textContent(),
    ).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
    expect(await readSection(region, TITLES[0]!)).toEqual(before);

    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('memberId') === member);
    expect(await page.getByRole('textbox', { name: 'Member ID' }).inputValue()).toBe(member);
  });

  test('Multiplayer Point Transfer shows real multiplayer data in six prefixed sections, CSV totals match', async () => {
    const { page } = e2e;
    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer');
    await page.goto(`/master/reports/multipointtransfer?${FOUR_WEEKS}`);
    const titles = TITLES.map((t) => `Multiplayer ${t}`);
    await waitForReport(page, titles[0]!);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Multiplayer Point Transfer');
    expect(await titlesOf(page)).toEqual(titles);
    const totals = await checkAllSections(page, titles, (i) => COUNTERPARTY[i]!);
    expect([...totals.keys()]).toEqual(titles);
  });

  test('Weekly Details covers both channels: each section total is the Point Transfer plus the Multiplayer total', async () => {
    const { page } = e2e;
    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer');

    const screenTotals = async (path: string, titles: string[]) => {
      await page.goto(`${path}?${FOUR_WEEKS}`);
      await waitForReport(page, titles[0]!);
      const totals: number[] = [];
      for (const title of titles) totals.push((await readSection(await openSection(page, title), title))?.screenTotal ?? 0);
      return totals;
    };
    const single = await screenTotals('/master/reports/pointtransfer', TITLES);
    const multi = await screenTotals(
      '/master/reports/multipointtransfer',
      TITLES.map((t) => `Multiplayer ${t}`),
    );

    // Opened from the menu: the current week by default.
    await page.goto('/master/reports/pointtransfer');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Weekly Details Reports' })
      .click();
    await page.getByRole('menuitem', { name: 'Weekly Details Report' }).click();
    await expectPath(page, '/master/weeklydetailsreport');
    await page.getByRole('heading', { level: 1, name: 'Weekly Details Report' }).waitFor();
    await waitForReport(page, TITLES[0]!);
    expect(await titlesOf(page)).toEqual(TITLES);
    expect(await page.getByRole('textbox', { name: 'Member ID' }).count()).toBe(0);

    const weekly = await screenTotals('/master/weeklydetailsreport', TITLES);
    expect(weekly).toEqual(single.map((s, i) => s + multi[i]!));

    // Three rows a page; the CSV of a section agrees with the screen.
    const region = await openSection(page, TITLES[0]!);
    const figures = (await readSection(region, TITLES[0]!))!;
    expect(await region.locator('tbody tr').count()).toBe(Math.min(3, figures.rowCount));
    await checkCsv(page, region, figures, 'Transferred To/Received From');
  });
});
