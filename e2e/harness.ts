import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { launchChromium } from './browser.js';
import type { E2EServer } from './global-setup.js';
import { ARTIFACTS_DIR } from './server-process.js';

/** The password of every fixed demo account (docs/domain.md, "Demo data"). */
export const DEMO_PASSWORD = 'Demo@1234';

export interface E2E {
  /** Origin of this file's server (thisFileServer), e.g. http://127.0.0.1:41234. */
  readonly baseURL: string;
  readonly browser: Browser;
  /** A fresh context (no cookies, no storage) for the running test. */
  readonly context: BrowserContext;
  /** A page in that context; `page.goto('/auth/login')` resolves against baseURL. */
  readonly page: Page;
}

/**
 * The server of the running file: the one of its test worker (global-setup.ts), which no other
 * file uses while this one runs.
 */
export function thisFileServer(): E2EServer {
  const servers = inject('e2eServers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[worker - 1];
  if (!server) throw new Error(`e2e: no server for test worker ${worker} (${servers.length} started)`);
  return server;
}

/**
 * Call once at the top of an e2e test file. One chromium per file; every test gets its own
 * `browser.newContext()` + `context.newPage()`, closed afterwards, with a screenshot of the page
 * under e2e/artifacts when the test failed. The server is this file's (thisFileServer).
 */
export function useBrowser(): E2E {
  const { baseURL } = thisFileServer();
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser!.newContext({ baseURL });
    page = await context.newPage();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && page && !page.isClosed()) {
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const file = path.join(ARTIFACTS_DIR, `${slug(`${task.file.name}-${task.name}`)}.png`);
      await page.screenshot({ path: file, fullPage: true }).then(
        () => console.error(`e2e: screenshot of the failed test saved to ${path.relative(process.cwd(), file)}`),
        (err: unknown) => console.error(`e2e: could not save a screenshot: ${String(err)}`),
      );
    }
    await context?.close();
    context = undefined;
    page = undefined;
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`e2e: no ${what} outside a test (use it inside test(), not at file level)`);
    return value;
  };
  return {
    baseURL,
    get browser() {
      return need(browser, 'browser');
    },
    get context() {
      return need(context, 'browser context');
    },
    get page() {
      return need(page, 'page');
    },
  };
}

function slug(text: string): string {
  return text
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
}

/**
 * Signs in through the login form like a person would: user name, password, and the captcha
 * typed from the six-digit number the page shows. Returns once the form has been submitted; the
 * caller checks where it lands (expectPath) or what message shows.
 */
export async function login(page: Page, username: string, password: string = DEMO_PASSWORD): Promise<void> {
  if (new URL(page.url()).pathname !== '/auth/login') await page.goto('/auth/login');
  const captcha = page.getByText(/^\s*\d{6}\s*$/).first();
  const shown = (await captcha.textContent({ timeout: 15_000 }))?.trim() ?? '';
  await page.getByLabel(/user ?name|login id/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByLabel(/captcha/i).fill(shown);
  await page.getByRole('button', { name: /^login$/i }).click();
}

/** Waits until the page is at `expected` (a pathname, e.g. '/master/reports'); fails saying where it is instead. */
export async function expectPath(page: Page, expected: string, timeoutMs = 10_000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === expected, { timeout: timeoutMs });
  } catch {
    throw new Error(`Expected the page at ${expected}, but it is at ${new URL(page.url()).pathname} after ${timeoutMs} ms`);
  }
}
