import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { expectPath, login, useBrowser } from './harness.js';
import { bodyRows, headers, showAll } from './report-tables.js';
import { cents } from './report-values.js';

// The member page (docs/screens.md, Member), reached the way a manager gets there: from a
// player's username in a report. Its week equals the member's row in the Agent Mail it came from.

/** expect.poll with room for a loaded machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });

async function settled(scope: Page | Locator): Promise<void> {
  await poll(() => scope.locator('[aria-busy="true"]').count()).toBe(0);
}

/** The value of a labelled figure (dt/dd) inside a named group. */
async function figure(scope: Page | Locator, group: string, label: string): Promise<string> {
  const dd = scope
    .getByRole('group', { name: group })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
  return ((await dd.textContent()) ?? '').trim();
}

const MEMBERS_CAPTION = 'Your Members Played in Other Agents CyberCafe';

describe('the member page', () => {
  const e2e = useBrowser();

  test('am1: Manager Mail → master1’s Agent Mail → a member: its figures, its week equal to its Agent Mail row', async () => {
    const { page } = e2e;
    await login(page, 'am1');
    await expectPath(page, '/areamanager/reports/pointtransfer', 20_000);

    // Manager Mail (the last finished week), then master1's Agent Mail of that week.
    await page.goto('/areamanager/mailreports/managermaildetails');
    const grid = page.getByRole('table', { name: 'Manager Mail Details' });
    await grid.waitFor({ timeout: 20_000 });
    await settled(page);
    await grid.getByRole('link', { name: 'master1: Agent Mail statement of the week' }).click();
    await expectPath(page, '/areamanager/mailreports/agentmaildetails');
    await page.getByText(/^Statement of master1, commission/).waitFor({ timeout: 20_000 });
    await settled(page);
    const from = new URL(page.url()).searchParams.get('fromDate')!;
    const members = page.getByRole('table', { name: MEMBERS_CAPTION }).first();
    await showAll(page);
    const rows = await bodyRows(members);
    expect(rows.length).toBeGreaterThan(0);
    const columns = await headers(members);
    const profitColumn = columns.indexOf('Points Used By The Member');
    const first = rows[0]!;
    const username = first[columns.indexOf('Member Id')]!.replace(/\s*Other cafes$/i, '');
    const mailProfit = cents(first[profitColumn]!);

    // Its username is a link to its member page.
    await members.getByRole('link', { name: username, exact: true }).first().click();
    await expectPath(page, '/areamanager/reports/member');
    expect(new URL(page.url()).searchParams.get('username')).toBe(username);
    await page.getByRole('heading', { level: 1, name: 'Member' }).waitFor({ timeout: 20_000 });
    await page.getByRole('table', { name: 'Profit by week' }).waitFor({ timeout: 20_000 });
    await settled(page);

    expect(await figure(page, 'Member', 'Member ID')).toBe(username);
    expect(await figure(page, 'Member', 'Agent')).toMatch(/^master1 \(/);
    expect(await figure(page, 'Member', 'Balance')).toMatch(/^-?[\d,]+\.\d\d$/);

    // Twelve weeks; the Agent Mail week's Profit is the member's row there, and the sum of its games.
    const weeks = page.getByRole('table', { name: 'Profit by week' });
    expect(await headers(weeks)).toEqual([
      'From Date',
      'To Date',
      'Fun Target',
      'Fun Roullet',
      'Triple Fun',
      'Fun AB',
      'Profit',
      'Poker Rake',
    ]);
    const weekRows = await bodyRows(weeks);
    expect(weekRows).toHaveLength(12);
    expect(weekRows[0]![0]).toMatch(/\(open\)$/);
    const [y, m, d] = from.split('-');
    const month = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))).toLocaleString('en-GB', {
      month: 'short',
      timeZone: 'UTC',
    });
    const week = weekRows.find((r) => r[0]!.startsWith(`${d}-${month}-${y}`))!;
    expect(week, `a row for the week of ${from}`).toBeDefined();
    expect(cents(week[6]!)).toBe(mailProfit);
    expect(cents(week[6]!)).toBe([2, 3, 4, 5].reduce((s, i) => s + cents(week[i]!), 0));

    // Its plays and its transfers, paged on the server.
    await page.getByRole('table', { name: 'Plays' }).waitFor();
    await page.getByRole('table', { name: 'Transfers' }).waitFor();
    await expect.poll(() => page.getByLabel('Plays over the range').textContent()).toMatch(/^(1 play|[\d,]+ plays) from /);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  test('master1: a username it may not see is No such account', async () => {
    const { page } = e2e;
    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer', 20_000);
    await page.goto('/master/reports/member?username=player2');
    await page.getByRole('heading', { level: 1, name: 'Member' }).waitFor({ timeout: 20_000 });
    await page.getByRole('alert').filter({ hasText: 'No such account' }).waitFor({ timeout: 20_000 });
  });
});
