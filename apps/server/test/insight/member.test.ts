import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import {
  addLatePlays,
  buildMoneyNetwork,
  CAFES,
  cents,
  type Ids,
  LATE_PLAYS,
  NOW,
  PLAYS,
  type Play,
  POKER,
  type Username,
  WEEKS,
} from '../../src/modules/money/test-support/money-fixture.js';
import { closeFinishedWeeks } from '../../src/modules/settlement/index.js';
import { injectAs, signIn, type TestSession } from '../fixtures/network.js';
import { buildTestApp, type TestApp } from '../test-app.js';
import { TEST_DB_KINDS } from '../test-db.js';

interface WeekRow {
  fromDate: string;
  toDate: string;
  open: boolean;
  funtarget: number;
  funroullet: number;
  triplefun: number;
  funab: number;
  profit: number;
  poker: number;
}
interface MemberBody {
  member: {
    username: string;
    name: string;
    balance: number;
    active: boolean;
    registered: string;
    master: { username: string } | null;
    cafe: { name: string; master: string } | null;
  };
  weeks: WeekRow[];
}
interface PlaysBody {
  range: { fromDate: string; toDate: string };
  data: { _id: string; playedAt: string; game: string; cafe: string; stake: number; win: number; profit: number }[];
  total: number;
  totals: { stake: number; win: number; profit: number };
  page: number;
  pageSize: number;
}
interface TransfersBody {
  data: { createdAt: string; from: string; to: string; type: string; channel: string; status: string; amount: number }[];
  total: number;
}

/** The games of the fixture's plays by their id (migration 0001's games table). */
const SLUG_OF_GAME: Record<number, string> = { 1: 'funtarget', 2: 'funroullet', 3: 'triplefun', 4: 'funab' };

const DAY_MS = 86_400_000;
const IST_MS = 5.5 * 3_600_000;
/** The IST day of an instant. */
const istDayOf = (at: string) => new Date(Date.parse(at) + IST_MS).toISOString().slice(0, 10);
/** Monday of the IST week of a day. */
const mondayOf = (day: string) => {
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - weekday * DAY_MS).toISOString().slice(0, 10);
};
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const points = (hundredths: number) => hundredths / 100;

/** The day a play counts on: its booking day when late, else the IST day it was played. */
const countedDay = (play: Play) => play.booked ?? istDayOf(play.at);

/** The member's week computed here from the plays the fixture inserted: per game, their sum, poker's rake. */
function expectedWeek(member: Username, monday: string, plays: readonly Play[]) {
  const mine = plays.filter((p) => p.member === member && mondayOf(countedDay(p)) === monday);
  const byGame: Record<string, number> = Object.fromEntries(Object.values(SLUG_OF_GAME).map((slug) => [slug, 0]));
  for (const p of mine) {
    const slug = SLUG_OF_GAME[p.game]!;
    byGame[slug] = byGame[slug]! + cents(p.play) - cents(p.win);
  }
  const rake = POKER.filter((h) => h.member === member && mondayOf(istDayOf(h.at)) === monday).reduce(
    (s, h) => s + cents(h.rake),
    0,
  );
  const profit = Object.values(byGame).reduce((s, v) => s + v, 0);
  return {
    funtarget: points(byGame.funtarget!),
    funroullet: points(byGame.funroullet!),
    triplefun: points(byGame.triplefun!),
    funab: points(byGame.funab!),
    profit: points(profit),
    poker: points(rake),
  };
}

/**
 * The member page (docs/domain.md, "Insight"): its weeks against a computation from the plays the
 * test inserted and against the member's row in its master's Agent Mail of each week, before and
 * after the weeks close; its plays and transfers paged and sorted on the server; the scope rule.
 */
describe.each(TEST_DB_KINDS)('the member page on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  const sessions = {} as Record<'superadmin' | 'am1' | 'master1' | 'master2' | 'player1', TestSession>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(NOW);
    ids = await buildMoneyNetwork(t.app.db);
    for (const user of ['superadmin', 'am1', 'master1', 'master2', 'player1'] as const)
      sessions[user] = await signIn(t.app, user);
  });
  afterAll(async () => t?.close());

  const get = (who: keyof typeof sessions, path: string) => injectAs(t.app, sessions[who], { url: `/api/playrep/${path}` });
  const ok = async <T>(who: keyof typeof sessions, path: string): Promise<T> => {
    const res = await get(who, path);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json() as T;
  };

  /** The member's profit in its master's Agent Mail statement of each week (0 when it has no row). */
  async function mailProfit(master: Username, member: Username, monday: string): Promise<number> {
    const body = await ok<{ data: { username: string; profit: number }[] }>(
      'superadmin',
      `mailreport?id=${ids[master]}&fromDate=${monday}&toDate=${plusDays(monday, 6)}`,
    );
    return body.data.find((row) => row.username === member)?.profit ?? 0;
  }

  async function expectWeeksAgree(member: Username, master: Username, plays: readonly Play[]) {
    const body = await ok<MemberBody>('am1', `member?username=${member}`);
    // Twelve weeks, newest first, ending with the current week.
    expect(body.weeks).toHaveLength(12);
    expect(body.weeks.map((w) => w.fromDate)).toEqual(Array.from({ length: 12 }, (_, i) => plusDays(WEEKS[3], -7 * i)));
    for (const week of body.weeks) {
      expect(week.toDate).toBe(plusDays(week.fromDate, 6));
      const { fromDate, toDate, open, ...figures } = week;
      expect(figures, `${member} week of ${fromDate}`).toEqual(expectedWeek(member, fromDate, plays));
      expect(week.profit, `${member} week of ${fromDate} against Agent Mail`).toBe(await mailProfit(master, member, fromDate));
    }
    return body;
  }

  it('shows the member, its master, its cafe and balance', async () => {
    await t.app.db.execute(sql`UPDATE accounts SET wallet_balance_cents = 1234567 WHERE id = ${ids.player1}`);
    const body = await ok<MemberBody>('master1', 'member?username=PLAYER1');
    expect(body.member).toMatchObject({
      username: 'player1',
      balance: 12_345.67,
      active: true,
      registered: '2025-01-10',
      master: { username: 'master1' },
    });
    // The cafe of most of its plays in the weeks shown, counted here.
    const counts = new Map<string, number>();
    for (const p of PLAYS.filter((x) => x.member === 'player1')) counts.set(p.cafe, (counts.get(p.cafe) ?? 0) + 1);
    const top = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    expect(body.member.cafe).toEqual({ name: top, master: CAFES[top as keyof typeof CAFES] });
  });

  it('its weeks by game are its plays’ profit and equal its rows in Agent Mail, while every week is open', async () => {
    const body = await expectWeeksAgree('player1', 'master1', PLAYS);
    // The fixture's four weeks are open; the weeks before them, before settlement began, are final and empty.
    expect(body.weeks.map((w) => w.open)).toEqual([true, true, true, true, ...Array(8).fill(false)]);
    expect(body.weeks.some((w) => w.profit !== 0 && w.poker !== 0)).toBe(true);
    await expectWeeksAgree('player2', 'master2', PLAYS);
    await expectWeeksAgree('player1b', 'master1', PLAYS);
  });

  it('after the weeks close and late plays arrive: closed weeks stay as closed, the open week takes the late profit', async () => {
    await closeFinishedWeeks(t.app.db, { now: t.clock.now() });
    await addLatePlays(t.app.db, ids);
    const withLate = [...PLAYS, ...LATE_PLAYS];
    const body = await expectWeeksAgree('player1', 'master1', withLate);
    expect(body.weeks.slice(0, 4).map((w) => w.open)).toEqual([true, false, false, false]);
    await expectWeeksAgree('player2', 'master2', withLate);
    await expectWeeksAgree('player1b', 'master1', withLate);
  });

  it('its plays: over the range, newest first, paged and sorted on the server, with totals over every page', async () => {
    // Fifteen more plays of player1 on Tuesday of W4, so that the list has three pages of 10.
    const extra: Play[] = Array.from({ length: 15 }, (_, i) => ({
      member: 'player1',
      cafe: 'cafe1b',
      game: 3,
      play: 10 + i,
      win: i % 3 === 0 ? 50 : 0,
      at: `2025-03-11T13:${String(10 + i).padStart(2, '0')}:00+05:30`,
    }));
    for (const play of extra) {
      await t.app.db.execute(
        sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
            VALUES (${ids.player1}, (SELECT id FROM cafes WHERE name = ${play.cafe}), ${play.game}, ${cents(play.play)},
                    ${cents(play.win)}, ${play.at}::timestamptz)`,
      );
    }
    const range = { from: WEEKS[0], to: '2025-03-12' };
    // The late plays arrived in the test before: listed at the time they were played.
    const mine = [...PLAYS, ...LATE_PLAYS, ...extra].filter(
      (p) => p.member === 'player1' && istDayOf(p.at) >= range.from && istDayOf(p.at) <= range.to,
    );
    const newestFirst = [...mine].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
    const list = `memberplays?username=player1&fromDate=${range.from}&toDate=${range.to}`;
    const pages = [1, 2, 3].map((page) => ok<PlaysBody>('master1', `${list}&pageSize=10&page=${page}`));
    const [first, second, third] = await Promise.all(pages);
    expect(first!.range).toEqual({ fromDate: range.from, toDate: range.to });
    expect([first!.total, first!.page, first!.pageSize]).toEqual([mine.length, 1, 10]);
    expect([first!.data.length, second!.data.length, third!.data.length]).toEqual([10, 10, mine.length - 20]);
    expect([...first!.data, ...second!.data, ...third!.data].map((r) => Date.parse(r.playedAt))).toEqual(
      newestFirst.map((p) => Date.parse(p.at)),
    );
    const sum = (f: (p: Play) => number) => points(mine.reduce((s, p) => s + f(p), 0));
    const totals = {
      stake: sum((p) => cents(p.play)),
      win: sum((p) => cents(p.win)),
      profit: sum((p) => cents(p.play) - cents(p.win)),
    };
    expect(first!.totals).toEqual(totals);
    expect(third!.totals).toEqual(totals);
    const row = first!.data[0]!;
    const newest = newestFirst[0]!;
    const GAME_NAMES: Record<number, string> = { 1: 'Fun Target', 2: 'Fun Roullet', 3: 'Triple Fun', 4: 'Fun AB' };
    expect([row.game, row.cafe, row.stake, row.win, row.profit]).toEqual([
      GAME_NAMES[newest.game],
      newest.cafe,
      newest.play,
      newest.win,
      points(cents(newest.play) - cents(newest.win)),
    ]);

    // By stake, smallest first: the second page is the 11th to the 20th smallest.
    const byStake = [...mine].sort((a, b) => a.play - b.play || Date.parse(a.at) - Date.parse(b.at));
    const byStakePage2 = await ok<PlaysBody>('am1', `${list}&sort=stake&order=asc&pageSize=10&page=2`);
    expect(byStakePage2.data.map((r) => r.stake)).toEqual(byStake.slice(10, 20).map((p) => p.play));

    // The default range is the last 7 days.
    const recent = await ok<PlaysBody>('am1', 'memberplays?username=player1');
    expect(recent.range).toEqual({ fromDate: '2025-03-06', toDate: '2025-03-12' });
    expect(recent.total).toBe(mine.filter((p) => istDayOf(p.at) >= '2025-03-06').length);

    // The download holds every play of the range, not one page.
    const csv = await get('am1', `${list}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`member-plays-player1-${range.from}-to-${range.to}.csv`);
    expect(csv.body).toContain('Played,Game,Draw,Cafe,Play,Win,Profit');
    expect(csv.body.split('\r\n').filter((line) => /^"\d{2}\/\d{2}\/\d{4}/.test(line))).toHaveLength(mine.length);
  });

  it('its plays leave out a voided play, from the list and its totals (docs/feed.md)', async () => {
    const list = 'memberplays?username=player2&fromDate=2025-03-10&toDate=2025-03-12';
    const before = await ok<PlaysBody>('am1', list);
    const [{ id }] = (await queryRows<{ id: string }>(
      t.app.db,
      sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
          VALUES (${ids.player2}, (SELECT id FROM cafes WHERE name = 'cafe1b'), 1, ${cents(77)}, 0, '2025-03-12T09:00:00+05:30')
          RETURNING id::text AS id`,
    )) as [{ id: string }];
    const withPlay = await ok<PlaysBody>('am1', list);
    expect([withPlay.total, withPlay.totals.stake]).toEqual([before.total + 1, points(cents(before.totals.stake) + cents(77))]);
    await t.app.db.execute(sql`UPDATE plays SET voided_at = now(), void_reason = 'a fault' WHERE id = ${id}::bigint`);
    const after = await ok<PlaysBody>('am1', list);
    expect([after.total, after.totals]).toEqual([before.total, before.totals]);
    expect(withPlay.data.map((r) => r._id)).toContain(id);
    expect(after.data.map((r) => r._id)).not.toContain(id);
  });

  it('its transfers: both sides, both channels, newest first, paged on the server', async () => {
    const [house] = await queryRows<{ id: string }>(
      t.app.db,
      sql`INSERT INTO accounts (username, role, first_name, last_name) VALUES ('HOUSE', 'house', 'House', '') RETURNING id`,
    );
    const made = [
      { from: house!.id, to: ids.player1, amount: 500, channel: 'single', status: 'accepted', at: '2025-03-10T10:00:00+05:30' },
      {
        from: ids.player1,
        to: ids.master1,
        amount: 120.5,
        channel: 'multiplayer',
        status: 'pending',
        at: '2025-03-11T10:00:00+05:30',
      },
      { from: ids.master1, to: ids.player1, amount: 75, channel: 'single', status: 'rejected', at: '2025-03-12T09:00:00+05:30' },
      // Another member's transfer: not listed.
      { from: ids.master1, to: ids.player1b, amount: 9, channel: 'single', status: 'accepted', at: '2025-03-12T09:30:00+05:30' },
    ];
    for (const m of made) {
      await t.app.db.execute(
        sql`INSERT INTO transfers (from_id, to_id, amount_cents, channel, status, created_at, resolved_at)
            VALUES (${m.from}, ${m.to}, ${cents(m.amount)}, ${m.channel}, ${m.status}, ${m.at}::timestamptz,
                    ${m.status === 'pending' ? null : m.at}::timestamptz)`,
      );
    }
    const body = await ok<TransfersBody>('am1', 'membertransfers?username=player1&pageSize=10');
    expect(body.total).toBe(3);
    expect(body.data.map((r) => [r.from, r.to, r.type, r.channel, r.status, r.amount])).toEqual([
      ['master1', 'player1', 'P', 'single', 'rejected', 75],
      ['player1', 'master1', 'P', 'multiplayer', 'pending', 120.5],
      ['HOUSE', 'player1', 'G', 'single', 'accepted', 500],
    ]);
    const page2 = await ok<TransfersBody>('am1', 'membertransfers?username=player1&pageSize=10&sort=amount&order=asc&page=1');
    expect(page2.data.map((r) => r.amount)).toEqual([75, 120.5, 500]);
  });

  it('is refused outside the caller’s subtree, for a non-player, without a member and to a player', async () => {
    const refusals: [keyof typeof sessions, string, number, string | RegExp][] = [
      // master2 may not see player1 (another agent's member): as if it did not exist.
      ['master2', 'member?username=player1', 404, 'No such account'],
      ['master2', 'memberplays?username=player1', 404, 'No such account'],
      ['master2', 'membertransfers?username=player1', 404, 'No such account'],
      ['am1', 'member?username=player3', 404, 'No such account'],
      ['am1', 'member?username=nobody', 404, 'No such account'],
      ['am1', 'member?username=master1', 400, 'master1 is a master, not a member: the member page is about players'],
      ['am1', 'member', 400, 'Member ID is required'],
      ['am1', 'memberplays?username=player1&pageSize=7', 400, /^Rows per page must be one of 10, 20, 50, 100$/],
      ['am1', 'memberplays?username=player1&sort=cafe', 400, /sort/],
      ['player1', 'member?username=player1', 403, 'Not allowed'],
    ];
    for (const [who, path, status, message] of refusals) {
      const res = await get(who, path);
      expect([path, res.statusCode], `${who} ${path}: ${res.body}`).toEqual([path, status]);
      expect(res.json().message).toMatch(message);
    }
  });

  it('the subject picker finds players too when asked, whatever roles the report takes', async () => {
    const body = await ok<{ data: { username: string }[]; members: { username: string; role: string }[] }>(
      'am1',
      'accountsearch?q=player&roles=master&members=1',
    );
    expect(body.data).toEqual([]);
    expect(body.members.map((m) => m.username).sort()).toEqual(['player1', 'player1b', 'player2']);
    const without = await ok<{ members: unknown[] }>('am1', 'accountsearch?q=player&roles=master');
    expect(without.members).toEqual([]);
  });
});
