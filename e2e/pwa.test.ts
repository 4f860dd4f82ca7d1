import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectPath, login, useBrowser } from './harness.js';

// The installable app on a phone (docs/deploy.md, "Installing the app"): its manifest and icons, the
// service worker that keeps the app's files, and the last figures of a report shown offline for
// the account that opened it, and for no other.

const PHONE = { width: 390, height: 844 };

/** expect.poll with room for a loaded machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });

const OFFLINE_NOTICE = /^You are offline: figures as of \d{2}-[A-Z][a-z]{2}-\d{4}, \d{1,2}:\d{2} [ap]m$/;
const NEEDS_CONNECTION = 'This needs a connection.';
const STATEMENT = '/master/mailreports/agentmaildetails';

interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  theme_color?: string;
  icons?: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** A phone's browser: 390 px wide, touch, a mobile Chromium. */
function phoneContext(browser: import('playwright-core').Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
}

/** Whether a service worker controls the page now. */
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** Waits for the service worker to be active (the app's files kept), then reloads until it controls the page. */
async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await controlled(page))) await page.reload();
  await poll(() => controlled(page)).toBe(true);
}

/** How many report answers the device keeps (the app's IndexedDB store). */
function keptAnswers(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('playrep-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('answers')) {
            db.close();
            return resolve(0);
          }
          const count = db.transaction('answers').objectStore('answers').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

async function openStatement(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: 'Agent Mail Details' }).waitFor({ timeout: 30_000 });
  await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

const weekHeading = (page: Page) =>
  page.getByRole('heading', { level: 2, name: /^From \d\d-[A-Z][a-z]{2}-\d{4} to \d\d-[A-Z][a-z]{2}-\d{4}$/ });

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'LogOut' }).click();
  await expectPath(page, '/auth/login', 20_000);
}

describe('the installable app on a phone', () => {
  const e2e = useBrowser();

  test('serves a valid manifest whose icons load, and its service worker controls the page after a reload', async () => {
    const context = await phoneContext(e2e.browser, e2e.baseURL);
    try {
      const page = await context.newPage();
      await page.goto('/auth/login');
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBeTruthy();
      const answer = await context.request.get(href!);
      expect(answer.status()).toBe(200);
      const manifest = (await answer.json()) as Manifest;
      expect(manifest.name).toBe('Playrep Back Office');
      expect(manifest.short_name).toBe('Playrep');
      expect(manifest.display).toBe('standalone');
      expect(manifest.start_url).toBe('/');
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
      const icons = manifest.icons ?? [];
      expect(icons.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512', '512x512']);
      expect(icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);
      for (const icon of icons) {
        const image = await context.request.get(icon.src);
        expect(image.status(), icon.src).toBe(200);
        expect(image.headers()['content-type'], icon.src).toBe('image/png');
        const body = await image.body();
        // A PNG whose header gives the size the manifest says.
        expect(body.subarray(1, 4).toString('latin1'), icon.src).toBe('PNG');
        expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      }

      expect(await controlled(page)).toBe(false);
      await underServiceWorker(page);
      await page.getByRole('button', { name: 'Login' }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('offline, a report opened before shows its last figures with their time; no other account sees them; sign-out clears them', async () => {
    const context = await phoneContext(e2e.browser, e2e.baseURL);
    try {
      const page = await context.newPage();
      await page.goto('/auth/login');
      await underServiceWorker(page);
      await login(page, 'master1');
      await expectPath(page, '/master/reports/pointtransfer', 20_000);
      await openStatement(page, STATEMENT);
      const week = ((await weekHeading(page).textContent()) ?? '').trim();
      expect(week).not.toBe('');
      expect(await page.getByText(/^Statement of master1, commission/).count()).toBe(1);
      await poll(() => keptAnswers(page)).toBeGreaterThan(0);
      expect(await page.getByText(OFFLINE_NOTICE).count()).toBe(0);

      // Offline, the reload comes from the service worker and the statement from the device.
      await context.setOffline(true);
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
      });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Agent Mail Details' }).waitFor({ timeout: 30_000 });
      await page.getByText(OFFLINE_NOTICE).waitFor({ timeout: 30_000 });
      expect(((await weekHeading(page).textContent()) ?? '').trim()).toBe(week);
      expect(await page.getByText(/^Statement of master1, commission/).count()).toBe(1);
      expect(await page.getByText(`Download: ${NEEDS_CONNECTION}`).count()).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: 'PDF' }).count()).toBe(0);
      expect(apiCalls).toEqual([]);

      // Back online: sign out, then am1 signs in on the same phone and sees nothing of master1's offline.
      await context.setOffline(false);
      await signOut(page);
      await poll(() => keptAnswers(page)).toBe(0);
      await login(page, 'am1');
      await expectPath(page, '/areamanager/reports/pointtransfer', 20_000);
      await context.setOffline(true);
      await page.goto(STATEMENT.replace('/master/', '/areamanager/'));
      await page.getByRole('heading', { level: 1, name: 'Agent Mail Details' }).waitFor({ timeout: 30_000 });
      await page.getByText(NEEDS_CONNECTION, { exact: false }).first().waitFor({ timeout: 30_000 });
      expect(await page.getByText(OFFLINE_NOTICE).count()).toBe(0);
      expect(await page.getByText('master1').count()).toBe(0);

      // am1's own statement is kept once it is opened online, and signing out clears it.
      await context.setOffline(false);
      await openStatement(page, STATEMENT.replace('/master/', '/areamanager/'));
      await poll(() => keptAnswers(page)).toBeGreaterThan(0);
      await signOut(page);
      await poll(() => keptAnswers(page)).toBe(0);

      // Offline, a tab with no account gets the sign-in page (from the service worker), as online.
      await context.setOffline(true);
      await page.goto(STATEMENT);
      await expectPath(page, '/auth/login', 20_000);
      await page.getByRole('button', { name: 'Login' }).waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });
});
