import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, type Queryable, queryRows } from '../../src/db/client.js';
import { addDays } from '../../src/lib/dates.js';
import { centsToPoints } from '../../src/lib/money.js';
import { idleMasters, lastWeekFigures, losingCafesToday, openLoans } from '../../src/modules/insight/today.js';
import {
  buildMoneyNetwork,
  type Cafe,
  cents,
  type Ids,
  NOW,
  PLAYS,
  type Play,
  TODAY,
  type Username,
  WEEKS,
} from '../../src/modules/money/test-support/money-fixture.js';
import { closeFinishedWeeks } from '../../src/modules/settlement/index.js';
import { injectAs, signIn, type TestSession } from '../fixtures/network.js';
import { buildTestApp, type TestApp } from '../test-app.js';
import { createTestDatabase, databaseError, migrationsBefore, TEST_DB_KINDS } from '../test-db.js';

interface Figures {
  profit: number;
  stake: number;
  plays: number;
  activeMembers: number;
}
interface TodayBody {
  today: string;
  lastWeekDay: string;
  figures: { today: Figures; lastWeek: Figures };
  threshold: number;
  bigWins: { member: string; cafe: string; cafeMaster: string; game: string; stake: number; win: number }[];
  losingCafes: { cafe: string; master: string; plays: number; stake: number; profit: number }[];
  waitingTransfers: { from: string; amount: number }[];
  openLoans: { username: string; totalLoan: number; outstanding: number }[];
  openLoanTotals: { count: number; totalLoan: number; outstanding: number };
  idleMasters: { username: string }[];
  idleMasterCount: number;
}

interface LoanRow {
  username: string;
  totalLoan: number;
  outstanding: number;
}
/** Computer Loan's rows that still owe, as Today lists them: the most owed first, then by username. */
const owingMost = (rows: readonly LoanRow[]): LoanRow[] =>
  rows
    .filter((l) => l.outstanding > 0)
    .sort((a, b) => b.outstanding - a.outstanding || a.username.toLowerCase().localeCompare(b.username.toLowerCase()));

// Wednesday 12-Mar-2025, NOW is 15:00 IST: plays of the day so far (player1 wins big at master2's cafe).
const p = (member: Username, cafe: Cafe, game: number, play: number, win: number, at: string): Play => ({
  member,
  cafe,
  game,
  play,
  win,
  at,
});
const TODAY_PLAYS: Play[] = [
  p('player1', 'cafe2', 2, 100, 15_000, '2025-03-12T09:30:00+05:30'),
  p('player2', 'cafe2', 1, 500, 0, '2025-03-12T10:00:00+05:30'),
  p('player1b', 'cafe1a', 3, 250.5, 12_000.25, '2025-03-12T11:00:00+05:30'),
  p('player2', 'cafe1a', 1, 80, 0, '2025-03-12T14:59:00+05:30'),
];
// Wednesday a week before, at the edges of its hours: the ones after 15:00 are not in last week's
// figures "up to the same time" at NOW.
const LAST_WEEK_PLAYS: Play[] = [
  p('player3', 'cafe3', 1, 40, 0, '2025-03-05T00:00:00+05:30'),
  p('player2', 'cafe1a', 2, 60, 75.5, '2025-03-05T09:15:00+05:30'),
  p('player1b', 'cafe2', 3, 20, 0, '2025-03-05T14:59:59+05:30'),
  p('player2', 'cafe2', 1, 900, 0, '2025-03-05T18:00:00+05:30'),
  p('player1', 'cafe3b', 4, 33, 10, '2025-03-05T23:59:59+05:30'),
];

const UNDER: Record<'superadmin' | 'am1' | 'master1', readonly Username[]> = {
  superadmin: ['player1', 'player1b', 'player2', 'player3'],
  am1: ['player1', 'player1b', 'player2'],
  master1: ['player1', 'player1b'],
};
const CAFE_MASTER: Record<Cafe, Username> = {
  cafe1a: 'master1',
  cafe1b: 'master1',
  cafe2: 'master2',
  cafe3: 'master3',
  cafe3b: 'master3',
};

const sumPoints = (values: readonly number[]) => values.reduce((s, v) => s + cents(v), 0) / 100;
const figuresOf = (plays: readonly Play[]): Figures => ({
  profit: sumPoints(plays.map((x) => x.play - x.win)),
  stake: sumPoints(plays.map((x) => x.play)),
  plays: plays.length,
  activeMembers: new Set(plays.map((x) => x.member)).size,
});

async function addPlays(db: Queryable, ids: Ids, plays: readonly Play[] = [...TODAY_PLAYS, ...LAST_WEEK_PLAYS]): Promise<void> {
  for (const play of plays) {
    await db.execute(
      sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
          VALUES (${ids[play.member]}, (SELECT id FROM cafes WHERE name = ${play.cafe}), ${play.game}, ${cents(play.play)},
                  ${cents(play.win)}, ${play.at}::timestamptz)`,
    );
  }
}

/** The times of TODAY at which last week's figures are asked: the edges of hours and of the day. */
const TIMES = [
  '2025-03-12T00:00:00+05:30',
  '2025-03-12T09:15:00+05:30',
  '2025-03-12T09:40:00+05:30',
  '2025-03-12T14:59:58+05:30',
  NOW,
  '2025-03-12T23:59:59+05:30',
];

/** The plays of `who`'s subtree made on the same weekday a week before `now`, up to the same time. */
const lastWeekUpTo = (who: keyof typeof UNDER, now: string): Play[] => {
  const until = Date.parse(now) - 7 * 86_400_000;
  const dayStart = Date.parse(`${new Date(until + 19_800_000).toISOString().slice(0, 10)}T00:00:00+05:30`);
  return [...PLAYS, ...LAST_WEEK_PLAYS].filter(
    (x) => UNDER[who].includes(x.member) && !x.booked && Date.parse(x.at) >= dayStart && Date.parse(x.at) <= until,
  );
};

/**
 * Today (docs/domain.md, "Insight"): its profit against Daily Status of today, its lists against
 * the plays, loans and transfers put in, and the big-win threshold kept per user.
 */
describe.each(TEST_DB_KINDS)('today on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  const sessions = {} as Record<'superadmin' | 'am1' | 'master1' | 'player1', TestSession>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(NOW);
    ids = await buildMoneyNetwork(t.app.db);
    await addPlays(t.app.db, ids);
    // A transfer waiting for master1 (pending: sent by am1, not accepted yet).
    await t.app.db.execute(
      sql`INSERT INTO transfers (from_id, to_id, amount_cents, channel, status, created_at)
          VALUES (${ids.am1}, ${ids.master1}, 12345, 'single', 'pending', '2025-03-12T08:00:00+05:30')`,
    );
    for (const user of ['superadmin', 'am1', 'master1', 'player1'] as const) sessions[user] = await signIn(t.app, user);
  });
  afterAll(async () => t?.close());

  const call = (who: keyof typeof sessions, path: string, method: 'GET' | 'POST' = 'GET') =>
    injectAs(t.app, sessions[who], { method, url: `/api/playrep/${path}`, headers: { origin: 'http://localhost' } });
  const ok = async <T>(who: keyof typeof sessions, path: string): Promise<T> => {
    const res = await call(who, path);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json() as T;
  };

  it.each(['superadmin', 'am1', 'master1'] as const)("%s: today's profit is the sum of Daily Status for today", async (who) => {
    const today = await ok<TodayBody>(who, 'today');
    const daily = await ok<{ data: { profit: number }[]; totalProfit: number }>(
      who,
      `dailystatus?fromDate=${TODAY}&toDate=${TODAY}`,
    );
    expect(today.today).toBe(TODAY);
    expect(today.figures.today.profit).toBe(sumPoints(daily.data.map((r) => r.profit)));
    expect(today.figures.today).toEqual(figuresOf(TODAY_PLAYS.filter((x) => UNDER[who].includes(x.member))));
    // Last Wednesday up to 15:00: the fixture's plays of that day before then, not the ones after.
    const lastWeek = lastWeekUpTo(who, NOW);
    expect(lastWeek.length).toBeGreaterThan(0);
    expect(today.lastWeekDay).toBe('2025-03-05');
    expect(today.figures.lastWeek).toEqual(figuresOf(lastWeek));
  });

  it('lists the wins at or above the threshold, the losing cafes, the masters with no play, open loans and waiting transfers', async () => {
    const body = await ok<TodayBody>('superadmin', 'today');
    expect(body.threshold).toBe(10_000);
    expect(body.bigWins.map((w) => [w.member, w.cafe, w.cafeMaster, w.stake, w.win])).toEqual([
      ['player1', 'cafe2', 'master2', 100, 15_000],
      ['player1b', 'cafe1a', 'master1', 250.5, 12_000.25],
    ]);
    // Every cafe whose plays today lose, by where they were played (not whose members played).
    const byCafe = new Map<Cafe, Play[]>();
    for (const play of TODAY_PLAYS) byCafe.set(play.cafe, [...(byCafe.get(play.cafe) ?? []), play]);
    const losing = [...byCafe]
      .map(([cafe, plays]) => ({ cafe, master: CAFE_MASTER[cafe], ...figuresOf(plays) }))
      .filter((c) => c.profit < 0)
      .sort((a, b) => a.profit - b.profit)
      .map((c) => ({ cafe: c.cafe, master: c.master, plays: c.plays, stake: c.stake, profit: c.profit }));
    expect(losing.length).toBe(2);
    expect(body.losingCafes.map(({ cafe, master, plays, stake, profit }) => ({ cafe, master, plays, stake, profit }))).toEqual(
      losing,
    );
    expect(body.idleMasters.map((m) => m.username)).toEqual(['master3']);
    expect(body.idleMasterCount).toBe(1);
    // Open loans: Computer Loan's rows that still owe, the most owed first, with their count and sums.
    const loans = await ok<{ data: LoanRow[] }>('superadmin', 'computerloan');
    const owing = owingMost(loans.data);
    expect(owing.length).toBeGreaterThan(0);
    expect(body.openLoans).toEqual(
      owing.map((l) => expect.objectContaining({ username: l.username, totalLoan: l.totalLoan, outstanding: l.outstanding })),
    );
    expect(body.openLoanTotals).toEqual({
      count: owing.length,
      totalLoan: sumPoints(owing.map((l) => l.totalLoan)),
      outstanding: sumPoints(owing.map((l) => l.outstanding)),
    });
    expect(body.waitingTransfers).toEqual([]);
    const master1 = await ok<TodayBody>('master1', 'today');
    expect(master1.waitingTransfers.map((w) => [w.from, w.amount])).toEqual([['am1', 123.45]]);
    expect(master1.bigWins.map((w) => w.member)).toEqual(['player1', 'player1b']); // its members, wherever they played
  });

  it('lists the first rows of the open loans and of the masters with no play, and counts them all', async () => {
    const superadmin = { id: ids.superadmin, role: 'superadmin' };
    // The day after TODAY has no play: every active master is idle.
    const active = await queryRows<{ username: string }>(
      t.app.db,
      sql`SELECT username FROM accounts WHERE role = 'master' AND user_status ORDER BY lower(username)`,
    );
    expect(active.length).toBeGreaterThan(1);
    const idle = await idleMasters(t.app.db, { owner: superadmin, today: addDays(TODAY, 1), limit: 1 });
    expect([idle.rows.map((m) => m.username), idle.count]).toEqual([[active[0]?.username], active.length]);

    const owing = owingMost((await ok<{ data: LoanRow[] }>('superadmin', 'computerloan')).data);
    const first = await openLoans(t.app.db, { owner: superadmin, limit: 1 });
    expect(first.rows.map((l) => [l.username, centsToPoints(l.outstandingCents)])).toEqual(
      owing.slice(0, 1).map((l) => [l.username, l.outstanding]),
    );
    expect([first.count, centsToPoints(first.outstandingCents)]).toEqual([
      owing.length,
      sumPoints(owing.map((l) => l.outstanding)),
    ]);
    // None asked: the count and sums alone.
    const none = await openLoans(t.app.db, { owner: superadmin, limit: 0 });
    expect([none.rows, none.count, none.totalLoanCents]).toEqual([[], first.count, first.totalLoanCents]);
  });

  it('lists the cafes losing most for the whole network and for a subtree, ties at the last row by name', async () => {
    // A day of its own (two days after TODAY), taken away again at the end: cafe3 loses most,
    // cafe1b and cafe2 lose the same, cafe1a wins; poker and a winning game at cafe3b do not count.
    const day = addDays(TODAY, 2);
    const at = `${day}T12:00:00+05:30`;
    const plays: Play[] = [
      p('player3', 'cafe3', 1, 10, 310, at),
      p('player1', 'cafe1b', 2, 20, 100, at),
      p('player2', 'cafe1b', 1, 30, 0, at),
      p('player2', 'cafe2', 3, 5, 55, at),
      p('player1', 'cafe1a', 1, 90, 0, at),
      p('player3', 'cafe3b', 4, 60, 0, at),
    ];
    const expectedLosing = (masters: readonly Username[]) =>
      [...new Set(plays.map((x) => x.cafe))]
        .filter((cafe) => masters.includes(CAFE_MASTER[cafe]))
        .map((cafe) => ({ cafe, master: CAFE_MASTER[cafe], ...figuresOf(plays.filter((x) => x.cafe === cafe)) }))
        .filter((c) => c.profit < 0)
        .sort((a, b) => a.profit - b.profit || a.cafe.localeCompare(b.cafe))
        .map((c) => [c.cafe, c.master, c.plays, c.stake, c.profit]);
    const losing = async (owner: { id: string; role: string }, limit: number) =>
      (await losingCafesToday(t.app.db, { owner, today: day, limit })).map((c) => [
        c.cafe,
        c.master,
        c.plays,
        centsToPoints(c.stakeCents),
        centsToPoints(c.profitCents),
      ]);
    await addPlays(t.app.db, ids, plays);
    try {
      const all = expectedLosing(['master1', 'master2', 'master3']);
      expect(all.map(([cafe]) => cafe)).toEqual(['cafe3', 'cafe1b', 'cafe2']);
      const superadmin = { id: ids.superadmin, role: 'superadmin' };
      for (const limit of [0, 1, 2, 3, 10])
        expect(await losing(superadmin, limit), `limit ${limit}`).toEqual(all.slice(0, limit));
      expect(await losing({ id: ids.am1, role: 'areamanager' }, 10)).toEqual(expectedLosing(['master1', 'master2']));
      expect(await losing({ id: ids.am1, role: 'areamanager' }, 1)).toEqual(expectedLosing(['master1', 'master2']).slice(0, 1));
      expect(await losing({ id: ids.master1, role: 'master' }, 10)).toEqual(expectedLosing(['master1']));
      expect(await losing({ id: ids.am2, role: 'areamanager' }, 10)).toEqual(expectedLosing(['master3']));
    } finally {
      await t.app.db.execute(sql`DELETE FROM plays WHERE played_at = ${at}::timestamptz`);
    }
    expect(await losing({ id: ids.superadmin, role: 'superadmin' }, 10)).toEqual([]);
  });

  it('keeps the big-win threshold per user', async () => {
    const set = await call('am1', 'todaythreshold?threshold=12500', 'POST');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().threshold).toBe(12_500);
    const am1 = await ok<TodayBody>('am1', 'today');
    expect([am1.threshold, am1.bigWins.map((w) => w.win)]).toEqual([12_500, [15_000]]);
    // Another user's threshold stays its own.
    const superadmin = await ok<TodayBody>('superadmin', 'today');
    expect([superadmin.threshold, superadmin.bigWins.length]).toEqual([10_000, 2]);
    // Also when am1 looks at one of its agents: the threshold is the caller's.
    const ofMaster1 = await ok<TodayBody>('am1', `today?id=${ids.master1}`);
    expect(ofMaster1.bigWins.map((w) => w.win)).toEqual([15_000]);
    // Refusals name the field as Today labels it.
    for (const [bad, message] of [
      ['0', 'Big wins from (points) must be more than 0'],
      ['-5', 'Big wins from (points) must be more than 0'],
      ['abc', 'Big wins from (points) must be a number of points'],
      ['10000000.01', 'Big wins from (points) must be at most 1,00,00,000'],
      ['1.234', 'Big wins from (points) must have at most 2 decimals'],
    ]) {
      const res = await call('am1', `todaythreshold?threshold=${bad}`, 'POST');
      expect([res.statusCode, res.json().message], bad).toEqual([400, message]);
    }
    expect((await call('player1', 'today')).statusCode).toBe(403);
  });

  it('exports its tables', async () => {
    const res = await call('superadmin', 'today?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'Played,Member,Cafe,Game,Draw,Play,Win\r\n"12/03/2025, 9:30:00 am",player1,cafe2,Fun Roullet,,100.00,15000.00',
    );
    expect(res.body).toContain('Masters With No Play Today\r\nAgent,Name,Location\r\nmaster3,');
  });
  it('once last week is closed, reads its same time from what the closing fixed, at any time of the day', async () => {
    const times = TIMES;
    const who = ['superadmin', 'am1', 'master1'] as const;
    // Signed in at each time (a session does not outlive its idle limit nor precede its sign-in),
    // each from an address of its own (the sign-in throttle counts per address).
    const sessionsAt = new Map<string, TestSession>();
    const read = async () => {
      const out: Figures[] = [];
      for (const [i, time] of times.entries()) {
        t.clock.set(time);
        for (const [j, user] of who.entries()) {
          const key = `${time} ${user}`;
          if (!sessionsAt.has(key)) sessionsAt.set(key, await signIn(t.app, user, { remoteAddress: `10.9.${i}.${j + 1}` }));
          const res = await injectAs(t.app, sessionsAt.get(key)!, { url: '/api/playrep/today' });
          expect(res.statusCode, `${user} ${time}: ${res.body}`).toBe(200);
          out.push((res.json() as TodayBody).figures.lastWeek);
        }
      }
      t.clock.set(NOW);
      return out;
    };
    const expected = times.flatMap((time) => who.map((user) => figuresOf(lastWeekUpTo(user, time))));
    // The plays of that day are spread over its hours, first and last second included.
    expect(new Set(expected.map((f) => f.plays)).size).toBeGreaterThan(3);
    expect(await read()).toEqual(expected);

    expect(await closeFinishedWeeks(t.app.db, { now: new Date(NOW) })).toEqual({
      closed: WEEKS.slice(0, 3).flatMap((week) => [`${week} games`, `${week} poker`]),
    });
    const [hours] = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM play_hours WHERE day = '2025-03-05'`,
    );
    expect(hours!.n).toBeGreaterThan(0);
    expect(await read()).toEqual(expected);
    // Fixed: what the closing wrote is never changed, and nothing is added to its days.
    for (const change of [
      sql`UPDATE play_hours SET plays = plays + 1`,
      sql`DELETE FROM member_first_plays`,
      sql`INSERT INTO member_first_plays (day, member_id, parent_id, first_at)
          VALUES ('2025-03-06', ${ids.player3}, ${ids.master3}, '2025-03-06T10:00:00+05:30')`,
    ]) {
      expect(await databaseError(t.app.db.execute(change))).toMatch(/closed week|its week is closed/);
    }

    // A void arriving now, after the week closed, is booked today: that day stays as it was.
    await t.app.db.execute(
      sql`UPDATE plays SET voided_at = ${NOW}::timestamptz, void_reason = 'a fault', void_booked_day = ${TODAY}::date
           WHERE member_id = ${ids.player2} AND played_at = '2025-03-05T09:15:00+05:30'::timestamptz`,
    );
    expect(await read()).toEqual(expected);
  });

  it('after the closing, follows a master and a manager that move: the managers above them read their new subtrees', async () => {
    // Needs the closed weeks of the test before (the same weekday a week before TODAY is closed).
    const [closed] = await queryRows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM play_hours_by_manager`);
    expect(closed!.n).toBeGreaterThan(0);
    type Manager = 'superadmin' | 'sam1' | 'sam2' | 'am1' | 'am2';
    const ROLE: Record<Manager, string> = {
      superadmin: 'superadmin',
      sam1: 'superareamanager',
      sam2: 'superareamanager',
      am1: 'areamanager',
      am2: 'areamanager',
    };
    // The members whose parent (as the week closed) sits below each manager, in the tree of the moment.
    const expectUnder = async (under: Record<Manager, readonly Username[]>) => {
      for (const time of TIMES) {
        const until = Date.parse(time) - 7 * 86_400_000;
        const dayStart = Date.parse(`${new Date(until + 19_800_000).toISOString().slice(0, 10)}T00:00:00+05:30`);
        for (const who of Object.keys(under) as Manager[]) {
          const plays = [...PLAYS, ...LAST_WEEK_PLAYS].filter(
            (x) => under[who].includes(x.member) && !x.booked && Date.parse(x.at) >= dayStart && Date.parse(x.at) <= until,
          );
          const cents = await lastWeekFigures(t.app.db, { id: ids[who], role: ROLE[who] }, new Date(time));
          expect(
            {
              profit: Number(cents.profitCents) / 100,
              stake: Number(cents.stakeCents) / 100,
              plays: cents.plays,
              activeMembers: cents.activeMembers,
            },
            `${who} ${time}`,
          ).toEqual(figuresOf(plays));
        }
      }
    };
    const move = (name: Username, parent: Username) =>
      t.app.db.execute(sql`UPDATE accounts SET parent_id = ${ids[parent]}::uuid WHERE id = ${ids[name]}::uuid`);
    const everyone = ['player1', 'player1b', 'player2', 'player3'] as const;

    await move('master2', 'am2');
    await expectUnder({
      superadmin: everyone,
      sam1: ['player1', 'player1b'],
      sam2: ['player2', 'player3'],
      am1: ['player1', 'player1b'],
      am2: ['player2', 'player3'],
    });
    await move('am1', 'sam2');
    await expectUnder({
      superadmin: everyone,
      sam1: [],
      sam2: everyone,
      am1: ['player1', 'player1b'],
      am2: ['player2', 'player3'],
    });
    // And back: the tree the other tests know.
    await move('am1', 'sam1');
    await move('master2', 'am1');
    await expectUnder({
      superadmin: everyone,
      sam1: ['player1', 'player1b', 'player2'],
      sam2: ['player3'],
      am1: ['player1', 'player1b', 'player2'],
      am2: ['player3'],
    });
  });

  it("counts and lists the whole network's masters with no play as plays, moves and status changes come, both ways of finding them", async () => {
    // Masters enough that a page of 1 or 2 is found each way: walking the masters by username when
    // many are idle; when few are, from the masters whose last played day is earlier (on `day`, which
    // no master has played past) or from the day's played masters (on the day before, which those
    // who play on `day` have played past).
    const more: Record<string, string> = {};
    for (const n of [4, 5, 6, 7, 8, 9, 10]) {
      const [row] = await queryRows<{ id: string }>(
        t.app.db,
        sql`INSERT INTO accounts (username, password_hash, role, parent_id, first_name, last_name, commission)
            SELECT ${`master${n}`}, password_hash, 'master', id, 'Master', ${`Number ${n}`}, 10 FROM accounts WHERE id = ${ids.am2}::uuid
            RETURNING id`,
      );
      more[`master${n}`] = row!.id;
      await t.app.db.execute(sql`INSERT INTO cafes (master_id, name) VALUES (${row!.id}::uuid, ${`cafe of master${n}`})`);
    }
    const superadmin = { id: ids.superadmin, role: 'superadmin' };
    const day = addDays(TODAY, 3);
    const at = `${day}T10:00:00+05:30`;
    // The definition, asked of the plays' roll-ups directly: active masters with no row of the day
    // under them nor of their own.
    const expected = async (limit: number, asked = day) => {
      const idle = await queryRows<{ username: string }>(
        t.app.db,
        sql`SELECT a.username FROM accounts a
             WHERE a.role = 'master' AND a.user_status
               AND NOT EXISTS (SELECT 1 FROM play_daily_by_parent p WHERE p.parent_id = a.id AND p.day = ${asked}::date)
               AND NOT EXISTS (SELECT 1 FROM play_daily d WHERE d.member_id = a.id AND d.day = ${asked}::date)
             ORDER BY lower(a.username)`,
      );
      return { rows: idle.slice(0, limit).map((m) => m.username), count: idle.length };
    };
    const expectIdle = async (step: string) => {
      for (const asked of [day, addDays(day, -1)]) {
        for (const limit of [0, 1, 2, 20]) {
          const found = await idleMasters(t.app.db, { owner: superadmin, today: asked, limit });
          expect({ rows: found.rows.map((m) => m.username), count: found.count }, `${step}, ${asked}, limit ${limit}`).toEqual(
            await expected(limit, asked),
          );
        }
      }
    };
    const play = async (member: string, cafe: string) => {
      const [row] = await queryRows<{ id: string }>(
        t.app.db,
        sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
            VALUES (${member}::uuid, (SELECT id FROM cafes WHERE name = ${cafe}), 1, 1000, 0, ${at}::timestamptz) RETURNING id`,
      );
      return row!.id;
    };
    try {
      await expectIdle('no play yet: every active master');
      expect((await expected(20)).count).toBe(10);
      const first = await play(ids.player1, 'cafe2'); // master1's member, at master2's cafe
      await play(ids.player3, 'cafe3');
      await expectIdle('members of master1 and master3 played');
      await play(more.master5!, 'cafe of master5'); // a master's own play
      await expectIdle("master5's own play");
      await t.app.db.execute(
        sql`UPDATE accounts SET user_status = false WHERE id IN (${ids.master1}::uuid, ${more.master6!}::uuid)`,
      );
      await expectIdle('master1 (played) and master6 (idle) inactive');
      await t.app.db.execute(
        sql`UPDATE accounts SET user_status = true WHERE id IN (${ids.master1}::uuid, ${more.master6!}::uuid)`,
      );
      await expectIdle('both active again');
      await t.app.db.execute(sql`UPDATE accounts SET parent_id = ${ids.master2}::uuid WHERE id = ${ids.player1}::uuid`);
      await expectIdle("player1 moved under master2: its day goes with it, master1's is empty");
      await t.app.db.execute(sql`UPDATE accounts SET parent_id = ${ids.master1}::uuid WHERE id = ${ids.player1}::uuid`);
      await expectIdle('and back');
      await t.app.db.execute(sql`DELETE FROM plays WHERE id = ${first}`);
      await expectIdle("player1's play taken away: master1 idle again");
      // Every master played: none idle, whichever way.
      for (const [name, id] of Object.entries(more)) await play(id, `cafe of ${name}`);
      await play(ids.player2, 'cafe2');
      await play(ids.player1, 'cafe1a');
      await expectIdle('every master played');
      expect((await expected(20)).count).toBe(0);
    } finally {
      await t.app.db.execute(sql`DELETE FROM plays WHERE played_at = ${at}::timestamptz`);
      await t.app.db.execute(
        sql`UPDATE accounts SET user_status = false WHERE id IN (${sql.join(
          Object.values(more).map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
    }
    await expectIdle('the plays taken away, the new masters inactive');
  });

  it("keeps the whole network's open loans as loans are issued, changed and taken away and as closings deduct", async () => {
    const superadmin = { id: ids.superadmin, role: 'superadmin' };
    // Against Computer Loan's rows (which sum every loan's deductions) at every step.
    const expectOpenLoans = async (step: string) => {
      const owing = owingMost((await ok<{ data: LoanRow[] }>('superadmin', 'computerloan')).data);
      for (const limit of [0, 1, 2, 3, 20]) {
        const found = await openLoans(t.app.db, { owner: superadmin, limit });
        expect(
          {
            rows: found.rows.map((l) => [l.username, centsToPoints(l.totalLoanCents), centsToPoints(l.outstandingCents)]),
            count: found.count,
            totalLoan: centsToPoints(found.totalLoanCents),
            outstanding: centsToPoints(found.outstandingCents),
          },
          `${step}, limit ${limit}`,
        ).toEqual({
          rows: owing.slice(0, limit).map((l) => [l.username, l.totalLoan, l.outstanding]),
          count: owing.length,
          totalLoan: sumPoints(owing.map((l) => l.totalLoan)),
          outstanding: sumPoints(owing.map((l) => l.outstanding)),
        });
      }
    };
    // The earlier tests closed weeks: their deductions are in.
    const [deducted] = await queryRows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM loan_deductions`);
    expect(deducted!.n).toBeGreaterThan(0);
    await expectOpenLoans('after the closings');
    const issue = async (agent: string, cents: number) => {
      const [row] = await queryRows<{ id: string }>(
        t.app.db,
        sql`INSERT INTO loans (agent_id, principal_cents, processing_fee_cents, deduction_percentage, issued_at)
            VALUES (${agent}::uuid, ${cents}, 0, 50, ${NOW}::timestamptz) RETURNING id`,
      );
      return row!.id;
    };
    // master3 had no loan; master1 and master3 now owe the same more than anyone (a tie at the cut).
    const [before] = owingMost((await ok<{ data: LoanRow[] }>('superadmin', 'computerloan')).data);
    const big = cents((before?.outstanding ?? 0) + 1000);
    const loan1 = await issue(ids.master3, big);
    const master1Owes = cents(
      (await ok<{ data: LoanRow[] }>('superadmin', 'computerloan')).data.find((l) => l.username === 'master1')?.outstanding ?? 0,
    );
    const loan2 = await issue(ids.master1, big - master1Owes);
    await expectOpenLoans('two new loans, master1 and master3 tied');
    await t.app.db.execute(sql`UPDATE loans SET agent_id = ${ids.master2}::uuid WHERE id = ${loan2}::uuid`);
    await expectOpenLoans('a loan moved from master1 to master2');
    await t.app.db.execute(sql`DELETE FROM loans WHERE id IN (${loan1}::uuid, ${loan2}::uuid)`);
    await expectOpenLoans('both taken away again');
  });
});

/** The migration that brings play_hours writes the last week closed before it, which Today reads. */
describe.each(TEST_DB_KINDS)('play_hours filled by its migration on %s', (kind) => {
  it('gives the last closed week its hours: Today reads the same figures from them', async () => {
    const database = await createTestDatabase(kind, { migrate: false, poolSize: 2 });
    const earlier = migrationsBefore('0026_play_hours');
    try {
      await migrateDatabase(database, earlier);
      const ids = await buildMoneyNetwork(database.db);
      await addPlays(database.db, ids);
      // Closed as the closing marks them (the settlement rows do not matter here).
      await database.db.execute(
        sql`INSERT INTO settled_weeks (week_start, kind) VALUES (${WEEKS[0]}, 'games'), (${WEEKS[1]}, 'games'), (${WEEKS[2]}, 'games')`,
      );
      await migrateDatabase(database);

      const days = await queryRows<{ day: string }>(
        database.db,
        sql`SELECT DISTINCT day::text AS day FROM play_hours ORDER BY 1`,
      );
      expect(days.length).toBeGreaterThan(0);
      expect(days.every(({ day }) => day >= WEEKS[2] && day < WEEKS[3])).toBe(true);
      for (const time of TIMES) {
        for (const who of ['superadmin', 'am1', 'master1'] as const) {
          const owner = { id: ids[who], role: who === 'master1' ? 'master' : who === 'am1' ? 'areamanager' : 'superadmin' };
          const cents = await lastWeekFigures(database.db, owner, new Date(time));
          const figures: Figures = {
            profit: Number(cents.profitCents) / 100,
            stake: Number(cents.stakeCents) / 100,
            plays: cents.plays,
            activeMembers: cents.activeMembers,
          };
          expect(figures, `${who} ${time}`).toEqual(figuresOf(lastWeekUpTo(who, time)));
        }
      }
    } finally {
      await database.destroy();
      rmSync(earlier, { recursive: true, force: true });
    }
  });
});
