import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import {
  addLatePlays,
  buildMoneyNetwork,
  type Cafe,
  cents,
  type Ids,
  LATE_PLAYS,
  NOW,
  PARENT,
  PLAYS,
  type Play,
  TODAY,
  type Username,
  WEEKS,
} from '../../src/modules/money/test-support/money-fixture.js';
import { closeFinishedWeeks } from '../../src/modules/settlement/index.js';
import { injectAs, signIn, type TestSession } from '../fixtures/network.js';
import { buildTestApp, type TestApp } from '../test-app.js';
import { TEST_DB_KINDS } from '../test-db.js';

interface WeekGlanceBody {
  account: { _id: string; username: string };
  week: { fromDate: string; toDate: string; open: boolean };
  days: string[];
  data: { _id: string; username: string; name: string; role: string; profits: number[]; total: number }[];
  totals: { profits: number[]; total: number };
  total: number;
  page: number;
  pageSize: number;
}

/** The open week of the fixture (W4, today Wednesday 12-Mar-2025) and the closed one before it. */
const OPEN_WEEK = WEEKS[3];
const CLOSED_WEEK = WEEKS[2];

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const istDayOf = (at: string) => new Date(Date.parse(at) + 330 * 60_000).toISOString().slice(0, 10);
const daysOf = (monday: string) => Array.from({ length: 7 }, (_, i) => plusDays(monday, i));

/**
 * Plays this test adds to the money fixture's, in the open week: player1b plays on Monday and
 * then moves to master2 on Wednesday (every day of its week counts for master2 from then on, as
 * Daily Status reads it), player1 plays on Tuesday and that play is voided while its week is open
 * (it counts nowhere), player3 plays on Tuesday and today.
 */
const EXTRA_PLAYS: Play[] = [
  { member: 'player1b', cafe: 'cafe1b', game: 1, play: 640, win: 40.5, at: '2025-03-10T19:00:00+05:30' },
  { member: 'player1', cafe: 'cafe1a', game: 3, play: 75, win: 0, at: '2025-03-11T09:15:00+05:30' },
  { member: 'player3', cafe: 'cafe3', game: 2, play: 210, win: 500, at: '2025-03-11T22:00:00+05:30' },
  { member: 'player3', cafe: 'cafe3b', game: 4, play: 99.99, win: 0, at: '2025-03-12T10:00:00+05:30' },
];
/** Voided while the open week was open: counts on no day. */
const VOIDED_OPEN = EXTRA_PLAYS[1]!;
/** A play of the closed week W3 voided today: it stays on its own day, and is reversed today. */
const VOIDED_AFTER_CLOSE = PLAYS.find((p) => p.member === 'player3' && p.at.startsWith('2025-03-08'))!;
const MOVED: Username = 'player1b';

/** Every account's parent as it is now (after the move). */
const PARENT_NOW: Record<Username, Username | null> = { ...PARENT, [MOVED]: 'master2' };

/**
 * Profit per member and IST day worked out here from the fixture's plays, as the product's rules
 * book them (docs/domain.md, "Weekly settlement"): a late play on the day it arrived, a play voided
 * while its week was open nowhere, one voided after its week closed on its day and reversed on the
 * day the void arrived.
 */
function expectedCents(): Map<string, number> {
  const byMemberDay = new Map<string, number>();
  const add = (member: Username, day: string, profit: number) =>
    byMemberDay.set(`${member} ${day}`, (byMemberDay.get(`${member} ${day}`) ?? 0) + profit);
  for (const play of [...PLAYS, ...LATE_PLAYS, ...EXTRA_PLAYS]) {
    if (play === VOIDED_OPEN) continue;
    const profit = cents(play.play) - cents(play.win);
    add(play.member, play.booked ?? istDayOf(play.at), profit);
    if (play === VOIDED_AFTER_CLOSE) add(play.member, TODAY, -profit);
  }
  return byMemberDay;
}

/** The direct child of `subject` whose subtree holds `account` (the tree of now), if any. */
function childAbove(account: Username, subject: Username): Username | undefined {
  let at: Username | null = account;
  while (at !== null && PARENT_NOW[at] !== subject) at = PARENT_NOW[at];
  return at ?? undefined;
}

/** The expected cell of every child of `subject` on each day of the week of `monday`, in points. */
function expectedGrid(subject: Username, monday: string): Map<Username, number[]> {
  const grid = new Map<Username, number[]>();
  for (const [account, parent] of Object.entries(PARENT_NOW) as [Username, Username | null][]) {
    if (parent === subject) grid.set(account, new Array(7).fill(0));
  }
  const days = daysOf(monday);
  for (const [key, profit] of expectedCents()) {
    const [member, day] = key.split(' ') as [Username, string];
    const child = childAbove(member, subject);
    const i = days.indexOf(day);
    if (child && i >= 0) grid.get(child)![i]! += profit;
  }
  for (const [child, cells] of grid)
    grid.set(
      child,
      cells.map((c) => c / 100),
    );
  return grid;
}

const sumPoints = (values: readonly number[]) => values.reduce((s, v) => s + cents(v), 0) / 100;

describe.each(TEST_DB_KINDS)('week at a glance on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  const sessions = {} as Record<'superadmin' | 'am1' | 'master1' | 'player1', TestSession>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(NOW);
    ids = await buildMoneyNetwork(t.app.db);
    const cafeId = async (cafe: Cafe) =>
      (await queryRows<{ id: string }>(t.app.db, sql`SELECT id FROM cafes WHERE name = ${cafe}`))[0]!.id;
    for (const play of EXTRA_PLAYS) {
      await t.app.db.execute(
        sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
            VALUES (${ids[play.member]}, ${await cafeId(play.cafe)}, ${play.game}, ${cents(play.play)}, ${cents(play.win)},
                    ${play.at}::timestamptz)`,
      );
    }
    await closeFinishedWeeks(t.app.db, { now: t.clock.now() }); // W1-W3
    await addLatePlays(t.app.db, ids); // played in W2 and W3, booked today
    await t.app.db.execute(
      sql`UPDATE plays SET voided_at = ${NOW}::timestamptz, void_reason = 'test: voided while its week is open'
           WHERE member_id = ${ids[VOIDED_OPEN.member]} AND played_at = ${VOIDED_OPEN.at}::timestamptz`,
    );
    await t.app.db.execute(
      sql`UPDATE plays SET voided_at = ${NOW}::timestamptz, void_reason = 'test: voided after its week closed', void_booked_day = ${TODAY}
           WHERE member_id = ${ids[VOIDED_AFTER_CLOSE.member]} AND played_at = ${VOIDED_AFTER_CLOSE.at}::timestamptz`,
    );
    await t.app.db.execute(sql`UPDATE accounts SET parent_id = ${ids.master2} WHERE id = ${ids[MOVED]}`);
    for (const user of ['superadmin', 'am1', 'master1', 'player1'] as const) sessions[user] = await signIn(t.app, user);
  });
  afterAll(async () => t?.close());

  const get = (who: keyof typeof sessions, path: string) => injectAs(t.app, sessions[who], { url: `/api/playrep/${path}` });
  const ok = async <T>(who: keyof typeof sessions, path: string): Promise<T> => {
    const res = await get(who, path);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json() as T;
  };

  /** Daily Status of `account` for one day, as its screen asks: the total of its masters. */
  const dailyStatusProfit = async (account: Username, day: string) =>
    (await ok<{ totalProfit: number }>('superadmin', `dailystatus?id=${ids[account]}&date=${day}`)).totalProfit;

  /** Every cell against the fixture's plays and against Daily Status; the totals against the cells. */
  async function expectGridAgrees(subject: Username, monday?: string): Promise<WeekGlanceBody> {
    const week = monday ?? OPEN_WEEK;
    const body = await ok<WeekGlanceBody>(
      'superadmin',
      `weekglance?id=${ids[subject]}&pageSize=50${monday ? `&fromDate=${monday}` : ''}`,
    );
    expect(body.week).toEqual({ fromDate: week, toDate: plusDays(week, 6), open: week === OPEN_WEEK });
    expect(body.days).toEqual(daysOf(week));
    const expected = expectedGrid(subject, week);
    expect(body.data.map((r) => r.username).sort()).toEqual([...expected.keys()].sort());
    for (const row of body.data) {
      expect(row.profits, `${subject} > ${row.username}, week of ${week}`).toEqual(expected.get(row.username as Username));
      expect(row.total).toBe(sumPoints(row.profits));
    }
    expect(body.totals.profits).toEqual(body.days.map((_, i) => sumPoints(body.data.map((r) => r.profits[i]!))));
    expect(body.totals.total).toBe(sumPoints(body.data.map((r) => r.total)));
    // Equal to Daily Status: the subject's day, and each agent child's day.
    for (const [i, day] of body.days.entries()) {
      expect(body.totals.profits[i], `${subject}'s Daily Status of ${day}`).toBe(await dailyStatusProfit(subject, day));
      for (const row of body.data.filter((r) => r.role !== 'player' && r.profits[i] !== 0)) {
        expect(row.profits[i], `${row.username}'s Daily Status of ${day}`).toBe(
          await dailyStatusProfit(row.username as Username, day),
        );
      }
    }
    return body;
  }

  it('the open week by default: each cell the child’s profit that day, late plays, voids and the moved member included', async () => {
    const am1 = await expectGridAgrees('am1');
    expect(am1.data.some((r) => r.profits.some((p) => p !== 0))).toBe(true);
    // player1b's Monday play counts for master2, which it moved to on Wednesday.
    const master2 = am1.data.find((r) => r.username === 'master2')!;
    expect(master2.profits[0]).toBe((cents(640) - cents(40.5)) / 100);
    expect(am1.data.find((r) => r.username === 'master1')!.profits[0]).toBe(2000);
    const master2Members = await expectGridAgrees('master2');
    expect(master2Members.data.map((r) => r.username).sort()).toEqual(['player1b', 'player2']);
    expect(master2Members.data.find((r) => r.username === 'player1b')!.profits[0]).toBe((cents(640) - cents(40.5)) / 100);
    const master1Members = await expectGridAgrees('master1');
    expect(master1Members.data.map((r) => r.username)).toEqual(['player1']);
    await expectGridAgrees('superadmin');
    await expectGridAgrees('sam1');
    await expectGridAgrees('master3');
  });

  it('a closed week from its Monday, read as Daily Status reads each of its days', async () => {
    const body = await expectGridAgrees('am1', CLOSED_WEEK);
    expect(body.week.open).toBe(false);
    expect(body.data.some((r) => r.profits.some((p) => p !== 0))).toBe(true);
    await expectGridAgrees('superadmin', CLOSED_WEEK);
    await expectGridAgrees('master3', CLOSED_WEEK);
    await expectGridAgrees('master2', WEEKS[1]);
  });

  it('today holds the late plays and the reversal of the play voided after its week closed', async () => {
    const body = await ok<WeekGlanceBody>('superadmin', `weekglance?id=${ids.master3}`);
    const player3 = body.data.find((r) => r.username === 'player3')!;
    // Wednesday: 99.99 played today, the 1,000 of Saturday 08-Mar (W3) reversed today.
    expect(player3.profits[2]).toBe((cents(99.99) - cents(1000)) / 100);
    const closed = await ok<WeekGlanceBody>('superadmin', `weekglance?id=${ids.master3}&fromDate=${CLOSED_WEEK}`);
    expect(closed.data.find((r) => r.username === 'player3')!.profits[5]).toBe(1000);
  });

  it('sorts by any column over every child and pages on the server, the totals over every child', async () => {
    const all = await ok<WeekGlanceBody>('superadmin', `weekglance?id=${ids.am1}&sort=day1&order=asc`);
    const byMonday = [...all.data].sort((a, b) => a.profits[0]! - b.profits[0]! || a.username.localeCompare(b.username));
    expect(all.data.map((r) => r.username)).toEqual(byMonday.map((r) => r.username));
    const second = await ok<WeekGlanceBody>('superadmin', `weekglance?id=${ids.am1}&sort=day1&order=asc&page=2&pageSize=1`);
    expect([second.total, second.page, second.pageSize]).toEqual([2, 2, 1]);
    expect(second.data.map((r) => r.username)).toEqual([byMonday[1]!.username]);
    expect(second.totals).toEqual(all.totals);
    const byName = await ok<WeekGlanceBody>('superadmin', `weekglance?id=${ids.am1}&sort=username&order=desc`);
    expect(byName.data.map((r) => r.username)).toEqual(['master2', 'master1']);
    const byTotal = await ok<WeekGlanceBody>('superadmin', `weekglance?id=${ids.superadmin}&sort=total&order=desc`);
    const totals = byTotal.data.map((r) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const byFullName = await ok<WeekGlanceBody>('superadmin', `weekglance?id=${ids.master2}&sort=name&order=asc`);
    expect(byFullName.data.map((r) => r.name)).toEqual(
      [...byFullName.data.map((r) => r.name)].sort((a, b) => a.localeCompare(b)),
    );
  });

  it('exports every child with one column per day, as the screen shows them, in CSV and Excel', async () => {
    const body = await ok<WeekGlanceBody>('am1', 'weekglance?sort=username&order=asc');
    const res = await get('am1', 'weekglance?sort=username&order=asc&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`week-at-a-glance-am1-week-of-${OPEN_WEEK}.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toContain(
      'Account,Name,Mon 10-Mar-2025,Tue 11-Mar-2025,Wed 12-Mar-2025,Thu 13-Mar-2025,Fri 14-Mar-2025,Sat 15-Mar-2025,Sun 16-Mar-2025,Total',
    );
    for (const row of body.data) {
      const cells = lines.find((line) => line.startsWith(`${row.username},`))!.split(',');
      expect(cells.slice(2, 9).map(Number), row.username).toEqual(row.profits);
      expect(Number(cells[9])).toBe(row.total);
    }
    const xlsx = await get('am1', 'weekglance?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('keeps to the scope rule: an account outside the caller’s subtree is refused, a member cannot open it', async () => {
    const foreign = await get('am1', `weekglance?id=${ids.master3}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Not allowed');
    expect((await get('master1', `weekglance?id=${ids.am1}`)).statusCode).toBe(403);
    expect((await get('player1', 'weekglance')).statusCode).toBe(403);
    // About a member (no accounts below it): refused as every report about a role it does not cover.
    expect((await get('master1', `weekglance?id=${ids.player1}`)).statusCode).toBe(400);
    // master1 sees its members.
    const own = await ok<WeekGlanceBody>('master1', 'weekglance');
    expect(own.account.username).toBe('master1');
    expect(own.data.map((r) => r.username)).toEqual(['player1']);
  });

  it('refuses a week that is not a Monday, a bad date, a week to come, a sort or a page size it does not know', async () => {
    for (const [query, message] of [
      [
        'fromDate=2025-03-12',
        /^From Date must be a Monday: Week at a Glance shows one week, Monday to Sunday \(12-Mar-2025 is not\)$/,
      ],
      ['fromDate=2025-02-30', /^From Date is not a valid date \(use YYYY-MM-DD or DD-Mon-YYYY\): 2025-02-30$/],
      ['fromDate=soon', /^From Date is not a valid date/],
      ['fromDate=1999-12-27', /^From Date must be a date in the years 2000 to 2100/],
      ['fromDate=2025-03-17', /^From Date must not be after 10-Mar-2025, the Monday of the current week$/],
      ['sort=day8', /sort.*must be one of username, name, total or day1 \(Monday\) to day7 \(Sunday\)/],
      ['pageSize=51', /^Rows per page must be at most 50$/],
      ['toDate=2025-03-16', /toDate/],
    ] as const) {
      const res = await get('am1', `weekglance?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
    // DD-Mon-YYYY is a date too.
    expect((await ok<WeekGlanceBody>('am1', 'weekglance?fromDate=03-Mar-2025')).week.fromDate).toBe(CLOSED_WEEK);
  });
});
