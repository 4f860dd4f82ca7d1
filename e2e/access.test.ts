import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { expectPath, login, useBrowser } from './harness.js';

// Access on the small demo network (docs/domain.md, "Access"): the generated accounts have no
// password, so sam1's Accounts screen invites them (am1's masters are the README's, with the demo
// password; those of the other area manager under sam1 are generated).

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });
const FIRST = 'Harbour-Lantern-72';
const SECOND = 'Quiet-Meadow-Fox-39';

async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
  await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

describe('access', () => {
  const e2e = useBrowser();

  test('sam1 invites a master without a password; the master sets one, lands on its reports, changes it; a block ends its session; sam1 sees each on the Activity screen', async () => {
    const { page, browser, baseURL } = e2e;
    await login(page, 'sam1');
    await expectPath(page, '/superareamanager/reports/pointtransfer', 20_000);
    await open(page, '/superareamanager/admin/accounts?role=master&state=noPassword', 'Accounts');
    const table = page.getByRole('table', { name: 'Accounts' });
    const firstRow = table.locator('tbody tr').first();
    const username = ((await firstRow.locator('td').first().textContent()) ?? '').trim();
    expect(username).toMatch(/^master\d+$/);
    await expect.poll(() => firstRow.textContent()).toContain('No password yet');
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.getByRole('button', { name: `Issue a sign-in link for ${username}` }).click();
    const shown = page.getByLabel(`Sign-in link for ${username}`, { exact: true });
    await shown.waitFor({ timeout: 20_000 });
    const link = ((await shown.textContent()) ?? '').trim();
    expect(link).toMatch(/\/auth\/welcome#[A-Za-z0-9_-]{43}$/);

    // The master, in a browser of its own.
    const context = await browser.newContext({ baseURL });
    try {
      const master = await context.newPage();
      await master.goto(new URL(link).pathname + new URL(link).hash);
      await master.getByText(`invited by sam1`, { exact: false }).waitFor({ timeout: 20_000 });
      await master.locator('input[autocomplete="new-password"]').first().fill('password1');
      await poll(() => master.locator('#password-strength').textContent()).toMatch(/commonly used password/);
      await master.locator('input[autocomplete="new-password"]').first().fill(FIRST);
      await master.locator('input[autocomplete="new-password"]').nth(1).fill(FIRST);
      await poll(() => master.locator('#password-strength').textContent()).toBe('Strong enough.');
      expect(await seriousAxeFindings(master)).toEqual([]);
      await master.getByRole('button', { name: 'Set password and sign in' }).click();
      await expectPath(master, '/master/reports/pointtransfer', 20_000);

      // Change password on the account page, from the name in the header.
      await master.getByRole('link', { name: /^Welcome / }).click();
      await expectPath(master, '/master/account', 20_000);
      await master.getByRole('heading', { level: 1, name: 'My Account' }).waitFor({ timeout: 20_000 });
      await master.getByLabel('Current password').fill(FIRST);
      await master.locator('input[autocomplete="new-password"]').first().fill(SECOND);
      await master.locator('input[autocomplete="new-password"]').nth(1).fill(SECOND);
      await master.getByRole('button', { name: 'Change password' }).click();
      await master.getByText('Your password has been changed.', { exact: false }).waitFor({ timeout: 20_000 });
      expect(await seriousAxeFindings(master)).toEqual([]);

      // sam1 blocks it: the master's next call ends its session.
      await open(page, `/superareamanager/admin/accounts?q=${username}`, 'Accounts');
      await page.getByRole('button', { name: `Block ${username}` }).click();
      await page.getByText(`${username} is blocked`, { exact: false }).waitFor({ timeout: 20_000 });
      await master.goto('/master/reports/revenue');
      await expectPath(master, '/auth/login', 20_000);
      await login(master, username, SECOND);
      await master.getByText('This account is blocked', { exact: false }).waitFor({ timeout: 20_000 });

      // Unblocked, it signs in with the changed password.
      await page.getByRole('button', { name: `Unblock ${username}` }).click();
      await page.getByText(`${username} is unblocked`, { exact: false }).waitFor({ timeout: 20_000 });
      await master.goto('/auth/login');
      await login(master, username, SECOND);
      await expectPath(master, '/master/reports/pointtransfer', 20_000);

      // sam1's Activity screen has each of these about the master, newest first.
      await open(page, `/superareamanager/admin/activity?subject=${username}`, 'Activity');
      const kinds = await page
        .getByRole('table', { name: 'Activity' })
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent?.trim() ?? ''));
      for (const kind of ['Sign-in link issued', 'Sign-in link used', 'Password changed', 'Blocked', 'Unblocked', 'Signed in']) {
        expect(kinds).toContain(kind);
      }
      expect(kinds.indexOf('Unblocked')).toBeLessThan(kinds.indexOf('Blocked'));
      expect(kinds.indexOf('Blocked')).toBeLessThan(kinds.indexOf('Sign-in link issued'));
    } finally {
      await context.close();
    }
  });

  test('the Accounts screen fits a 390 px phone and forgot password answers the same words', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'am1');
    await expectPath(page, '/areamanager/reports/pointtransfer', 20_000);
    await open(page, '/areamanager/admin/accounts', 'Accounts');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.goto('/auth/forgot');
    await page.getByLabel('Username').fill('no-such-user');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText('If this account has a confirmed email address', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
