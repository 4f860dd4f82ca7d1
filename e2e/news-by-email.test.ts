import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { expectPath, login, useBrowser } from './harness.js';

// The account page's News by email (docs/screens.md, "Account page: News by email") on the small
// demo network, where master1 and am1 have the daily digest on: the hour, "Send me the digest now"
// and its 10-minute limit, the big-win switch, at 1366 px and on a 390 px phone, axe clean. What a
// test turns on or moves it puts back (the demo accounts are left as they were found).

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });

async function openNews(page: Page, username: string, role: string) {
  await login(page, username);
  await expectPath(page, `/${role}/reports/pointtransfer`, 20_000);
  await page.goto(`/${role}/account`);
  await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor({ timeout: 20_000 });
  const news = page.getByRole('region', { name: 'News by email' });
  await news.getByRole('switch', { name: 'Email me a daily digest' }).waitFor({ timeout: 20_000 });
  return news;
}

const statusSays = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor({ timeout: 15_000 });

describe('the account page’s News by email', () => {
  const e2e = useBrowser();

  test('master1 (1366 px): the digest is on at 09:00; the hour, Send me the digest now with its limit, big wins', {
    timeout: 120_000,
  }, async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 1366, height: 900 });
    const news = await openNews(page, 'master1', 'master');
    const digest = news.getByRole('switch', { name: 'Email me a daily digest' });
    const hour = news.getByLabel('Hour (IST)');
    await poll(() => digest.isChecked()).toBe(true);
    expect(await hour.inputValue()).toBe('9');
    await news.getByText(/^Wins from [\d,]+\.\d\d points in your network: the big-win threshold you set on Today\./).waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);

    await hour.selectOption('7');
    await statusSays(page, 'Your daily digest will be emailed to you every day at 07:00 IST.');

    await news.getByRole('button', { name: 'Send me the digest now' }).click();
    await statusSays(page, 'Your digest of yesterday is on its way to master1@example.com.');
    await news.getByRole('button', { name: 'Send me the digest now' }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText: /^A digest was asked for less than 10 minutes ago\. You can ask for another at \d{1,2}:\d\d [ap]m IST\.$/,
      })
      .waitFor({ timeout: 15_000 });

    // The demo gives master1 big-win alerts (README): turned off, then on again.
    const bigWins = news.getByRole('switch', { name: 'Email me big wins' });
    expect(await bigWins.isChecked()).toBe(true);
    await bigWins.click();
    await statusSays(page, 'Big wins will no longer be emailed to you.');
    await poll(() => bigWins.isChecked()).toBe(false);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // As it was: big wins on, the digest at 09:00; a reload shows what the server keeps.
    await bigWins.click();
    await statusSays(page, 'Big wins at or above your threshold will be emailed to you.');
    await hour.selectOption('9');
    await statusSays(page, 'Your daily digest will be emailed to you every day at 09:00 IST.');
    await page.reload();
    const again = page.getByRole('region', { name: 'News by email' });
    await poll(() => again.getByRole('switch', { name: 'Email me a daily digest' }).isChecked()).toBe(true);
    expect(await again.getByLabel('Hour (IST)').inputValue()).toBe('9');
    expect(await again.getByRole('switch', { name: 'Email me big wins' }).isChecked()).toBe(true);
  });

  test('am1 on a 390 px phone: the switches fit, turning the digest off and on again, axe clean', {
    timeout: 120_000,
  }, async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 390, height: 844 });
    const news = await openNews(page, 'am1', 'areamanager');
    const digest = news.getByRole('switch', { name: 'Email me a daily digest' });
    await poll(() => digest.isChecked()).toBe(true);
    await news.getByRole('button', { name: 'Send me the digest now' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const control of [digest, news.getByLabel('Hour (IST)'), news.getByRole('switch', { name: 'Email me big wins' })]) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    expect(await seriousAxeFindings(page)).toEqual([]);

    await digest.click();
    await statusSays(page, 'Your daily digest will no longer be emailed to you.');
    await poll(() => digest.isChecked()).toBe(false);
    await digest.click();
    await statusSays(page, 'Your daily digest will be emailed to you every day at 09:00 IST.');
    await poll(() => digest.isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
