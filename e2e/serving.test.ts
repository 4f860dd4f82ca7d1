import { describe, expect, test } from 'vitest';
import { expectPath, useBrowser } from './harness.js';

describe('the server started like `npm start` serves the built web app and the API on one port', () => {
  const e2e = useBrowser();

  test('the API answers on the embedded database', async () => {
    const response = await fetch(`${e2e.baseURL}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', db: 'pglite' });
  });

  test('the root path serves the web app, which goes to the login screen', async () => {
    const { page } = e2e;
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await expectPath(page, '/auth/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    expect(await page.title()).toContain('Playrep Back Office');
  });

  test('a deep link into a role area without a session is served the app and sent to sign in', async () => {
    const { page } = e2e;
    const response = await page.goto('/master/reports/revenue');
    expect(response?.status()).toBe(200);
    await expectPath(page, '/auth/login');
  });
});
