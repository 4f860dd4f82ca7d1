import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { signInAs } from '../test/render-app';
import { boot } from './boot';

const am1 = { _id: 'u-am1', username: 'am1', firstName: 'Arun', lastName: 'Mehta', role: 'areamanager' };

let root: Root | undefined;
let container: HTMLElement | undefined;

function start(path: string): void {
  window.history.replaceState(null, '', path);
  container = document.body.appendChild(document.createElement('div'));
  act(() => {
    root = boot(container!);
  });
}

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  window.history.replaceState(null, '', '/');
});

function server() {
  return stubFetch((call) => {
    if (call.url === '/api/auth/login') {
      return jsonResponse(200, {
        token: 't',
        user: am1,
        roles: ['areamanager'],
        expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      });
    }
    if (call.url === '/api/auth/session') return jsonResponse(200, { ok: true });
    return jsonResponse(404, { message: 'Not found' });
  });
}

describe('boot', () => {
  it.each(['/', '/nowhere', '/auth/login'])('shows the sign-in page at %s, at /auth/login, without the app', async (path) => {
    server();
    start(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(window.location.pathname).toBe('/auth/login');
    // The app (router, layout) is not there: no navigation, no footer.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByText('All rights reserved, copyright 2014')).toBeNull();
  });

  it('hands over to the app at the landing page a second after signing in', async () => {
    const calls = server();
    start('/auth/login');
    fireEvent.change(await screen.findByLabelText(/^User Name/), { target: { value: 'am1' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.change(screen.getByLabelText(/^Captcha/), { target: { value: screen.getByTestId('captcha-code').textContent } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login successful!')).toBeTruthy();
    expect(await screen.findByText('Welcome Arun Mehta', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/areamanager/reports/pointtransfer');
    expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(1);
  });

  it('starts the app at once on a role path, with the loading frame and the screen title meanwhile', async () => {
    server();
    signInAs('master');
    start('/master/reports/pointtransfer');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.getByText('Point Transfer')).toBeTruthy();
    expect(await screen.findByText('Welcome Mira Shah', undefined, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/master/reports/pointtransfer'));
  });

  it('shows the page of a role path together with its layout, with no loading page between', async () => {
    server();
    signInAs('master');
    start('/master/reports/pointtransfer');
    expect(await screen.findByText('Welcome Mira Shah', undefined, { timeout: 15_000 })).toBeTruthy();
    // The page came with the app: it shows in the layout's first paint, its report already asked.
    expect(screen.queryByRole('status', { name: 'Loading page' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Point Transfer' })).toBeTruthy();
  });

  it.each([
    ['/areamanager/reports/dailystatus', 'Daily Status'],
    ['/areamanager/reports', 'Point Transfer'],
  ])('names the screen being opened at %s while the app loads', async (path, title) => {
    server();
    signInAs('areamanager');
    start(path);
    expect(screen.getByText(title)).toBeTruthy();
    // The page's own heading comes with the page.
    expect(screen.queryByRole('heading')).toBeNull();
    expect(await screen.findByText(/^Welcome /, undefined, { timeout: 15_000 })).toBeTruthy();
  });

  it('names no screen while loading a draw page, whose title is its game', async () => {
    server();
    signInAs('areamanager');
    start('/areamanager/drawdetails/funtarget');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(container?.textContent).not.toMatch(/Fun Target/);
    expect(await screen.findByText(/^Welcome /, undefined, { timeout: 15_000 })).toBeTruthy();
  });

  it('lets the app send a visitor without a session from a role path to the sign-in page', async () => {
    server();
    start('/master/reports/revenue');
    await waitFor(() => expect(window.location.pathname).toBe('/auth/login'), { timeout: 15_000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
  });
});
