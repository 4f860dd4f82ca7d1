import { ROLES, type Role, SCREENS } from '@playrep/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectedMenu } from '../../../server/test/authz/matrix';
import { menuFor } from '../config/navigation';
import { jsonResponse, signedInServer } from '../test/fetch-stub';
import { renderApp, signInAs } from '../test/render-app';
import { PAGE_LOAD } from '../test/report-server';
import { SCREEN_PAGES } from './screen-registry';

/** The page's title; the first page a test opens is a lazy chunk, which takes seconds on a loaded machine. */
const heading = () => screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
const EXPIRED = 'Your session has expired. Please sign in again.';

describe('routes outside the role areas', () => {
  it.each(['/', '/auth', '/auth/other', '/nowhere/at/all', '/reports/pointtransfer'])('%s goes to /auth/login', async (path) => {
    signedInServer();
    const app = renderApp(path);
    await waitFor(() => expect(app.pathname()).toBe('/auth/login'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
  });
});

describe('route guard', () => {
  it('sends a visitor without a session to /auth/login', async () => {
    signedInServer();
    window.sessionStorage.setItem('role', 'master'); // a partial leftover is cleared too
    const app = renderApp('/master/reports/revenue');
    await waitFor(() => expect(app.pathname()).toBe('/auth/login'));
    expect(window.sessionStorage.length).toBe(0);
    expect(screen.queryByText(EXPIRED)).toBeNull();
  });

  it('sends an expired session to /auth/login, clears it and says it expired', async () => {
    signedInServer();
    signInAs('master', -1);
    const app = renderApp('/master/reports/revenue');
    await waitFor(() => expect(app.pathname()).toBe('/auth/login'));
    expect(window.sessionStorage.length).toBe(0);
    expect(await screen.findByText(EXPIRED)).toBeTruthy();
  });

  it.each<[Role, string]>([
    ['master', '/superadmin/reports/revenue'],
    ['player', '/master/reports/pointtransfer'],
    ['superadmin', '/player/reports'],
  ])("sends a %s on another role's path (%s) to its own /{role}/reports", async (role, path) => {
    signedInServer();
    signInAs(role);
    const app = renderApp(path);
    await waitFor(() => expect(app.pathname()).toBe(`/${role}/reports`));
    expect((await heading()).textContent).toBe('Point Transfer');
  });

  it('takes the user to /auth/login with the expired notice when a call gets 401', async () => {
    signedInServer((call) =>
      call.url === '/api/auth/session' ? jsonResponse(401, { message: 'Your session has expired.' }) : undefined,
    );
    signInAs('areamanager');
    const app = renderApp('/areamanager/reports/pointtransfer');
    await waitFor(() => expect(app.pathname()).toBe('/auth/login'));
    expect(await screen.findByText(EXPIRED)).toBeTruthy();
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('routes inside a role area', () => {
  it.each(['/player/pointtransfer', '/player/multipointtransfer'])('redirects %s to /player/reports/...', async (path) => {
    signedInServer();
    signInAs('player');
    const app = renderApp(`${path}?fromDate=2025-03-01`);
    const target = path.replace('/player/', '/player/reports/');
    await waitFor(() => expect(app.pathname()).toBe(target));
    expect(app.router.state.location.search).toBe('?fromDate=2025-03-01');
    const title = SCREENS.find((s) => `/player/${s.path}` === target)?.label;
    expect((await heading()).textContent).toBe(title);
  });

  it.each<[Role, string]>([
    ['master', '/master/unknown'],
    ['master', '/master'],
    ['master', '/master/reports/revenuerecovery'], // a screen the master may not open
    ['player', '/player/reports/revenue'],
    ['areamanager', '/areamanager/drawdetails/funtarget'], // no game code: not a draw details route
  ])('sends a %s from %s to /{role}/reports/pointtransfer', async (role, path) => {
    signedInServer();
    signInAs(role);
    const app = renderApp(path);
    await waitFor(() => expect(app.pathname()).toBe(`/${role}/reports/pointtransfer`));
  });

  it.each(ROLES)('shows the point transfer report at a bare /%s/reports', async (role) => {
    signedInServer();
    signInAs(role);
    const app = renderApp(`/${role}/reports`);
    expect((await heading()).textContent).toBe('Point Transfer');
    expect(app.pathname()).toBe(`/${role}/reports`);
  });

  it('opens every screen of the permission table inside the layout, with its title', async () => {
    signedInServer();
    signInAs('superadmin');
    const app = renderApp('/superadmin/reports/pointtransfer');
    await heading();
    for (const s of SCREENS) {
      await act(() => app.router.navigate(`/superadmin/${s.path}`));
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(s.label));
      expect(app.pathname()).toBe(`/superadmin/${s.path}`);
      expect(screen.getByRole('main')).toBeTruthy();
    }
  }, 90_000); // every screen's page loaded in turn: about 30 on a machine that may be busy
});

describe('screen registry', () => {
  it('has exactly one page for every screen key of the permission table', () => {
    expect(Object.keys(SCREEN_PAGES).sort()).toEqual(SCREENS.map((s) => s.key).sort());
  });
});

describe('role layout', () => {
  it.each(ROLES)('shows the %s exactly its menu from the permission table', async (role) => {
    signedInServer();
    signInAs(role);
    const user = userEvent.setup();
    renderApp(`/${role}/reports/pointtransfer`);
    await heading();
    const nav = within(screen.getByRole('banner')).getByRole('navigation');
    const seen: Record<string, string[]> = {};
    const hrefs: string[] = [];
    for (const target of within(nav).getAllByRole('button')) {
      await user.click(target);
      // The dropdown fades in: wait until its items are visible.
      const items = await waitFor(() => within(screen.getByRole('menu')).getAllByRole('menuitem'));
      seen[target.textContent ?? ''] = items.map((i) => i.textContent ?? '');
      hrefs.push(...items.map((i) => i.getAttribute('href') ?? ''));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    }
    // The menu each role must see, written out by hand beside the authorization matrix.
    const expected = expectedMenu(role);
    expect(seen).toEqual(Object.fromEntries(expected.map(([section, entries]) => [section, entries.map(([label]) => label)])));
    expect(hrefs).toEqual(expected.flatMap(([, entries]) => entries.map(([, path]) => path)));
    expect(hrefs).toEqual(menuFor(role).flatMap((s) => s.items.map((i) => i.path)));
    for (const href of hrefs) expect(href.startsWith(`/${role}/`)).toBe(true);
  });

  it("has the welcome line, the logo link to the role's landing page, a main landmark, a skip link and the footer", async () => {
    signedInServer();
    signInAs('master');
    renderApp('/master/reports/pointtransfer');
    await heading();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Welcome Mira Shah')).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Playrep home' }).getAttribute('href')).toBe('/master/reports/pointtransfer');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main-content');
    expect(within(screen.getByRole('contentinfo')).getByText('All rights reserved, copyright 2014')).toBeTruthy();
  });

  it.each<Role>(['areamanager', 'player'])(
    'takes a signed-in %s from the logo to its own landing page, not the login form',
    async (role) => {
      signedInServer();
      signInAs(role);
      const user = userEvent.setup();
      const app = renderApp(`/${role}/drawdetails/funtarget/MNOQqWWi`);
      expect((await heading()).textContent).toBe('Fun Target');
      await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Playrep home' }));
      await waitFor(() => expect(app.pathname()).toBe(`/${role}/reports/pointtransfer`));
      expect((await heading()).textContent).toBe('Point Transfer');
      expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    },
  );

  it('offers the same menu behind the burger on narrow screens, groups as expandable buttons', async () => {
    signedInServer();
    signInAs('player');
    const user = userEvent.setup();
    const app = renderApp('/player/reports/pointtransfer');
    await heading();
    const panel = document.getElementById('mobile-navigation') as HTMLElement;
    expect(panel.hasAttribute('inert')).toBe(true); // closed: out of the tab order
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(panel.hasAttribute('inert')).toBe(false);

    const groups = within(panel).getAllByRole('button');
    expect(groups.map((g) => g.textContent)).toEqual(menuFor('player').map((s) => s.title));
    const draws = within(panel).getByRole('button', { name: 'Draw Details' });
    expect(draws.getAttribute('aria-expanded')).toBe('false');
    await user.click(draws);
    expect(draws.getAttribute('aria-expanded')).toBe('true');
    await user.click(await within(panel).findByRole('link', { name: 'Fun AB' }));
    await waitFor(() => expect(app.pathname()).toBe('/player/drawdetails/funab/qZicXikM'));
    expect((await heading()).textContent).toBe('Fun AB');
    await waitFor(() => expect(panel.hasAttribute('inert')).toBe(true)); // closes after choosing
  });

  it("keeps the header's dropdown menus out of a phone's page: the burger's panel holds the menu there", async () => {
    const desktopWidth = window.innerWidth;
    window.innerWidth = 390;
    try {
      signedInServer();
      signInAs('superadmin');
      renderApp('/superadmin/reports/pointtransfer');
      await heading();
      expect(within(screen.getByRole('banner')).queryByRole('navigation')).toBeNull();
      expect(screen.getByRole('button', { name: 'Open navigation' })).toBeTruthy();
    } finally {
      window.innerWidth = desktopWidth;
    }
  });

  it('moves to a report chosen from the menu', async () => {
    signedInServer();
    signInAs('master');
    const user = userEvent.setup();
    const app = renderApp('/master/reports/pointtransfer');
    await heading();
    const nav = within(screen.getByRole('banner')).getByRole('navigation');
    await user.click(within(nav).getByRole('button', { name: 'Reports' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Revenue' }));
    await waitFor(() => expect(app.pathname()).toBe('/master/reports/revenue'));
    expect((await heading()).textContent).toBe('Revenue');
  });

  it('logs out: calls the server, clears the local session and shows the login screen', async () => {
    const calls = signedInServer();
    signInAs('player');
    const user = userEvent.setup();
    const app = renderApp('/player/reports/pointtransfer');
    await heading();
    await user.click(screen.getByRole('button', { name: 'LogOut' }));
    await waitFor(() => expect(app.pathname()).toBe('/auth/login'));
    expect(calls.some((c) => c.url === '/api/auth/logout' && c.method === 'POST')).toBe(true);
    expect(window.sessionStorage.length).toBe(0);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByText('Logout failed.')).toBeNull();
  });

  it("still signs out locally when the server call fails, and says 'Logout failed.'", async () => {
    signedInServer((call) => (call.url === '/api/auth/logout' ? jsonResponse(500, { message: 'boom' }) : undefined));
    signInAs('player');
    const user = userEvent.setup();
    const app = renderApp('/player/reports/pointtransfer');
    await heading();
    await user.click(screen.getByRole('button', { name: 'LogOut' }));
    await waitFor(() => expect(app.pathname()).toBe('/auth/login'));
    expect(await screen.findByText('Logout failed.')).toBeTruthy();
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('no routes for a role', () => {
  it("logs 'No routes found for role' for an unknown role", async () => {
    const { routesForRole } = await import('../config/navigation');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(routesForRole('retailer')).toEqual([]);
    expect(log).toHaveBeenCalledWith('No routes found for role', 'retailer');
  });
});
