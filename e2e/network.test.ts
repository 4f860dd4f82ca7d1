import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { expectPath, login, useBrowser } from './harness.js';
import { bodyRows, headers, showAll } from './report-tables.js';
import { cents, istDay } from './report-values.js';

// The network reports (Daily Status, Agent Details, Agent Status, Non Performing CCS, Balance) as am1 sees them on the small demo network (docs/domain.md, "Demo data"):
// am1 has master1 and master2 below it, and one inactive master.

const BASE = '/areamanager/reports';

async function signInAsAm1(page: Page): Promise<void> {
  await login(page, 'am1');
  await expectPath(page, `${BASE}/pointtransfer`, 20_000);
}

/** Opens a screen and waits for its heading and the end of its first load. */
async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
  await waitForTable(page);
}

/** expect.poll with room for a loaded machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

/** Waits until no table is loading (DataTable marks its box aria-busy while it fetches). */
async function waitForTable(scope: Page | Locator): Promise<void> {
  await scope.locator('table').first().waitFor({ timeout: 20_000 });
  await poll(() => scope.locator('[aria-busy="true"]').count()).toBe(0);
}

interface DailyRow {
  username: string;
  profit: number;
  playedElsewhere: boolean;
}

/**
 * The latest day before today, within four weeks, on which an agent of am1 has members who played
 * in other agents' cafes (not today, so that the test can switch to today and back).
 */
async function dayWithPlays(page: Page): Promise<{ date: string; rows: DailyRow[] }> {
  for (let back = 1; back <= 28; back++) {
    const date = istDay(-back);
    const response = await page.request.get(`/api/playrep/dailystatus?fromDate=${date}&toDate=${date}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: DailyRow[] };
    if (body.data.some((r) => r.profit !== 0) && body.data.some((r) => r.playedElsewhere)) return { date, rows: body.data };
  }
  throw new Error('The demo network has no day with plays and members elsewhere under am1 in the last four weeks');
}

interface AccountRow {
  username: string;
  fullname: string;
  role: string;
  walletBalance: number;
}

/** The balance API's children of `agentId` (default: the signed-in manager's own). */
async function apiChildren(page: Page, agentId?: string): Promise<{ data: AccountRow[] }> {
  const response = await page.request.get(
    agentId ? `/api/playrep/balancechildren?agentId=${agentId}` : '/api/playrep/balancereport',
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as { data: AccountRow[] };
}

/** Agent Status from the API for one day (and one agent). */
async function apiStatus(
  page: Page,
  date: string,
  agentId?: string,
): Promise<{ username: string; fullname: string; profit: number }[]> {
  const agent = agentId ? `&agentId=${agentId}` : '';
  const response = await page.request.get(`/api/playrep/findstatus?fromDate=${date}&toDate=${date}${agent}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { username: string; fullname: string; profit: number }[] }).data;
}

/** Points in hundredths by Agent/Child ID from the rows of a balance table (Sr. No., ID, Name, Points). */
const pointsByUser = (rows: string[][]) => Object.fromEntries(rows.map((r) => [r[1], cents(r[3]!)]));
const walletsByUser = (accounts: AccountRow[]) =>
  Object.fromEntries(accounts.map((a) => [a.username, Math.round(a.walletBalance * 100)]));

describe('network reports as am1', () => {
  const e2e = useBrowser();

  test('am1 opens each network screen: title, subject picker, filters, columns, export links', async () => {
    const { page } = e2e;
    await signInAsAm1(page);
    const screens: [path: string, title: string, columns: string[], table: string][] = [
      ['agentdetails', 'Agent Details', ['Sr. No.', 'Agent ID', 'Agent LOCATION', 'Profit Shere'], 'Agent Details'],
      ['dailystatus', 'Daily Status', ['Sr. No.', 'Location', 'Agent ID', 'Profit'], 'Daily Status'],
      ['nonperfomeragent', 'Non Performing CCS', ['Sr. No.', 'Agent ID', 'Agent Name'], 'Inactive agents'],
      ['agenstatus', 'Agent Status', ['Agent ID', 'Agent Name', 'Profit'], 'Agent Status'],
      ['balancereport', 'Balance Report', ['Sr. No.', 'Agent ID', 'Agent Name', 'Points'], 'Balance Report'],
    ];
    for (const [path, title, columns, tableName] of screens) {
      await open(page, `${BASE}/${path}`, title);
      expect(await page.title()).toBe(`${title} | Playrep Back Office`);
      await poll(() => page.getByRole('combobox', { name: 'Report for' }).count()).toBe(1);
      const table = page.getByRole('table', { name: tableName });
      expect(await headers(table)).toEqual(columns);
      expect(await page.getByRole('link', { name: 'CSV' }).getAttribute('href')).toMatch(/^\/api\/playrep\/\w+(\?|$)/);
      expect(await page.getByRole('link', { name: 'Excel' }).getAttribute('href')).toContain('format=xlsx');
      expect(await seriousAxeFindings(page), title).toEqual([]);
    }
    // Agent Details lists master1 and master2 with their locations.
    await open(page, `${BASE}/agentdetails`, 'Agent Details');
    const agents = (await bodyRows(page.getByRole('table', { name: 'Agent Details' }))).map((r) => r[1]);
    expect(agents).toEqual(expect.arrayContaining(['master1', 'master2']));
  });

  test('daily status for a day with plays: the total equals the sum of the rows; the profit popup opens and closes', async () => {
    const { page } = e2e;
    await signInAsAm1(page);
    const { date, rows: apiRows } = await dayWithPlays(page);
    await open(page, `${BASE}/dailystatus?date=${date}`, 'Daily Status');

    const table = page.getByRole('table', { name: 'Daily Status' });
    await showAll(page);
    const rows = await bodyRows(table);
    expect(rows.length).toBe(apiRows.length);
    expect(rows.some((r) => cents(r[3]!) !== 0)).toBe(true);
    const sum = rows.reduce((total, r) => total + cents(r[3]!), 0);
    const totalRow = (await table.locator('tfoot td').allTextContents()).map((t) => t.trim());
    expect(totalRow[0]).toBe(`Total of ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`);
    expect(cents(totalRow[3]!)).toBe(sum);
    // The same profits as the API gives for that day, agent by agent.
    for (const apiRow of apiRows) {
      const shown = rows.find((r) => r[2] === apiRow.username);
      expect(shown && cents(shown[3]!)).toBe(Math.round(apiRow.profit * 100));
    }
    // Negative profits are red.
    for (const cell of await table.locator('tbody td[data-negative]').all())
      expect(cents((await cell.textContent()) ?? '')).toBeLessThan(0);

    // The popup of an agent whose members played in other agents' cafes that day.
    const agent = apiRows.find((r) => r.playedElsewhere)!;
    await page.getByRole('button', { name: new RegExp(`: show members of ${agent.username} who played`) }).click();
    const dialog = page.getByRole('dialog', {
      name: new RegExp(`Members of ${agent.username} who played in other agents' cafes`),
    });
    await dialog.waitFor();
    const popupTable = dialog.getByRole('table');
    await poll(async () => (await bodyRows(popupTable)).filter((r) => r.length > 1).length).toBeGreaterThan(0);
    expect(await headers(popupTable)).toEqual(['Sr. No.', 'Member ID', 'Member Name', 'Cafe', 'Cafe Agent', 'Points']);
    const members = await bodyRows(popupTable);
    for (const member of members) expect(member[4]).not.toBe(agent.username); // played at another agent's cafe
    await page.waitForTimeout(400); // the modal's fade-in, before axe reads colours
    expect(await seriousAxeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Select Date: Today, Show Details; the day goes into the URL and Back restores the chosen one.
    await page.getByRole('button', { name: /^Select Date/ }).click();
    // The calendar's Today, not the Today menu of the main navigation.
    await page.getByRole('button', { name: 'Today' }).and(page.locator(':not(nav *)')).click();
    await page.getByRole('button', { name: 'Show Details' }).click();
    await poll(() => new URL(page.url()).searchParams.get('date')).toBe(istDay());
    await page.goBack();
    await poll(() => new URL(page.url()).searchParams.get('date')).toBe(date);
  });

  test('non performing CCS shows the agent counts and at least one inactive agent', async () => {
    const { page } = e2e;
    await signInAsAm1(page);
    await open(page, `${BASE}/nonperfomeragent`, 'Non Performing CCS');
    const count = async (name: string) =>
      Number((await page.getByRole('group', { name }).locator('p').nth(1).textContent())?.replace(/,/g, ''));
    await poll(() => count('Inactive agents (cannot sign in)')).toBeGreaterThanOrEqual(1);
    const total = await count('Total agents');
    const inactive = await count('Inactive agents (cannot sign in)');
    expect(total).toBeGreaterThanOrEqual(3); // master1, master2 and the inactive one at least
    expect(inactive).toBeLessThan(total);
    const rows = await bodyRows(page.getByRole('table', { name: 'Inactive agents' }));
    expect(rows.length).toBe(Math.min(3, inactive)); // page size 3
    for (const row of rows) expect(['master1', 'master2']).not.toContain(row[1]);
  });

  test('balance report: am1 -> master1 -> a player (No Data) -> back to master1 -> back to the top, figures as the wallets', async () => {
    const { page } = e2e;
    await signInAsAm1(page);
    await open(page, `${BASE}/balancereport`, 'Balance Report');
    await showAll(page);

    // The table: am1's children with their wallet balances (as the API gives them).
    const top = await apiChildren(page);
    const table = page.getByRole('table', { name: 'Balance Report' });
    expect(pointsByUser(await bodyRows(table))).toEqual(walletsByUser(top.data));
    await page.getByRole('button', { name: /^master1: show child accounts/ }).click();

    // Level 1: master1's players, each with its wallet.
    await page.getByRole('dialog', { name: 'Child accounts of master1' }).waitFor();
    const dialog = page.getByRole('dialog'); // the same dialog stays open while its name follows the level
    const crumbs = dialog.getByRole('navigation', { name: 'Account path' });
    const children = dialog.getByRole('table');
    await poll(async () => (await crumbs.innerText()).trim()).toMatch(/^am1\s*›\s*master1$/);
    await waitForTable(dialog);
    await showAll(dialog);
    expect(await headers(children)).toEqual(['Sr. No.', 'Child ID', 'Agent Name', 'Points']);
    const master1 = await apiChildren(page, 'master1');
    expect(master1.data.length).toBeGreaterThan(0);
    expect(master1.data.every((child) => child.role === 'player')).toBe(true);
    const players = await bodyRows(children);
    expect(pointsByUser(players)).toEqual(walletsByUser(master1.data));
    // The total row adds up the level.
    const total = (await children.locator('tfoot td').allTextContents()).map((t) => t.trim());
    expect(cents(total[3]!)).toBe(master1.data.reduce((sum, child) => sum + Math.round(child.walletBalance * 100), 0));
    await page.waitForTimeout(400);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // Level 2: a player has no child accounts: 'No Data', and the path down to it.
    const player = players[0]![1]!;
    await dialog.getByRole('button', { name: `${player}: show its child accounts` }).click();
    await page.getByRole('dialog', { name: `Child accounts of ${player}` }).waitFor();
    await dialog.getByText('No Data', { exact: true }).waitFor();
    expect(await dialog.getByRole('table').count()).toBe(0);
    expect((await crumbs.innerText()).trim()).toMatch(new RegExp(`^am1\\s*›\\s*master1\\s*›\\s*${player}$`));
    expect((await apiChildren(page, player)).data).toEqual([]);

    // Back to master1 through the breadcrumb: the same players and points.
    await crumbs.getByRole('button', { name: 'master1' }).click();
    await page.getByRole('dialog', { name: 'Child accounts of master1' }).waitFor();
    await waitForTable(dialog);
    await showAll(dialog); // a new table after 'No Data': pages of 3 again
    await poll(async () => pointsByUser(await bodyRows(children))).toEqual(walletsByUser(master1.data));

    // Back to the top: am1's children, as in the table.
    await crumbs.getByRole('button', { name: 'am1' }).click();
    await page.getByRole('dialog', { name: 'Child accounts of am1' }).waitFor();
    await waitForTable(dialog);
    await showAll(dialog);
    await poll(async () => pointsByUser(await bodyRows(children))).toEqual(walletsByUser(top.data));
    expect((await crumbs.innerText()).trim()).toBe('am1');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  test('balance report: Agent ID and Search find one account by its exact username', async () => {
    const { page } = e2e;
    await signInAsAm1(page);
    await open(page, `${BASE}/balancereport`, 'Balance Report');
    const table = page.getByRole('table', { name: 'Balance Report' });
    const master2 = (await apiChildren(page)).data.find((child) => child.username === 'master2')!;

    await page.getByLabel('Agent ID', { exact: true }).fill('master2');
    await page.getByRole('button', { name: 'Search' }).click();
    await poll(() => new URL(page.url()).searchParams.get('agentId')).toBe('master2');
    await waitForTable(page);
    await poll(async () => (await bodyRows(table)).map((r) => r[1])).toEqual(['master2']);
    expect(pointsByUser(await bodyRows(table))).toEqual(walletsByUser([master2]));

    // A part of a username is not a match: the server's message, no rows of another account.
    await page.getByLabel('Agent ID', { exact: true }).fill('master');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('alert').filter({ hasText: 'No such account' }).first().waitFor();

    // Empty again: every child of am1.
    await page.getByLabel('Agent ID', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await waitForTable(page);
    await showAll(page);
    await poll(async () => (await bodyRows(table)).map((r) => r[1])).toEqual(expect.arrayContaining(['master1', 'master2']));
  });

  test('agent status: Agent ID and Show Details give one agent, its profit as the API gives it', async () => {
    const { page } = e2e;
    await signInAsAm1(page);
    const { date } = await dayWithPlays(page);
    await open(page, `${BASE}/agenstatus?date=${date}`, 'Agent Status');
    const table = page.getByRole('table', { name: 'Agent Status' });
    await showAll(page);
    // Every master of am1 that day, as Daily Status lists them.
    const all = await apiStatus(page, date);
    await poll(async () => (await bodyRows(table)).map((r) => r[0]).sort()).toEqual(all.map((r) => r.username).sort());

    await page.getByLabel('Agent ID', { exact: true }).fill('master1');
    await page.getByRole('button', { name: 'Show Details' }).click();
    await poll(() => new URL(page.url()).searchParams.get('agentId')).toBe('master1');
    await waitForTable(page);
    await poll(async () => (await bodyRows(table)).map((r) => r[0])).toEqual(['master1']);
    const [row] = await bodyRows(table);
    const [one] = await apiStatus(page, date, 'master1');
    expect(row![1]).toBe(one!.fullname);
    expect(cents(row![2]!)).toBe(Math.round(one!.profit * 100));
    // The same profit as master1's row over all agents.
    expect(one!.profit).toBe(all.find((r) => r.username === 'master1')!.profit);
  });

  test('the subject picker switches a report to master1 and back', async () => {
    const { page } = e2e;
    await signInAsAm1(page);
    await open(page, `${BASE}/balancereport`, 'Balance Report');
    const table = page.getByRole('table', { name: 'Balance Report' });
    const ids = async () => (await bodyRows(table)).map((r) => r[1]);
    await showAll(page);
    await poll(ids).toEqual(expect.arrayContaining(['master1', 'master2']));

    const picker = page.getByRole('combobox', { name: 'Report for' });
    // A member cannot be the subject of a network report: the picker offers only its member page.
    await picker.fill('player1');
    await page.getByText('Member pages').waitFor();
    const offered = page.getByRole('listbox', { name: 'Accounts' }).getByRole('option');
    // player1 first (the exact username), then player10 and the like: every one a member page.
    const texts = await offered.allTextContents();
    expect(texts[0]).toMatch(/^player1\D.*member page$/);
    expect(texts.every((t) => /^player1.*member page$/.test(t))).toBe(true);
    await picker.fill('master1');
    const option = page.getByRole('option', { name: /^master1/ });
    await option.waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await option.click();
    await poll(() => new URL(page.url()).searchParams.get('subject')).toBe('master1');
    expect(new URL(page.url()).searchParams.get('id')).toMatch(/^[0-9a-f-]{36}$/);
    // master1's children are its players.
    await poll(async () => (await ids()).every((id) => id?.startsWith('player'))).toBe(true);
    expect(await picker.inputValue()).toBe('master1');
    expect(await page.getByRole('link', { name: 'CSV' }).getAttribute('href')).toContain('id=');

    // Back returns to am1's own report; Forward to master1's; the clear control back to Myself.
    await page.goBack();
    await poll(ids).toEqual(expect.arrayContaining(['master1', 'master2']));
    expect(await picker.inputValue()).toBe('');
    await page.goForward();
    await poll(async () => (await ids()).every((id) => id?.startsWith('player'))).toBe(true);
    await page.getByRole('button', { name: 'Clear: back to Myself' }).click();
    await poll(ids).toEqual(expect.arrayContaining(['master1', 'master2']));
    expect(new URL(page.url()).searchParams.has('id')).toBe(false);
  });
});
