import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { expectPath, login, useBrowser } from './harness.js';

// The expected menus, written out from docs/domain.md, "Who sees what" and docs/screens.md (the menu
// labels, and the player's links under /player/reports/...). Deliberately not derived from
// the permission table in packages/contracts: this is the independent check of that table.
type Menu = [group: string, items: [label: string, path: string][]][];

const drawDetails = (role: string): Menu[number] => [
  'Draw Details',
  [
    ['Fun Target', `/${role}/drawdetails/funtarget/MNOQqWWi`],
    ['Fun Roullet', `/${role}/drawdetails/funroullet/vwRORrGO`],
    ['Triple Fun', `/${role}/drawdetails/triplefun/zuuhVbBM`],
    ['Fun AB', `/${role}/drawdetails/funab/qZicXikM`],
  ],
];

/** Today: a menu of its own, first, for every role with accounts below it (docs/screens.md, Today). */
const todayMenu = (role: string): Menu[number] => ['Today', [['Today', `/${role}/today`]]];

const managerMenu = (role: string): Menu => [
  todayMenu(role),
  [
    'Reports',
    [
      ['Revenue', `/${role}/reports/revenue`],
      ['Poker Revenue', `/${role}/reports/pokerrevenue`],
      ['Point Transfer', `/${role}/reports/pointtransfer`],
      ['Multiplayer Point Transfer', `/${role}/reports/multipointtransfer`],
      ['Daily Status', `/${role}/reports/dailystatus`],
      ['Agent Details', `/${role}/reports/agentdetails`],
      ['Revenue Recovery', `/${role}/reports/revenuerecovery`],
      ['Computer Loan', `/${role}/reports/computerloan`],
      ['Multiple Cybers', `/${role}/reports/multiplecybers`],
      ['Non Performing CCS', `/${role}/reports/nonperfomeragent`],
      ['Agent Status', `/${role}/reports/agenstatus`],
      ['Balance Report', `/${role}/reports/balancereport`],
      ['Cafe Profit', `/${role}/reports/cafeprofit`],
      ['Trends', `/${role}/reports/trends`],
    ],
  ],
  drawDetails(role),
  [
    'Mail Report',
    [
      ['Agent Mail Details', `/${role}/mailreports/agentmaildetails`],
      ['Manager Mail Details', `/${role}/mailreports/managermaildetails`],
    ],
  ],
  ['Weekly Details Reports', [['Weekly Details Report', `/${role}/weeklydetailsreport`]]],
  ...(role === 'superadmin' ? [] : [administration(role)]),
];

/** Every role's Activity screen, under Administration (docs/screens.md, Activity). */
const activityEntry = (role: string): [string, string] => ['Activity', `/${role}/admin/activity`];
/** Accounts: every role with accounts below it (docs/domain.md, "Access"); the player has none. */
const accountsEntry = (role: string): [string, string] => ['Accounts', `/${role}/admin/accounts`];
const administration = (role: string): Menu[number] => [
  'Administration',
  role === 'player' ? [activityEntry(role)] : [accountsEntry(role), activityEntry(role)],
];

/** The superadmin's menu: the managers' and the Accounts, Mail, Activity and Platform screens under Administration (docs/screens.md). */
const superadminMenu: Menu = [
  ...managerMenu('superadmin'),
  [
    'Administration',
    [
      accountsEntry('superadmin'),
      ['Mail', '/superadmin/admin/mail'],
      activityEntry('superadmin'),
      ['Platform', '/superadmin/admin/platform'],
    ],
  ],
];

const masterMenu: Menu = [
  todayMenu('master'),
  [
    'Reports',
    [
      ['Revenue', '/master/reports/revenue'],
      ['Poker Revenue', '/master/reports/pokerrevenue'],
      ['Point Transfer', '/master/reports/pointtransfer'],
      ['Multiplayer Point Transfer', '/master/reports/multipointtransfer'],
      ['Daily Status', '/master/reports/dailystatus'],
      ['Agent Details', '/master/reports/agentdetails'],
      ['Cafe Profit', '/master/reports/cafeprofit'],
      ['Trends', '/master/reports/trends'],
    ],
  ],
  drawDetails('master'),
  ['Mail Report', [['Agent Mail Details', '/master/mailreports/agentmaildetails']]],
  ['Weekly Details Reports', [['Weekly Details Report', '/master/weeklydetailsreport']]],
  administration('master'),
];

const playerMenu: Menu = [
  [
    'Reports',
    [
      ['Point Transfer', '/player/reports/pointtransfer'],
      // The player's menu (docs/screens.md, Screens at a glance): "Point Transfer and Multipoint Transfer".
      ['Multipoint Transfer', '/player/reports/multipointtransfer'],
    ],
  ],
  drawDetails('player'),
  administration('player'),
];

const ACCOUNTS: { username: string; role: string; menu: Menu; elsewhere: string }[] = [
  { username: 'superadmin', role: 'superadmin', menu: superadminMenu, elsewhere: '/player/reports/pointtransfer' },
  { username: 'admin1', role: 'admin', menu: managerMenu('admin'), elsewhere: '/superadmin/reports/revenue' },
  {
    username: 'sam1',
    role: 'superareamanager',
    menu: managerMenu('superareamanager'),
    elsewhere: '/admin/reports/balancereport',
  },
  { username: 'am1', role: 'areamanager', menu: managerMenu('areamanager'), elsewhere: '/master/reports/revenue' },
  { username: 'master1', role: 'master', menu: masterMenu, elsewhere: '/areamanager/reports/computerloan' },
  { username: 'player1', role: 'player', menu: playerMenu, elsewhere: '/master/reports/pointtransfer' },
];

/** The menu as a person sees it: each group of the main navigation opened in turn, its entries read. */
async function readMenu(page: Page): Promise<Menu> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button').first().waitFor();
  const groups = (await nav.getByRole('button').allTextContents()).map((t) => t.trim());
  const menu: Menu = [];
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

      expect(await readMenu(page)).toEqual(account.menu);

      // Another role's area sends it back to its own reports.
      await page.goto(account.elsewhere);
      await expectPath(page, `/${account.role}/reports`);
      // The logo leads to the role's own landing page, still signed in (not to the login form).
      await page.getByRole('link', { name: 'Playrep home' }).click();
      await expectPath(page, `/${account.role}/reports/pointtransfer`);

      const token = (await context.cookies()).find((c) => c.name === 'session-token')?.value;
      expect(token, 'the session cookie after sign-in').toBeTruthy();
      expect(await sessionStatus(e2e.baseURL, token!)).toEqual({ bearer: 200, cookie: 200 });

      await page.getByRole('button', { name: 'LogOut' }).click();
      await expectPath(page, '/auth/login');
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
