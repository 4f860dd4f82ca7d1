import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLatePlays,
  buildMoneyNetwork,
  type Ids,
  NOW,
  type Username,
  WEEKS,
} from '../../src/modules/money/test-support/money-fixture.js';
import { closeFinishedWeeks } from '../../src/modules/settlement/index.js';
import { injectAs, signIn, type TestSession } from '../fixtures/network.js';
import { buildTestApp, type TestApp } from '../test-app.js';
import { TEST_DB_KINDS } from '../test-db.js';

interface TrendsBody {
  weeks: { fromDate: string; toDate: string; open: boolean }[];
  previousRange: { fromDate: string; toDate: string };
  data: { username: string; name: string; profits: number[]; total: number; previous: number; change: number }[];
  totals: { profits: number[]; total: number; previous: number; change: number };
  total: number;
  page: number;
  pageSize: number;
}

const cents = (points: number) => Math.round(points * 100);
const sumPoints = (values: readonly number[]) => values.reduce((s, v) => s + cents(v), 0) / 100;
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Trends (docs/domain.md, "Insight"): every cell is checked against another report, called as
 * the user would: an agent's week against its Revenue row of that week, a member's week against
 * its row in its master's Agent Mail statement of that week.
 */
describe.each(TEST_DB_KINDS)('trends on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  const sessions = {} as Record<'superadmin' | 'am1' | 'master1' | 'player1', TestSession>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(NOW);
    ids = await buildMoneyNetwork(t.app.db);
    for (const user of ['superadmin', 'am1', 'master1', 'player1'] as const) sessions[user] = await signIn(t.app, user);
  });
  afterAll(async () => t?.close());

  const get = (who: keyof typeof sessions, path: string) => injectAs(t.app, sessions[who], { url: `/api/playrep/${path}` });
  const ok = async <T>(who: keyof typeof sessions, path: string): Promise<T> => {
    const res = await get(who, path);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json() as T;
  };

  /** Revenue's profit of `account` for each week of `weeks`. */
  async function revenueProfits(account: Username, weeks: readonly string[]): Promise<number[]> {
    const body = await ok<{ data: { fromDate: string; profit: number }[] }>(
      'superadmin',
      `revenuereport?id=${ids[account]}&fromDate=${weeks[0]}&toDate=${plusDays(weeks.at(-1)!, 6)}`,
    );
    return weeks.map((week) => body.data.find((row) => row.fromDate === week)?.profit ?? 0);
  }

  /** A member's profit in each week, from its master's Agent Mail statement of that week. */
  async function mailProfits(master: Username, member: Username, weeks: readonly string[]): Promise<number[]> {
    const profits: number[] = [];
    for (const week of weeks) {
      const body = await ok<{ data: { username: string; profit: number }[] }>(
        'superadmin',
        `mailreport?id=${ids[master]}&fromDate=${week}&toDate=${plusDays(week, 6)}`,
      );
      profits.push(body.data.find((row) => row.username === member)?.profit ?? 0);
    }
    return profits;
  }

  /** Every cell of a subject's Trends against the other reports, and its totals against its cells. */
  async function expectTrendsAgree(
    subject: Username,
    children: readonly Username[],
    weeks: number,
    currentWeek: string = WEEKS[3],
  ) {
    const body = await ok<TrendsBody>('superadmin', `trends?id=${ids[subject]}&weeks=${weeks}&pageSize=50`);
    const shown = body.weeks.map((w) => w.fromDate);
    const before = shown.map((w) => plusDays(w, -7 * weeks));
    expect(shown.at(-1)).toBe(currentWeek);
    expect(body.previousRange).toEqual({ fromDate: before[0], toDate: plusDays(before.at(-1)!, 6) });
    expect(body.data.map((r) => r.username).sort()).toEqual([...children].sort());
    for (const child of children) {
      const row = body.data.find((r) => r.username === child)!;
      const other = (w: readonly string[]) =>
        subject.startsWith('master') ? mailProfits(subject, child, w) : revenueProfits(child, w);
      expect(row.profits, `${subject} > ${child}`).toEqual(await other(shown));
      expect(row.total).toBe(sumPoints(row.profits));
      expect(row.previous, `${subject} > ${child}, the period before`).toBe(sumPoints(await other(before)));
      expect(row.change).toBe((cents(row.total) - cents(row.previous)) / 100);
    }
    expect(body.totals.profits).toEqual(shown.map((_, i) => sumPoints(body.data.map((r) => r.profits[i]!))));
    expect(body.totals.total).toBe(sumPoints(body.data.map((r) => r.total)));
    expect(body.totals.change).toBe(sumPoints(body.data.map((r) => r.change)));
    return body;
  }

  it('each cell is the child’s Revenue profit of the week, while every week is open', async () => {
    const body = await expectTrendsAgree('am1', ['master1', 'master2'], 4);
    expect(body.weeks.map((w) => w.fromDate)).toEqual([...WEEKS]);
    expect(body.weeks.every((w) => w.open)).toBe(true);
    // Not all zero: the fixture's plays are there.
    expect(body.data.some((r) => r.profits.some((p) => p !== 0))).toBe(true);
    await expectTrendsAgree('superadmin', ['admin1', 'admin2'], 8);
    await expectTrendsAgree('master1', ['player1', 'player1b'], 4);
  });

  it('after the weeks close and late plays arrive, closed weeks stay and the open week takes the late profit', async () => {
    await closeFinishedWeeks(t.app.db, { now: t.clock.now() });
    await addLatePlays(t.app.db, ids);
    const body = await expectTrendsAgree('am1', ['master1', 'master2'], 4);
    expect(body.weeks.map((w) => w.open)).toEqual([false, false, false, true]);
    await expectTrendsAgree('master1', ['player1', 'player1b'], 4);
    await expectTrendsAgree('sam1', ['am1'], 12);
  });

  it('sorts by any column over every child and pages on the server', async () => {
    const all = await ok<TrendsBody>('superadmin', `trends?id=${ids.am1}&weeks=4&sort=week2&order=asc`);
    const byWeek2 = [...all.data].sort((a, b) => a.profits[1]! - b.profits[1]! || a.username.localeCompare(b.username));
    expect(all.data.map((r) => r.username)).toEqual(byWeek2.map((r) => r.username));
    const second = await ok<TrendsBody>('superadmin', `trends?id=${ids.am1}&weeks=4&sort=week2&order=asc&page=2&pageSize=1`);
    expect([second.total, second.page, second.pageSize]).toEqual([2, 2, 1]);
    expect(second.data.map((r) => r.username)).toEqual([byWeek2[1]!.username]);
    // Totals are over every child, not the page.
    expect(second.totals).toEqual(all.totals);
    const byName = await ok<TrendsBody>('superadmin', `trends?id=${ids.am1}&sort=username&order=desc`);
    expect(byName.data.map((r) => r.username)).toEqual(['master2', 'master1']);
  });

  it('refuses a week count, a sort or a page it does not know with 400, naming the field by its label on the screen', async () => {
    for (const [query, message] of [
      ['weeks=5', /^Weeks must be one of 4, 8, 12, 26$/],
      ['sort=week9', /sort must name one of the 4 weeks shown/],
      ['sort=profit', /sort.*must be one of/],
      ['pageSize=51', /^Rows per page must be at most 50$/],
    ] as const) {
      const res = await get('am1', `trends?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
    expect((await get('player1', 'trends')).statusCode).toBe(403);
  });

  it('exports every child with one column per week, as the screen shows them', async () => {
    const body = await ok<TrendsBody>('am1', 'trends?weeks=4&sort=username&order=asc');
    const res = await get('am1', 'trends?weeks=4&sort=username&order=asc&format=csv');
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Account,Name,Week of 17-Feb-2025,Week of 24-Feb-2025,Week of 03-Mar-2025,Week of 10-Mar-2025,Total,Period Before,Change',
    );
    const master1 = lines.find((line) => line.startsWith('master1,'))!.split(',');
    const row = body.data.find((r) => r.username === 'master1')!;
    expect(master1.slice(2, 6).map(Number)).toEqual(row.profits);
    expect(Number(master1[6])).toBe(row.total);
  });

  it('measures the change against the weeks just before (a later today)', async () => {
    t.clock.set('2025-03-26T12:00:00+05:30'); // two weeks on: W3..W6 shown, W-1..W2 before
    await closeFinishedWeeks(t.app.db, { now: t.clock.now() });
    sessions.superadmin = await signIn(t.app, 'superadmin'); // the session of NOW has ended
    const body = await expectTrendsAgree('am1', ['master1', 'master2'], 4, '2025-03-24');
    expect(body.weeks.map((w) => w.fromDate)).toEqual([WEEKS[2], WEEKS[3], '2025-03-17', '2025-03-24']);
    expect(body.data.some((r) => r.previous !== 0)).toBe(true);
  });
});
