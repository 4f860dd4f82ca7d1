import type { Role } from '@playrep/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { type ExpectedMenu, expectedMenu } from '../apps/server/test/authz/matrix.js';
import { seriousAxeFindings } from './accessibility.js';
import { expectPath, login, useBrowser } from './harness.js';

// Each role's menu is expected as written out by hand beside the authorization matrix (the
// independent check of the permission table in packages/contracts): expectedMenu(role).
const ACCOUNTS: { username: string; role: Role; elsewhere: string }[] = [
  { username: 'superadmin', role: 'superadmin', elsewhere: '/player/reports/pointtransfer' },
  { username: 'admin1', role: 'admin', elsewhere: '/superadmin/reports/revenue' },
  { username: 'sam1', role: 'superareamanager', elsewhere: '/admin/reports/balancereport' },
  { username: 'am1', role: 'areamanager', elsewhere: '/master/reports/revenue' },
  { username: 'master1', role: 'master', elsewhere: '/areamanager/reports/computerloan' },
  { username: 'player1', role: 'player', elsewhere: '/master/reports/pointtransfer' },
];

/** The menu as a person sees it: each group of the main navigation opened in turn, its entries read. */
async function readMenu(page: Page): Promise<ExpectedMenu> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button').first().waitFor();
  const groups = (await nav.getByRole('button').allTextContents()).map((t) => t.trim());
  const menu: ExpectedMenu = [];
  for (const group of groups) {
    await nav.getByRole('button', { name: group, exact: true }).click();
    const dropdown = page.getByRole('menu');
    await dropdown.waitFor();
    const entries = dropdown.getByRole('menuitem');
    const items: [string, string][] = [];
    for (const entry of await entries.all()) {
      const href = (await entry.getAttribute('href')) ?? '(no link)';
      items.push([(await entry.textContent())?.trim() ?? '', new URL(href, page.url()).pathname]);
    }
    menu.push([group, items]);
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'detached' });
  }
  return menu;
}

async function sessionStatus(baseURL: string, token: string): Promise<{ bearer: number; cookie: number }> {
  const bearer = await fetch(`${baseURL}/api/auth/session`, { headers: { authorization: `Bearer ${token}` } });
  const cookie = await fetch(`${baseURL}/api/auth/session`, { headers: { cookie: `session-token=${token}` } });
  return { bearer: bearer.status, cookie: cookie.status };
}

describe('sign-in, role areas and sign-out in the browser', () => {
  const e2e = useBrowser();

  for (const account of ACCOUNTS) {
    test(`${account.username} signs in, sees exactly the ${account.role} menu, is kept in its own area and signs out`, async () => {
      const { page, context } = e2e;
      await page.goto('/auth/login');
      await login(page, account.username);
      await expectPath(page, `/${account.role}/reports/pointtransfer`);

      expect(await readMenu(page)).toEqual(expectedMenu(account.role));

      // Another role's area sends it back to its own reports.
      await page.goto(account.elsewhere);
      await expectPath(page, `/${account.role}/reports`);
      // The logo leads to the role's own landing page, still signed in (not to the login form).
      await page.getByRole('link', { name: 'Playrep home' }).click();
      await expectPath(page, `/${account.role}/reports/pointtransfer`);

      const token = (await context.cookies()).find((c) => c.name === 'session-token')?.value;
      expect(token, 'the session cookie after sign-in').toBeTruthy();
      expect(await sessionStatus(e2e.baseURL, token!)).toEqual({ bearer: 200, cookie: 200 });

      // The app goes to the login page at once, while its sign-out call is still on its way.
      const signedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/logout');
      await page.getByRole('button', { name: 'LogOut' }).click();
      await expectPath(page, '/auth/login');
      expect((await signedOut).status()).toBe(200);
      // The old session is revoked on the server, whichever way it is presented.
      expect(await sessionStatus(e2e.baseURL, token!)).toEqual({ bearer: 401, cookie: 401 });
      expect((await context.cookies()).find((c) => c.name === 'session-token')).toBeUndefined();
    });
  }

  test('a wrong password shows the server message and stays on the login page', async () => {
    const { page } = e2e;
    await page.goto('/auth/login');
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login');
    await login(page, 'master1', 'not-the-password');
    const response = await answer;
    expect(response.status()).toBe(401);
    const { message } = (await response.json()) as { message: string };
    expect(message).toBeTruthy();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(message);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });

  test('the login page and a report page have no serious or critical accessibility violations', async () => {
    const { page } = e2e;
    await page.goto('/auth/login');
    await page.getByTestId('captcha-code').waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);

    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer');
    await page.getByRole('main').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
