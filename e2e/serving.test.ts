import { describe, expect, test } from 'vitest';
import { useBrowser } from './harness.js';

describe('the server started like `npm start` serves the built web app and the API on one port', () => {
  const e2e = useBrowser();

  test('the API answers on the embedded database', async () => {
    const response = await fetch(`${e2e.baseURL}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', db: 'pglite' });
  });

  test('the browser gets the web app, with its title, from the same origin', async () => {
    const response = await e2e.page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await expect.poll(() => e2e.page.title()).toBe('Playrep Back Office');
    await e2e.page.locator('#root > *').first().waitFor();
  });
});
