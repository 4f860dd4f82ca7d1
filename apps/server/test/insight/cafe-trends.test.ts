import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { weekStartOf } from '../../src/lib/dates.js';
import {
  addLatePlays,
  buildMoneyNetwork,
  CAFES,
  type Cafe,
  cents,
  type Ids,
  LATE_PLAYS,
  NOW,
  PLAYS,
  type Play,
  TODAY,
  WEEKS,
} from '../../src/modules/money/test-support/money-fixture.js';
import { istDayOf, plusDays } from '../../src/modules/money/test-support/money-reference.js';
import { keepCafeTrendWeek } from '../../src/modules/settlement/cafe-trend-week.js';
import { closeFinishedWeeks } from '../../src/modules/settlement/index.js';
import { injectAs, signIn, type TestSession } from '../fixtures/network.js';
import { buildTestApp, type TestApp } from '../test-app.js';
import { TEST_DB_KINDS } from '../test-db.js';

interface CafeTrendsBody {
  account: { _id: string; username: string };
  weeks: { fromDate: string; toDate: string; open: boolean }[];
  previousRange: { fromDate: string; toDate: string };
  data: {
    cafeId: string;
    cafe: string;
    master: string;
    masterId: string;
    profits: number[];
    total: number;
    previous: number;
    change: number;
  }[];
  totals: { profits: number[]; total: number; previous: number; change: number };
  total: number;
  page: number;
  pageSize: number;
}

type Who = 'superadmin' | 'am1' | 'master1' | 'player1';

/**
 * The plays once the late ones have come and PLAYS[6] (of W2, closed) is voided: its week keeps it
 * as its closing fixed it, and the reversal (no play, the opposite sums) is booked on TODAY.
 */
const VOIDED = PLAYS[6]!;
const AFTER_THE_VOID: readonly Play[] = [
  ...PLAYS,
  ...LATE_PLAYS,
  { ...VOIDED, play: VOIDED.win, win: VOIDED.play, booked: TODAY },
];

const sumPoints = (values: readonly number[]) => values.reduce((s, v) => s + cents(v), 0) / 100;
const compareCodePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A cafe's draw-games profit in the week of `week`, summed here from the fixture's plays (each on
 * the day it is booked, a late one on its arrival day) without asking the server anything.
 */
function fixtureProfit(cafe: Cafe, week: string, plays: readonly Play[]): number {
  const end = plusDays(week, 6);
  const here = plays.filter((p) => {
    const day = p.booked ?? istDayOf(p.at);
    return p.cafe === cafe && day >= week && day <= end;
  });
  return here.reduce((s, p) => s + cents(p.play) - cents(p.win), 0) / 100;
}

/**
 * Cafe Trends (docs/domain.md, "The owner's week"): every cell is the cafe's profit of that week
 * as Cafe Profit answers it for the week (a closed week from what its closing fixed, an open week
 * live), and, independently, the sum of the fixture's plays made at the cafe that week.
 */
describe.each(TEST_DB_KINDS)('cafe trends on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  const sessions = {} as Record<Who, TestSession>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(NOW);
    ids = await buildMoneyNetwork(t.app.db);
    for (const user of ['superadmin', 'am1', 'master1', 'player1'] as const) sessions[user] = await signIn(t.app, user);
  });
  afterAll(async () => t?.close());

  const get = (who: Who, path: string) => injectAs(t.app, sessions[who], { url: `/api/playrep/${path}` });
  const ok = async <T>(who: Who, path: string): Promise<T> => {
    const res = await get(who, path);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json() as T;
  };

  /** Cafe Profit's profit of each cafe of the subject in the week of `week`, as the caller reads it. */
  async function cafeProfitWeek(who: Who, subjectId: string, week: string): Promise<Map<string, number>> {
    const body = await ok<{ data: { cafe: string; profit: number }[]; total: number }>(
      who,
      `cafeprofit?id=${subjectId}&fromDate=${week}&toDate=${plusDays(week, 6)}&pageSize=100`,
    );
    expect(body.data.length).toBe(body.total);
    return new Map(body.data.map((row) => [row.cafe, row.profit]));
  }

  /** Every cell of the subject's Cafe Trends against Cafe Profit of its week; the sums against the cells. */
  async function expectCafeProfitAgrees(who: Who, subjectId: string, weeks: number): Promise<CafeTrendsBody> {
    const body = await ok<CafeTrendsBody>(who, `cafetrends?id=${subjectId}&weeks=${weeks}&pageSize=50`);
    const shown = body.weeks.map((w) => w.fromDate);
    const before = shown.map((w) => plusDays(w, -7 * weeks));
    expect(shown).toHaveLength(weeks);
    expect(body.previousRange).toEqual({ fromDate: before[0], toDate: plusDays(before.at(-1)!, 6) });
    // One at a time: a caller has at most 4 reports in the making.
    const profitsOf = async (weekStarts: readonly string[]) => {
      const byWeek: Map<string, number>[] = [];
      for (const week of weekStarts) byWeek.push(await cafeProfitWeek(who, subjectId, week));
      return byWeek;
    };
    const shownProfits = await profitsOf(shown);
    const beforeProfits = await profitsOf(before);
    // The same cafes as Cafe Profit lists.
    expect(body.data.map((r) => r.cafe).sort()).toEqual([...shownProfits[0]!.keys()].sort());
    expect(body.total).toBe(body.data.length);
    for (const row of body.data) {
      expect(row.profits, `${row.cafe}, each week`).toEqual(shownProfits.map((week) => week.get(row.cafe)));
      expect(row.total).toBe(sumPoints(row.profits));
      expect(row.previous, `${row.cafe}, the period before`).toBe(sumPoints(beforeProfits.map((week) => week.get(row.cafe)!)));
      expect(row.change).toBe((cents(row.total) - cents(row.previous)) / 100);
    }
    expect(body.totals.profits).toEqual(shown.map((_, i) => sumPoints(body.data.map((r) => r.profits[i]!))));
    expect(body.totals.total).toBe(sumPoints(body.data.map((r) => r.total)));
    expect(body.totals.previous).toBe(sumPoints(body.data.map((r) => r.previous)));
    expect(body.totals.change).toBe((cents(body.totals.total) - cents(body.totals.previous)) / 100);
    return body;
  }

  /** The cells of `body` against the fixture's plays. */
  function expectPlaysAgree(body: CafeTrendsBody, plays: readonly Play[]) {
    for (const row of body.data) {
      const expected = body.weeks.map((w) => fixtureProfit(row.cafe as Cafe, w.fromDate, plays));
      expect(row.profits, `${row.cafe} from the plays`).toEqual(expected);
      expect(row.master).toBe(CAFES[row.cafe as Cafe]);
    }
  }

  /**
   * The whole network's pages in the default order (Total), read from the totals kept per cafe
   * (cafe_trend_totals) when their week is today's, against the same cafes read in another order
   * (which sums every cafe) and sorted here; the totals row against that order's; and the kept
   * totals themselves against the fixture's plays.
   */
  async function expectKeptOrderAgrees(plays: readonly Play[]) {
    const [kept] = await queryRows<{ week_start: string }>(
      t.app.db,
      sql`SELECT week_start::text AS week_start FROM cafe_trend_week`,
    );
    const today = istDayOf(t.clock.now().toISOString());
    expect(kept?.week_start, 'kept for the week of today').toBe(weekStartOf(today));
    for (const weeks of [4, 8, 12, 26]) {
      const summed = await ok<CafeTrendsBody>('superadmin', `cafetrends?weeks=${weeks}&sort=cafe&order=asc&pageSize=50`);
      const tieBreak = (a: CafeTrendsBody['data'][number], b: CafeTrendsBody['data'][number]) =>
        compareCodePoints(a.master, b.master) || compareCodePoints(a.cafe, b.cafe);
      for (const order of ['desc', 'asc'] as const) {
        const sign = order === 'asc' ? 1 : -1;
        const expected = [...summed.data].sort((a, b) => sign * (cents(a.total) - cents(b.total)) || tieBreak(a, b));
        const pages: CafeTrendsBody['data'] = [];
        for (const page of [1, 2, 3, 4]) {
          const body = await ok<CafeTrendsBody>('superadmin', `cafetrends?weeks=${weeks}&order=${order}&page=${page}&pageSize=2`);
          expect(body.total).toBe(summed.total);
          expect(body.totals, `${weeks} weeks, totals over every cafe`).toEqual(summed.totals);
          pages.push(...body.data);
        }
        expect(pages, `${weeks} weeks ${order}`).toEqual(expected);
      }
      // The kept totals, from the plays: the weeks shown, each cafe.
      const shown = summed.weeks.map((w) => w.fromDate);
      const rows = await queryRows<{ name: string; total: string }>(
        t.app.db,
        sql`SELECT cf.name, ${sql.identifier(`weeks${weeks}_cents`)}::text AS total
              FROM cafe_trend_totals t JOIN cafes cf ON cf.id = t.cafe_id`,
      );
      expect(rows).toHaveLength(Object.keys(CAFES).length);
      for (const row of rows) {
        const fromPlays = sumPoints(shown.map((week) => fixtureProfit(row.name as Cafe, week, plays)));
        expect(Number(row.total) / 100, `${row.name}, ${weeks} weeks kept`).toBe(fromPlays);
      }
    }
  }

  it('gives each cafe its Cafe Profit of every week while the weeks are open, equal to the plays made there', async () => {
    const am1 = await expectCafeProfitAgrees('am1', ids.am1, 4);
    expect(am1.weeks.map((w) => w.fromDate)).toEqual([...WEEKS]);
    expect(am1.weeks.every((w) => w.open)).toBe(true);
    expect(am1.data.map((r) => r.cafe).sort()).toEqual(['cafe1a', 'cafe1b', 'cafe2']);
    expectPlaysAgree(am1, PLAYS);
    // Not all zero: the fixture's plays are there, and cafe1a lost in W2.
    expect(am1.data.find((r) => r.cafe === 'cafe1a')!.profits[1]).toBe(fixtureProfit('cafe1a', WEEKS[1], PLAYS));
    expect(fixtureProfit('cafe1a', WEEKS[1], PLAYS)).toBeLessThan(0);

    const all = await expectCafeProfitAgrees('superadmin', ids.superadmin, 8);
    expect(all.data.map((r) => r.cafe).sort()).toEqual(Object.keys(CAFES).sort());
    expectPlaysAgree(all, PLAYS);
    // A master sees its own cafes.
    const master1 = await expectCafeProfitAgrees('master1', ids.master1, 4);
    expect(master1.data.map((r) => r.cafe).sort()).toEqual(['cafe1a', 'cafe1b']);
  });

  it('reads closed weeks as their closing fixed them and books late plays in the open week, as Cafe Profit does', async () => {
    await closeFinishedWeeks(t.app.db, { now: t.clock.now() });
    await addLatePlays(t.app.db, ids);
    const body = await expectCafeProfitAgrees('superadmin', ids.superadmin, 4);
    expect(body.weeks.map((w) => w.open)).toEqual([false, false, false, true]);
    expectPlaysAgree(body, [...PLAYS, ...LATE_PLAYS]);
    await expectCafeProfitAgrees('am1', ids.am1, 12);
    await expectCafeProfitAgrees('master1', ids.master1, 26);

    // A void arriving after its week closed leaves the closed week as its closing fixed it and
    // reverses the play in the open week (docs/feed.md, "Voided plays and hands").
    const voided = PLAYS[6]!; // W2: player1 at cafe2
    await t.app.db.execute(
      sql`UPDATE plays SET voided_at = ${NOW}::timestamptz, void_reason = 'a fault', void_booked_day = ${TODAY}::date
           WHERE member_id = ${ids[voided.member]} AND played_at = ${voided.at}::timestamptz`,
    );
    const after = await expectCafeProfitAgrees('superadmin', ids.superadmin, 4);
    const cafe2 = (b: CafeTrendsBody) => b.data.find((r) => r.cafe === voided.cafe)!.profits;
    expect(cafe2(after)[1]).toBe(cafe2(body)[1]);
    expect(cafe2(after)[3]).toBe((cents(cafe2(body)[3]!) - cents(voided.play) + cents(voided.win)) / 100);
  });

  it('sorts by any column over every cafe and pages on the server, with totals over every cafe', async () => {
    const all = await ok<CafeTrendsBody>('superadmin', 'cafetrends?weeks=4&pageSize=50');
    const tieBreak = (a: CafeTrendsBody['data'][number], b: CafeTrendsBody['data'][number]) =>
      compareCodePoints(a.master, b.master) || compareCodePoints(a.cafe, b.cafe);
    const orders: [string, 'asc' | 'desc', (r: CafeTrendsBody['data'][number]) => number | string][] = [
      ['week2', 'asc', (r) => r.profits[1]!],
      ['week4', 'desc', (r) => r.profits[3]!],
      ['total', 'desc', (r) => r.total],
      ['change', 'asc', (r) => r.change],
      ['previous', 'asc', (r) => r.previous],
      ['cafe', 'desc', (r) => r.cafe],
      ['master', 'asc', (r) => r.master],
    ];
    for (const [sort, order, key] of orders) {
      const sign = order === 'asc' ? 1 : -1;
      const expected = [...all.data].sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        const byKey = typeof ka === 'number' ? ka - (kb as number) : compareCodePoints(ka, kb as string);
        return sign * byKey || tieBreak(a, b);
      });
      const pages: string[] = [];
      for (const page of [1, 2, 3]) {
        const body = await ok<CafeTrendsBody>(
          'superadmin',
          `cafetrends?weeks=4&sort=${sort}&order=${order}&page=${page}&pageSize=2`,
        );
        expect(body).toMatchObject({ total: 5, page, pageSize: 2 });
        expect(body.totals, `${sort} page ${page}`).toEqual(all.totals);
        pages.push(...body.data.map((r) => r.cafe));
      }
      expect(pages, `${sort} ${order}`).toEqual(expected.map((r) => r.cafe));
    }
    // Past the last page: no rows, the count and totals still.
    const past = await ok<CafeTrendsBody>('superadmin', 'cafetrends?weeks=4&page=9&pageSize=2');
    expect(past).toMatchObject({ data: [], total: 5 });
    expect(past.totals).toEqual(all.totals);
  });

  it('reads the whole network’s default order from the totals the writes keep per cafe, as summing every cafe gives it', async () => {
    // Kept for the week of today since the closing job ran (the test before); the void and late plays since then too.
    await expectKeptOrderAgrees(AFTER_THE_VOID);
  });

  it('while the kept week is being moved (here, a move stopped after one slice), sums every cafe; the next move finishes it', async () => {
    const week = weekStartOf(istDayOf(t.clock.now().toISOString()));
    const next = plusDays(week, 7);
    // As a closing that stopped after its first slice leaves it: two cafes at the next week, the rest at this one.
    await t.app.db.execute(sql`UPDATE cafe_trend_week SET moving_to = ${next}::date`);
    await t.app.db.execute(
      sql`SELECT * FROM cafe_trend_totals_move_slice(${next}::date, '00000000-0000-0000-0000-000000000000'::uuid, 2)`,
    );
    const atNext = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM cafe_trend_totals WHERE week_start = ${next}::date`,
    );
    expect(atNext[0]!.n).toBe(2);
    // This week's order, as summing every cafe gives it, page by page.
    const summed = await ok<CafeTrendsBody>('superadmin', 'cafetrends?weeks=4&sort=cafe&order=asc&pageSize=50');
    const expected = [...summed.data].sort(
      (a, b) => cents(b.total) - cents(a.total) || compareCodePoints(a.master, b.master) || compareCodePoints(a.cafe, b.cafe),
    );
    const pages: CafeTrendsBody['data'] = [];
    for (const page of [1, 2, 3]) {
      pages.push(...(await ok<CafeTrendsBody>('superadmin', `cafetrends?weeks=4&order=desc&page=${page}&pageSize=2`)).data);
    }
    expect(pages).toEqual(expected);
    // The next move to this week takes the two back and reads the kept totals again.
    expect(await keepCafeTrendWeek(t.app.db, week)).toBe(true);
    await expectKeptOrderAgrees(AFTER_THE_VOID);
  });

  it('exports every cafe with one column per week, as the screen shows them, in CSV and Excel', async () => {
    const body = await ok<CafeTrendsBody>('am1', 'cafetrends?weeks=4&sort=cafe&order=asc');
    const res = await get('am1', 'cafetrends?weeks=4&sort=cafe&order=asc&page=2&pageSize=1&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/cafe-trends-am1-4-weeks-to-2025-03-12\.csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Cafe,Agent,Week of 17-Feb-2025,Week of 24-Feb-2025,Week of 03-Mar-2025,Week of 10-Mar-2025,Total,Period Before,Change',
    );
    // Every cafe, not the page asked for, in the order asked.
    expect(lines.slice(1, 4).map((line) => line.split(',')[0])).toEqual(['cafe1a', 'cafe1b', 'cafe2']);
    for (const row of body.data) {
      const cells = lines.find((line) => line.startsWith(`${row.cafe},`))!.split(',');
      expect(cells[1]).toBe(row.master);
      expect(cells.slice(2, 6).map(Number)).toEqual(row.profits);
      expect(cells.slice(6, 9).map(Number)).toEqual([row.total, row.previous, row.change]);
    }
    const xlsx = await get('am1', 'cafetrends?weeks=4&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('keeps to the scope rule: a subject outside the caller’s subtree is refused as by every report, a member is no subject', async () => {
    // am2's subtree is a sibling of am1's.
    const foreign = await get('am1', `cafetrends?id=${ids.am2}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.statusCode).toBe((await get('am1', `cafeprofit?id=${ids.am2}`)).statusCode);
    expect((await get('master1', `cafetrends?id=${ids.master2}`)).statusCode).toBe(403);
    expect((await get('am1', 'cafetrends?id=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('am1', `cafetrends?id=${ids.player1}`)).statusCode).toBe(400);
    expect((await get('player1', 'cafetrends')).statusCode).toBe(403);
    // The superadmin may ask about am2: its one master's two cafes.
    const am2 = await ok<CafeTrendsBody>('superadmin', `cafetrends?id=${ids.am2}`);
    expect(am2.data.map((r) => r.cafe).sort()).toEqual(['cafe3', 'cafe3b']);
    expect(am2.account).toEqual({ _id: ids.am2, username: 'am2' });
  });

  it('refuses a week count, a sort or a page it does not know with 400, naming the field by its label on the screen', async () => {
    for (const [query, message] of [
      ['weeks=5', /^Weeks must be one of 4, 8, 12, 26$/],
      ['weeks=abc', /^Weeks must be one of 4, 8, 12, 26$/],
      ['sort=week9', /sort must name one of the 4 weeks shown/],
      ['sort=profit', /sort.*must be one of cafe, master, total, previous, change or week1 to week26/],
      ['order=up', /order.*must be asc or desc/],
      ['page=0', /^Page must be 1 or more$/],
      ['pageSize=51', /^Rows per page must be at most 50$/],
      ['fromDate=2025-01-01', /Unknown query parameter: fromDate/],
    ] as const) {
      const res = await get('am1', `cafetrends?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });

  it('measures the change against the weeks just before (a later today)', async () => {
    t.clock.set('2025-03-26T12:00:00+05:30'); // two weeks on: W3..W6 shown, W-1..W2 before
    await closeFinishedWeeks(t.app.db, { now: t.clock.now() });
    for (const user of ['superadmin', 'am1'] as const) sessions[user] = await signIn(t.app, user);
    const body = await expectCafeProfitAgrees('am1', ids.am1, 4);
    expect(body.weeks.map((w) => w.fromDate)).toEqual([WEEKS[2], WEEKS[3], '2025-03-17', '2025-03-24']);
    expect(body.data.some((r) => r.previous !== 0)).toBe(true);
    // The period before, from the plays: W1 and W2 (late plays are booked on TODAY, in W4).
    const all = [...PLAYS, ...LATE_PLAYS];
    for (const row of body.data) {
      const cafe = row.cafe as Cafe;
      expect(row.previous, cafe).toBe(sumPoints([fixtureProfit(cafe, WEEKS[0], all), fixtureProfit(cafe, WEEKS[1], all)]));
    }
    expect(TODAY < body.weeks[2]!.fromDate).toBe(true);
    // The closing job moved the kept totals two weeks on: what left each period and what entered it.
    await expectKeptOrderAgrees(AFTER_THE_VOID);
  });
});
