import { LABELS_HI, type Role, screensFor } from '@playrep/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KEPT_IN_EVERY_LANGUAGE, latinWordsLeft } from '../apps/web/src/test/english-left.js';
import { seriousAxeFindings } from './accessibility.js';
import { launchChromium } from './browser.js';
import { expectPath, login, thisFileServer } from './harness.js';
import { headingOf, openScreen } from './screen-visits.js';

// Every screen of the superadmin, who has them all, in Hindi at a phone's size: it renders under
// its Hindi heading, no English word is left outside what is data (latinWordsLeft), and axe finds
// nothing serious. A new screen of the permission table is checked here without a line of its own.

const PHONE = { width: 390, height: 844 };
const ROLE: Role = 'superadmin';
/** The demo account of that role (README.md, Demo accounts). */
const USERNAME = 'superadmin';

/** The account's language set through the API, as the page's own session; the answer's status. */
const setLanguage = (page: Page, language: 'en' | 'hi') =>
  page.evaluate(
    async (body) =>
      (await fetch('/api/auth/language', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).status,
    JSON.stringify({ language }),
  );

/** The English words left on the page as it is now, sent to the page as the unit tests use it. */
function englishLeft(page: Page): Promise<string[]> {
  // The account's own username is data too, where an attribute holds it with words around (the
  // subject picker's placeholder), which translate="no" cannot mark.
  const allowed = [...KEPT_IN_EVERY_LANGUAGE, USERNAME];
  return page.evaluate(`(${latinWordsLeft.toString()})(document.body, ${JSON.stringify(allowed)})`);
}

const { baseURL } = thisFileServer();
let context: BrowserContext | undefined;
let page: Page | undefined;
const shown = () => {
  if (!page) throw new Error('e2e: no page outside a test');
  return page;
};

let browser: Browser | undefined;

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  page = await context.newPage();
  await login(page, USERNAME);
  await expectPath(page, `/${ROLE}/reports/pointtransfer`, 20_000);
  // Hindi chosen on the account page, as a person does.
  await page.goto(`/${ROLE}/account`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
  await page.getByRole('heading', { level: 1, name: 'मेरा खाता' }).waitFor({ timeout: 20_000 });
});

afterAll(async () => {
  // The demo account reads English again for the files after this one on this server (the page
  // is still open here: the context closes after).
  if (page && !page.isClosed()) expect(await setLanguage(page, 'en')).toBe(200);
  await context?.close();
  await browser?.close();
});

describe(`every screen of ${ROLE} in Hindi, at phone width`, () => {
  test('the page is in Hindi', async () => {
    expect(await shown().locator('html').getAttribute('lang')).toBe('hi');
  });

  for (const screen of screensFor(ROLE)) {
    test(`${screen.label} (${screen.path}): its Hindi heading, no English left, axe clean`, async () => {
      const english = headingOf(screen);
      await openScreen(shown(), ROLE, screen, LABELS_HI[english] ?? english);
      expect(await englishLeft(shown())).toEqual([]);
      expect(await seriousAxeFindings(shown())).toEqual([]);
    });
  }
});
