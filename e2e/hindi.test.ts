import type { Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { DEMO_PASSWORD, expectPath, useBrowser } from './harness.js';

/** A phone's screen (CSS pixels), as phone.test.ts uses. */
const PHONE = { width: 390, height: 844 };

/** Signs in on the Hindi sign-in page as a person would: its Hindi labels and button. */
async function loginInHindi(page: Page, username: string): Promise<void> {
  const shown = (await page.getByTestId('captcha-code').textContent({ timeout: 15_000 }))?.trim() ?? '';
  await page.getByLabel(/^यूज़र नेम/).fill(username);
  await page.getByRole('textbox', { name: /^पासवर्ड/ }).fill(DEMO_PASSWORD);
  await page.getByLabel(/^कैप्चा/).fill(shown);
  await page.getByRole('button', { name: 'लॉगिन करें' }).click();
}

describe('the back office in Hindi, on a phone', () => {
  const e2e = useBrowser();

  // The account's language is set by choosing Hindi before signing in: the demo account reads
  // English again afterwards, as other tests expect.
  afterEach(async () => {
    const { page } = e2e;
    if (page.isClosed()) return;
    await page.evaluate(() =>
      fetch('/api/auth/language', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ language: 'en' }),
      }),
    );
  });

  test('हिन्दी chosen on the sign-in page: the sign-in, the menus and a report’s headers are Hindi; axe finds nothing serious', async () => {
    const { page } = e2e;
    await page.setViewportSize(PHONE);
    await page.goto('/auth/login');
    await page.getByLabel('Language').selectOption('hi');
    await page.getByRole('button', { name: 'लॉगिन करें' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('लॉगिन');
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await seriousAxeFindings(page)).toEqual([]);

    await loginInHindi(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer', 20_000);
    await page.getByRole('heading', { level: 1, name: 'पॉइंट ट्रांसफ़र' }).waitFor({ timeout: 20_000 });

    // The menus, from the burger.
    await page.getByRole('button', { name: 'मेन्यू खोलें' }).click();
    const nav = page.getByRole('navigation', { name: 'मुख्य मेन्यू' });
    // The section of the page shown is open already.
    const reports = nav.getByRole('button', { name: 'रिपोर्ट', exact: true });
    if ((await reports.getAttribute('aria-expanded')) !== 'true') await reports.click();
    await nav.getByRole('link', { name: 'राजस्व', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'पॉइंट ट्रांसफ़र', exact: true }).count()).toBe(1);

    // A report's column headers.
    await nav.getByRole('link', { name: 'राजस्व', exact: true }).click();
    await expectPath(page, '/master/reports/revenue', 20_000);
    await page.getByRole('heading', { level: 1, name: 'राजस्व' }).waitFor({ timeout: 20_000 });
    const headers = page.getByRole('columnheader');
    await headers.first().waitFor({ timeout: 20_000 });
    const texts = (await headers.allTextContents()).map((text) => text.replace(/[▲▼↕]/g, '').trim());
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text, `header ${text}`).toMatch(/[\u0900-\u097F]/);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // The account keeps the language: a new browser signs in to Hindi too.
    const answer = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
    expect(answer).toMatchObject({ language: 'hi', user: { username: 'master1' } });
  });
});
