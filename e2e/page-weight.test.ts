import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectPath, login, useBrowser } from './harness.js';

/** At most this much JavaScript, gzip-compressed, before anyone has signed in. */
const SIGN_IN_BUDGET_BYTES = 80 * 1024;

/** zod's own error class name, which its code keeps as a string however it is minified. */
const ZOD_MARKER = 'ZodError';

/**
 * Every script the page fetches from now on, with its size gzip-compressed as the server would
 * send it, and whether it carries zod.
 */
function recordScripts(page: Page) {
  const scripts = new Map<string, Promise<{ size: number; zod: boolean }>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || scripts.has(response.url())) return;
    // A body that can no longer be read (the page closed first) counts as NaN, which fails any
    // budget it is part of, and is no unhandled rejection when nothing asks for it.
    scripts.set(
      response.url(),
      response.body().then(
        (body) => ({ size: gzipSync(body).length, zod: body.includes(ZOD_MARKER) }),
        () => ({ size: Number.NaN, zod: false }),
      ),
    );
  });
  return {
    urls: () => [...scripts.keys()],
    async total(): Promise<number> {
      const all = await Promise.all(scripts.values());
      return all.reduce((sum, { size }) => sum + size, 0);
    },
    async withZod(): Promise<string[]> {
      const all = await Promise.all([...scripts].map(async ([url, script]) => ((await script).zod ? [url] : [])));
      return all.flat();
    },
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('what a page loads', () => {
  const e2e = useBrowser();

  test('the sign-in page needs at most 80 KB of JavaScript (gzip); the app and each screen come after, none with zod', async () => {
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

    // Answers are checked against the contracts' zod schemas in development only: the server
    // checks each answer before it sends it, and zod would be the largest part of a report page.
    expect(await scripts.withZod(), 'scripts carrying zod').toEqual([]);
  });

  test("a screen's own address fetches the app and its page from the start; the sign-in page does not", async () => {
    const { page } = e2e;
    const preloaded = async (pathname: string) => {
      const html = await (await page.request.get(pathname)).text();
      return [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1]!);
    };
    const revenue = await preloaded('/master/reports/revenue');
    expect(
      revenue.some((href) => /^\/assets\/RevenuePage-[\w-]+\.js$/.test(href)),
      revenue.join(', '),
    ).toBe(true);
    expect(
      revenue.some((href) => /^\/assets\/mount-app-[\w-]+\.js$/.test(href)),
      revenue.join(', '),
    ).toBe(true);
    for (const href of revenue) expect((await page.request.get(href)).status(), href).toBe(200);
    const signIn = await preloaded('/auth/login');
    expect(
      signIn.some((href) => /RevenuePage|mount-app/.test(href)),
      signIn.join(', '),
    ).toBe(false);
  });
});
