import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROLES, type Role, screensFor } from '@playrep/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { launchChromium } from './browser.js';
import { expectPath, login, thisFileServer } from './harness.js';
import { bodyRows } from './report-tables.js';
import { openScreen, settled } from './screen-visits.js';
import { ARTIFACTS_DIR } from './server-process.js';

// Every screen of every role at a phone's size (390 x 844 CSS pixels): nothing wider than the
// screen, a box that scrolls sideways says so, and axe finds nothing serious (once a screen). A new screen of the
// permission table is checked here without a line of its own. One signed-in browser context per role.

const PHONE = { width: 390, height: 844 };

/** A demo account of each role (README.md, Demo accounts). */
const ACCOUNT: Record<Role, string> = {
  superadmin: 'superadmin',
  admin: 'admin1',
  superareamanager: 'sam1',
  areamanager: 'am1',
  master: 'master1',
  player: 'player1',
};

/** The words under which the app tells that a box scrolls sideways (SideScroll). */
const SCROLL_HINT = 'Scroll sideways to see more';

/** expect.poll with room for a loaded machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });

/** The page's width as the browser lays it out: more than the screen means a sideways scroll of the whole page. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

interface SideScroller {
  /** The box's accessible name, and the text of what describes it. */
  name: string;
  described: string;
  role: string | null;
  focusable: boolean;
  /** The hint above it is on screen, and so is the shadow on its right edge (more content there). */
  hintShown: boolean;
  rightShadow: boolean;
}

/**
 * Every box on the page whose content is wider than the box (overflow-x auto or scroll, and more
 * to see), with what tells a person, and a screen reader, that it scrolls.
 */
function sideScrollers(page: Page): Promise<SideScroller[]> {
  return page.evaluate(() => {
    const shown = (el: Element | null) => {
      if (!el) return false;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0;
    };
    const out = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX !== 'auto' && overflowX !== 'scroll') || el.scrollWidth <= el.clientWidth + 1) continue;
      const described = (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id));
      const frame = el.parentElement;
      const shadow = frame?.querySelector('[data-side-shadow="right"]') ?? null;
      out.push({
        name: el.getAttribute('aria-label') ?? '',
        described: described.map((d) => d?.textContent?.trim() ?? '').join(' '),
        role: el.getAttribute('role'),
        focusable: el.tabIndex >= 0,
        hintShown: described.length > 0 && described.every(shown),
        rightShadow: shown(shadow),
      });
    }
    return out;
  });
}

/** What a box that scrolls sideways lacks of what tells it scrolls (empty when nothing). */
function untold(box: SideScroller): string[] {
  const lacks: string[] = [];
  if (box.role !== 'region' || !box.name) lacks.push('a named region');
  if (!box.focusable) lacks.push('a place in the tab order (keys scroll it)');
  if (!box.described.includes(SCROLL_HINT)) lacks.push(`the description "${SCROLL_HINT}"`);
  if (!box.hintShown) lacks.push('the hint on screen');
  if (!box.rightShadow) lacks.push('the shadow on its right edge');
  return lacks;
}

/** The layout checks every screen gets: no sideways scroll of the page, and every sideways box tells it scrolls. */
async function expectFitsPhone(page: Page): Promise<SideScroller[]> {
  expect(await pageWidth(page), 'the page is no wider than the screen').toBeLessThanOrEqual(PHONE.width);
  // The shadow fades in once the box has measured itself.
  await poll(async () =>
    (await sideScrollers(page)).flatMap((box) => untold(box).map((lack) => `${box.name || 'a box'} lacks ${lack}`)),
  ).toEqual([]);
  return sideScrollers(page);
}

/** Revenue of `role`'s demo account, and the popup of its first week, settled and shown. */
async function openFirstWeekPopup(page: Page, role: Role): Promise<Locator> {
  await page.goto(`/${role}/reports/revenue`);
  await page.getByRole('heading', { level: 1, name: 'Revenue' }).waitFor({ timeout: 20_000 });
  await settled(page);
  await page
    .getByRole('button', { name: /: show the week / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await settled(dialog);
  await page.waitForTimeout(400); // the modal's transition
  return dialog;
}

/** The x-axis week labels of the Revenue chart, and the chart's box. */
async function chartLabels(page: Page) {
  const figure = page.getByRole('figure');
  const svg = figure.locator('svg.revenue-chart');
  await svg.waitFor();
  await poll(() => figure.locator('.revenue-chart-x-labels text').count()).toBeGreaterThan(0);
  const read = (axis: 'x' | 'y') =>
    figure.locator(`.revenue-chart-${axis}-labels text`).evaluateAll((texts) =>
      texts.map((t) => {
        const box = t.getBoundingClientRect();
        return { text: t.textContent ?? '', left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      }),
    );
  return { x: await read('x'), y: await read('y'), svg: (await svg.boundingBox())! };
}

/** 'dd-Mon' of each week row on the table's page, ' (open)' added for an open week: the label the chart gives it. */
async function expectedWeekLabels(page: Page): Promise<string[]> {
  const rows = await bodyRows(page.getByRole('table', { name: 'Revenue' }));
  return rows.map((r) => {
    const from = r[1]!;
    const [day, month] = from.match(/^(\d{2})-(\w{3})-\d{4}/)!.slice(1);
    return `${day}-${month}${/open/i.test(from) ? ' (open)' : ''}`;
  });
}

function istDate(offsetDays: number): string {
  const now = new Date(Date.now() + 5.5 * 3600_000 + offsetDays * 86_400_000);
  return now.toISOString().slice(0, 10);
}

const { baseURL } = thisFileServer();
/** One browser for the file; each role gets its own context in it. */
let browser: Browser | undefined;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A page of one role at phone size, signed in once for all that role's screens. */
function usePhoneSession(role: Role): () => Page {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    context = await browser!.newContext({ baseURL, viewport: PHONE });
    page = await context.newPage();
    await login(page, ACCOUNT[role]);
    await expectPath(page, `/${role}/reports/pointtransfer`, 20_000);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !page) return;
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const file = path.join(ARTIFACTS_DIR, `phone-${task.name.replace(/[^a-zA-Z0-9]+/g, '-').slice(0, 100)}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`e2e: screenshot of the failed test saved to ${path.relative(process.cwd(), file)}`);
  });
  afterAll(async () => {
    await context?.close();
  });
  return () => {
    if (!page) throw new Error('e2e: no page outside a test');
    return page;
  };
}

describe('at phone width (390 x 844): the login screen', () => {
  test('is no wider than the screen', async () => {
    const context = await browser!.newContext({ baseURL, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/auth/login');
    await page.getByTestId('captcha-code').waitFor();
    await page.getByRole('button', { name: /^login$/i }).waitFor();
    await expectFitsPhone(page);
    await context.close();
  });
});

/** The screens axe has looked at, at phone width. */
const axeChecked = new Set<string>();

for (const role of ROLES) {
  describe(`at phone width (390 x 844): every screen of ${role} (${ACCOUNT[role]})`, () => {
    const page = usePhoneSession(role);

    for (const screen of screensFor(role)) {
      test(`${screen.label} (${screen.path}) is no wider than the screen; what scrolls sideways says so; axe clean (once a screen)`, async () => {
        await openScreen(page(), role, screen);
        if (screen.key === 'revenue') await page().getByRole('figure').locator('svg.revenue-chart').waitFor();
        const scrollers = await expectFitsPhone(page());
        // The nine revenue columns do not fit a phone: the check above had a box to look at.
        if (screen.key === 'revenue') expect(scrollers.map((s) => s.name)).toContain('Revenue');
        // axe once per screen, as the first role that has it: the layout is the same for each role.
        if (!axeChecked.has(screen.key)) {
          axeChecked.add(screen.key);
          expect(await seriousAxeFindings(page())).toEqual([]);
        }
      });
    }
  });
}

describe('at phone width (390 x 844): Revenue', () => {
  describe.each(['am1', 'master1'] as const)('%s', (user) => {
    const role: Role = user === 'am1' ? 'areamanager' : 'master';
    const page = usePhoneSession(role);

    test('the chart labels every week and keeps its amounts on screen, over 4 and over 13 weeks', async () => {
      for (const weeks of [4, 13]) {
        // From the Monday (weeks - 1) weeks before this one, to today (IST).
        const today = istDate(0);
        const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
        const from = istDate(-weekday - 7 * (weeks - 1));
        await page().goto(`/${role}/reports/revenue?fromDate=${from}&toDate=${today}`);
        await page().getByRole('heading', { level: 1, name: 'Revenue' }).waitFor({ timeout: 20_000 });
        await settled(page());
        await page().getByRole('table', { name: 'Revenue' }).locator('tbody tr').first().waitFor();
        await page().getByLabel('Rows per page').first().selectOption('50');
        const expected = await expectedWeekLabels(page());
        expect(expected).toHaveLength(weeks);

        const { x, y, svg } = await chartLabels(page());
        expect(x.map((l) => l.text)).toEqual(expected);
        // Every label is inside the chart, none cut at its edges.
        for (const label of x) {
          expect(label.left, label.text).toBeGreaterThanOrEqual(svg.x - 1);
          expect(label.right, label.text).toBeLessThanOrEqual(svg.x + svg.width + 1);
          expect(label.bottom, label.text).toBeLessThanOrEqual(svg.y + svg.height + 1);
        }
        // The amounts: several, each whole on the screen (the y-axis stays at the left).
        expect(y.length).toBeGreaterThanOrEqual(3);
        for (const label of y) {
          expect(label.text).toMatch(/^-?[\d,]+\.\d{2}$/);
          expect(label.left, label.text).toBeGreaterThanOrEqual(0);
          expect(label.left, label.text).toBeGreaterThanOrEqual(svg.x - 1);
        }
        await expectFitsPhone(page());
        if (weeks === 13) {
          // 13 slanted labels need more than a phone's width: the chart itself scrolls, and says so.
          const names = (await sideScrollers(page())).map((s) => s.name);
          expect(names).toContain('Weekly profit and revenue (Actual Rev)');
        }
      }
    });

    test("the week popup's pager can be reached and is inside the popup and the screen", async () => {
      const dialog = await openFirstWeekPopup(page(), role);
      expect(await pageWidth(page())).toBeLessThanOrEqual(PHONE.width);
      const pager = dialog.getByRole('navigation', { name: /pagination$/ });
      await pager.scrollIntoViewIfNeeded();
      const box = (await dialog.boundingBox())!;
      for (const control of [pager.getByRole('button', { name: 'Last page' }), pager.getByLabel('Go to page')]) {
        expect(await control.isVisible()).toBe(true);
        const at = (await control.boundingBox())!;
        expect(at.x).toBeGreaterThanOrEqual(box.x);
        expect(at.x + at.width).toBeLessThanOrEqual(Math.min(box.x + box.width, PHONE.width));
        expect(at.y).toBeGreaterThanOrEqual(0);
        expect(at.y + at.height).toBeLessThanOrEqual(PHONE.height);
      }
      // The week's figures scroll sideways within the popup, and say so.
      const names = (await expectFitsPhone(page())).map((s) => s.name);
      expect(names).toContain('Revenue of the week');
      await page().keyboard.press('Escape');
    });
  });
});

/**
 * The header cell and the first row's cell of each named column of a table as drawn now (where,
 * whether it is what shows at its centre, whether its background hides what is behind it), and the
 * scroll position of the box that scrolls the table sideways.
 */
function figureCells(table: Locator, headers: readonly string[]) {
  return table.evaluate((el, names) => {
    let box: HTMLElement | null = el.parentElement;
    while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
    const heads = Array.from(el.querySelectorAll('thead th'));
    const first = el.querySelector('tbody tr');
    const seen = (cell: Element | null | undefined) => {
      if (!cell) return null;
      const at = cell.getBoundingClientRect();
      const top = document.elementFromPoint((at.left + at.right) / 2, (at.top + at.bottom) / 2);
      // 'rgb(r, g, b)', or 'rgba(r, g, b, a)' with a = 1: what scrolls under it does not show through.
      const background = getComputedStyle(cell).backgroundColor;
      const alpha = background.startsWith('rgba(') ? Number(background.slice(0, -1).split(',').at(-1)) : 1;
      return { left: at.left, right: at.right, onTop: top !== null && cell.contains(top), opaque: alpha === 1 };
    };
    return {
      scrollLeft: box?.scrollLeft ?? 0,
      hidden: box ? box.scrollWidth - box.clientWidth : 0,
      columns: names.map((name) => {
        const index = heads.findIndex((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim() === name);
        return { name, header: seen(heads[index]), cell: seen(first?.children[index]) };
      }),
    };
  }, headers);
}

/**
 * Scrolls the page (or the popup) up or down so that the table's header row is in the middle of the
 * screen; its first cell is already in view sideways, so the table's box is not scrolled.
 */
async function tableToMiddle(table: Locator): Promise<void> {
  await table.evaluate((el) => el.querySelector('thead th')?.scrollIntoView({ block: 'center', inline: 'nearest' }));
}

/** Scrolls the box the table scrolls sideways in to `share` of the way (0 to 1), then lets it draw. */
async function scrollTableBox(table: Locator, share: number): Promise<void> {
  await table.evaluate((el, to) => {
    let box: HTMLElement | null = el.parentElement;
    while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
    if (box) box.scrollLeft = Math.round((box.scrollWidth - box.clientWidth) * to);
    return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }, share);
}

/** What is wrong with where the header and the first row's cell of each figure are drawn (empty: nothing). */
function outOfView(seen: Awaited<ReturnType<typeof figureCells>>, when: string): string[] {
  const wrong: string[] = [];
  for (const column of seen.columns) {
    for (const [what, cell] of [
      ['header', column.header],
      ['first row', column.cell],
    ] as const) {
      const where = `${column.name} (${what}, ${when})`;
      if (!cell) wrong.push(`${where}: no such cell`);
      else if (cell.left < -0.5 || cell.right > PHONE.width + 0.5)
        wrong.push(`${where}: drawn from ${Math.round(cell.left)} to ${Math.round(cell.right)} px, outside 0 to ${PHONE.width}`);
      else if (!cell.onTop) wrong.push(`${where}: covered by something else`);
      else if (!cell.opaque) wrong.push(`${where}: what scrolls under it shows through`);
    }
  }
  return wrong;
}

/**
 * The texts inside `scope` that are not drawn whole: off the screen's sides, or cut by a box around
 * them that hides what overflows it (a button's label, a box that scrolls sideways). Empty when
 * every text is whole on screen.
 */
function cutTexts(scope: Locator): Promise<string[]> {
  return scope.evaluate((root, width) => {
    const cut: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const at = range.getBoundingClientRect();
      if (at.width === 0) continue;
      if (at.left < -0.5 || at.right > width + 0.5) {
        cut.push(`"${text}" is drawn from ${Math.round(at.left)} to ${Math.round(at.right)} px, outside 0 to ${width}`);
        continue;
      }
      for (let box = node.parentElement; box; box = box.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(box);
        if (overflowX === 'visible' && overflowY === 'visible') continue;
        const edge = box.getBoundingClientRect();
        const inside =
          at.left >= edge.left - 0.5 &&
          at.right <= edge.right + 0.5 &&
          at.top >= edge.top - 0.5 &&
          at.bottom <= edge.bottom + 0.5;
        if (!inside) {
          cut.push(`"${text}" is cut by its ${box.tagName.toLowerCase()} (${box.className})`);
          break;
        }
      }
    }
    return cut;
  }, PHONE.width);
}

describe('at phone width (390 x 844): nothing is cut off', () => {
  const page = usePhoneSession('areamanager');

  test('Accounts: the label of Links for every account without a password (CSV) is whole', async () => {
    await page().goto('/areamanager/admin/accounts');
    await page().getByRole('heading', { level: 1, name: 'Accounts' }).waitFor({ timeout: 20_000 });
    await settled(page());
    const button = page().getByRole('button', { name: 'Links for every account without a password (CSV)' });
    expect(await cutTexts(button)).toEqual([]);
    await expectFitsPhone(page());
  });

  test('an empty table shows No data available whole, and says nothing about scrolling sideways', async () => {
    // Accounts' eight columns are wider than a phone; a search that finds nothing leaves the table empty.
    await page().goto('/areamanager/admin/accounts?q=no-such-account');
    await page().getByRole('heading', { level: 1, name: 'Accounts' }).waitFor({ timeout: 20_000 });
    await settled(page());
    const table = page().getByRole('table', { name: 'Accounts' });
    await table.getByText('No data available').waitFor();
    expect(await page().getByText(SCROLL_HINT).count()).toBe(0);
    expect(await cutTexts(table)).toEqual([]);
    expect(await sideScrollers(page())).toEqual([]);
  });
});

describe('at phone width (390 x 844): the figure a row exists for stays on screen', () => {
  const page = usePhoneSession('master');
  // master1 has transfers, a statement with members and revenue weeks (README.md, Demo accounts).
  const fourWeeks = `fromDate=${istDate(-27)}&toDate=${istDate(0)}`;
  const cases = [
    {
      screen: 'Point Transfer',
      path: `/master/reports/pointtransfer?${fourWeeks}`,
      table: (p: Page) => p.getByRole('region', { name: /^Point Transferred \(\d+\)$/ }).getByRole('table'),
      figures: ['Amount'],
    },
    {
      screen: 'Agent Mail Details',
      path: '/master/mailreports/agentmaildetails',
      table: (p: Page) => p.getByRole('table', { name: 'Your Members Played in Other Agents CyberCafe' }),
      figures: ['Points Used By The Member'],
    },
    {
      screen: 'Revenue',
      path: '/master/reports/revenue',
      table: (p: Page) => p.getByRole('table', { name: 'Revenue' }),
      figures: ['Profit', 'Actual Rev'],
    },
  ];

  test.each(cases)('$screen: $figures without scrolling sideways, and still after scrolling the table', async (c) => {
    await page().goto(c.path);
    await page().getByRole('heading', { level: 1, name: c.screen }).waitFor({ timeout: 20_000 });
    await settled(page());
    const table = c.table(page());
    await table.locator('tbody tr td:not([colspan])').first().waitFor({ timeout: 20_000 });
    await tableToMiddle(table);

    const first = await figureCells(table, c.figures);
    // The table is wider than the screen (or there would be nothing to keep in view), and not scrolled yet.
    expect(first.hidden, 'the table scrolls sideways').toBeGreaterThan(0);
    expect(first.scrollLeft).toBe(0);
    expect(outOfView(first, 'not scrolled')).toEqual([]);

    for (const share of [0.5, 1]) {
      await scrollTableBox(table, share);
      const seen = await figureCells(table, c.figures);
      expect(seen.scrollLeft).toBeGreaterThan(0);
      expect(outOfView(seen, `scrolled ${share * 100}% of the way`)).toEqual([]);
    }
    await scrollTableBox(table, 0);
    expect(await seriousAxeFindings(page())).toEqual([]);
  });

  test("Revenue's week popup: the week's Profit and Actual Rev and each member's Points Used, before and after scrolling", async () => {
    const dialog = await openFirstWeekPopup(page(), 'master');
    const tables = [
      { table: dialog.getByRole('table', { name: 'Revenue of the week' }), figures: ['Profit', 'Actual Rev'] },
      { table: dialog.getByRole('table', { name: 'Points Used By The Members' }), figures: ['Points Used By The Member'] },
    ];
    for (const { table, figures } of tables) {
      await table.locator('tbody tr td:not([colspan])').first().waitFor({ timeout: 20_000 });
      await tableToMiddle(table);
      const first = await figureCells(table, figures);
      expect(first.hidden, 'the table scrolls sideways').toBeGreaterThan(0);
      expect(outOfView(first, 'not scrolled')).toEqual([]);
      await scrollTableBox(table, 1);
      expect(outOfView(await figureCells(table, figures), 'scrolled to the end')).toEqual([]);
      await scrollTableBox(table, 0);
    }
    await page().keyboard.press('Escape');
  });

  test('on a desktop screen and in print the figures stay in their place among the columns', async () => {
    const sticky = (table: Locator) =>
      table.evaluate((el) =>
        Array.from(el.querySelectorAll('th, td'))
          .filter((cell) => getComputedStyle(cell).position === 'sticky')
          .map((cell) => cell.textContent),
      );
    await page().goto('/master/reports/revenue');
    await page().getByRole('heading', { level: 1, name: 'Revenue' }).waitFor({ timeout: 20_000 });
    await settled(page());
    const table = page().getByRole('table', { name: 'Revenue' });
    await table.locator('tbody tr td:not([colspan])').first().waitFor({ timeout: 20_000 });
    // At phone width they are held (the test above shows where)...
    expect(await sticky(table)).not.toEqual([]);
    try {
      // ...but not on a desktop screen, nor on paper at a phone's width.
      await page().setViewportSize({ width: 1280, height: 800 });
      await poll(() => sticky(table)).toEqual([]);
      await page().setViewportSize(PHONE);
      await page().emulateMedia({ media: 'print' });
      await poll(() => sticky(table)).toEqual([]);
    } finally {
      await page().emulateMedia({ media: null });
      await page().setViewportSize(PHONE);
    }
  });
});
