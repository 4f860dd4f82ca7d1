import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectPath, login, useBrowser } from './harness.js';

/** At most this much JavaScript, gzip-compressed, before anyone has signed in. */
const SIGN_IN_BUDGET_BYTES = 80 * 1024;

/** Every script the page fetches from now on, with its size gzip-compressed as the server would send it. */
function recordScripts(page: Page) {
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || sizes.has(response.url())) return;
    // A body that can no longer be read (the page closed first) counts as NaN, which fails any
    // budget it is part of, and is no unhandled rejection when nothing asks for it.
    sizes.set(
      response.url(),
      response.body().then(
        (body) => gzipSync(body).length,
        () => Number.NaN,
      ),
    );
  });
  return {
    urls: () => [...sizes.keys()],
    async total(): Promise<number> {
      const all = await Promise.all(sizes.values());
      return all.reduce((sum, size) => sum + size, 0);
    },
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('what a page loads', () => {
  const e2e = useBrowser();

  test('the sign-in page needs at most 80 KB of JavaScript (gzip); the app and each screen come after', async () => {
    const { page } = e2e;
    const scripts = recordScripts(page);
    await page.goto('/auth/login');
    await page.getByTestId('captcha-code').waitFor();
    await page.waitForLoadState('networkidle');
    const beforeSignIn = scripts.urls();
    const weight = await scripts.total();
    expect(weight, `JavaScript before sign-in: ${kib(weight)} in ${beforeSignIn.join(', ')}`).toBeLessThanOrEqual(
      SIGN_IN_BUDGET_BYTES,
    );

    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer');
    await page.getByRole('heading', { level: 1, name: 'Point Transfer' }).waitFor();
    const afterSignIn = scripts.urls();
    expect(afterSignIn.length, 'the app and the landing page load their code after sign-in').toBeGreaterThan(beforeSignIn.length);

    // Another screen brings its own code.
    await page.goto('/master/reports/revenue');
    await page.getByRole('heading', { level: 1, name: 'Revenue' }).waitFor();
    await page.waitForLoadState('networkidle');
    const revenue = scripts.urls().filter((url) => !afterSignIn.includes(url));
    expect(
      revenue.some((url) => /\/assets\/RevenuePage-[\w-]+\.js$/.test(url)),
      revenue.join(', '),
    ).toBe(true);
  });
});
