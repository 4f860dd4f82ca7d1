import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts, injectAs, NETWORK, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { closeFinishedWeeks } from '../settlement/index.js';

/**
 * The list reports paged and sorted on the server (docs/screens.md, Every report screen): every
 * page in every order adds up to the whole list, the totals are the plays' own sums, and the
 * paging parameters are checked.
 */

/** More masters than a page, at four depths (below the superadmin, an admin, a sam, an am), some inactive. */
const MORE_MASTERS: [string, string, string, number, boolean][] = [
  // username, parent, address, commission, active
  ['Mzeta', 'superadmin', 'beta town', 12.5, true],
  ['malpha', 'admin1', 'Alpha city', 10, false],
  ['mdelta', 'admin2', 'alpha city', 7, true],
  ['mgamma', 'sam1', 'Zed', 12.5, false],
  ['momega', 'am1', 'Beta town', 10, true],
  ['mkappa', 'am2', '', 3, false],
  ['mlambda', 'sam2', 'Zed', 10, true],
];

const TREE = [
  ...NETWORK,
  ...MORE_MASTERS.map(([username, parent]) => [username, 'master', parent] as const),
  ['pz', 'player', 'Mzeta'],
  ['pa', 'player', 'malpha'],
  ['pg', 'player', 'mgamma'],
  ['po', 'player', 'momega'],
  ['pl', 'player', 'mlambda'],
] as const;

const parentOf = new Map<string, string | null>(TREE.map(([username, , parent]) => [username, parent]));

/** Plays as [player, cafe owner, play points, win points, UTC time]. */
const PLAYS: [string, string, number, number, string][] = [
  ['player1', 'master1', 500, 120, '2025-03-05T09:00:00Z'],
  ['player2', 'master2', 200, 450, '2025-03-05T10:00:00Z'],
  ['player3', 'master3', 1000, 0, '2025-03-06T11:00:00Z'],
  ['pz', 'Mzeta', 300, 10, '2025-03-05T12:00:00Z'],
  ['pa', 'master1', 80.5, 0, '2025-03-07T12:00:00Z'], // at another agent's cafe
  ['pg', 'mgamma', 40, 400, '2025-03-08T12:00:00Z'],
  ['po', 'momega', 300, 10, '2025-03-05T13:00:00Z'], // the same profit as pz's: a tie
  ['pl', 'mlambda', 64, 0, '2025-03-12T05:00:00Z'], // today
  ['player1', 'master1', 25, 0, '2025-03-12T06:00:00Z'], // today
  ['pa', 'malpha', 11, 1, '2025-03-11T06:00:00Z'],
];

const NOW = '2025-03-12T12:00:00Z';
const TODAY = '2025-03-12';
/** A week the closing fixed (Monday to Sunday), and one day of it. */
const CLOSED_WEEK = { from: '2025-03-03', to: '2025-03-09' };

const istDayOf = (utc: string) => new Date(Date.parse(utc) + 5.5 * 3600_000).toISOString().slice(0, 10);

/** Whether `account` is `root` or below it, by the tree of the test. */
function isUnder(account: string, root: string): boolean {
  for (let at: string | null | undefined = account; at; at = parentOf.get(at)) if (at === root) return true;
  return false;
}

/** Independent reference: Σ (play − win) in points of the plays of members of the masters below `root` over the days. */
function profitOfPlays(root: string, range: { from: string; to: string }): number {
  let cents = 0;
  for (const [player, , play, win, at] of PLAYS) {
    const day = istDayOf(at);
    if (day < range.from || day > range.to || !isUnder(parentOf.get(player)!, root)) continue;
    cents += Math.round(play * 100) - Math.round(win * 100);
  }
  return cents / 100;
}

/** Each list report: its path, its sorts, and where its answer keeps the rows' count. */
const REPORTS = [
  { path: 'agentdetails', sorts: ['username', 'address', 'commission'] },
  { path: 'dailystatus', sorts: ['username', 'address', 'profit'] },
  { path: 'findstatus', sorts: ['username', 'fullname', 'profit'] },
  { path: 'nonperforming', sorts: ['username', 'fullname'] },
] as const;

type Answer = { data: Record<string, unknown>[]; total?: number; page?: number; pageSize?: number; totalProfit?: number };

describe.each(TEST_DB_KINDS)('list reports paged on the server on %s', (kind) => {
  let t: TestApp;
  let ids: Record<string, string>;
  const sessions: Record<string, TestSession> = {};

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(NOW);
    const db = t.app.db;
    ids = await createAccounts(db, TREE);
    for (const [username, , address, commission, active] of MORE_MASTERS) {
      await db.execute(sql`UPDATE accounts SET address = ${address}, commission = ${commission}, user_status = ${active},
                                  first_name = ${username.slice(1)}, last_name = 'Agent'
                            WHERE id = ${ids[username]}::uuid`);
    }
    await db.execute(sql`UPDATE accounts SET user_status = false WHERE username = 'master2'`);
    for (const master of TREE.filter(([, role]) => role === 'master')) {
      await db.execute(sql`INSERT INTO cafes (master_id, name) VALUES (${ids[master[0]]}, ${`${master[0]} cafe`})`);
    }
    for (const [player, owner, play, win, at] of PLAYS) {
      await db.execute(sql`
        INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
        SELECT ${ids[player]}::uuid, c.id, 1, ${Math.round(play * 100)}, ${Math.round(win * 100)}, ${at}::timestamptz
          FROM cafes c WHERE c.master_id = ${ids[owner]}::uuid`);
    }
    await closeFinishedWeeks(db, { now: t.clock.now() });
    for (const who of ['superadmin', 'sam1', 'am2']) sessions[who] = await signIn(t.app, who);
  });
  afterAll(async () => t?.close());

  const get = async (who: string, path: string) => {
    const res = await injectAs(t.app, sessions[who]!, { url: `/api/playrep/${path}` });
    return { status: res.statusCode, body: res.json() as Answer & { message?: string } };
  };
  const ok = async (who: string, path: string) => {
    const { status, body } = await get(who, path);
    expect(status, `${who} ${path}: ${body.message}`).toBe(200);
    return body;
  };

  // The superadmin's default page walks an index; sam1's and am2's subtrees are read from the closure.
  const VIEWS = [
    ['superadmin', ''],
    ['sam1', ''],
    ['superadmin', `id=${'am1'}`],
    ['am2', ''],
  ] as const;
  const subjectOf = (_who: string, id: string) => (id ? `id=${ids[id.slice(3)]}&` : '');
  const rootOf = (who: string, id: string) => (id ? id.slice(3) : who);

  it('every page in every order, one after another, is the whole list in the same order', async () => {
    for (const { path, sorts } of REPORTS) {
      for (const [who, id] of VIEWS) {
        for (const sort of sorts) {
          for (const order of ['asc', 'desc']) {
            const base = `${path}?${subjectOf(who, id)}fromDate=${TODAY}&toDate=${TODAY}&sort=${sort}&order=${order}`;
            const whole = await ok(who, base);
            expect(whole.total, 'the whole list has no paging echo').toBeUndefined();
            const pages: Record<string, unknown>[] = [];
            // Up to the page past the end, which adds nothing.
            for (let page = 1; page <= Math.ceil(whole.data.length / 2) + 1; page++) {
              const answer = await ok(who, `${base}&page=${page}&pageSize=2`);
              expect([answer.total, answer.page, answer.pageSize], base).toEqual([whole.data.length, page, 2]);
              pages.push(...answer.data);
            }
            expect(pages, `${who} ${base}`).toEqual(whole.data);
          }
        }
      }
    }
  });

  it('orders by the column asked, ties by Agent ID, and by username without a sort', async () => {
    const rows = (await ok('superadmin', `dailystatus?date=2025-03-05&sort=profit&order=desc`)).data as {
      username: string;
      profit: number;
    }[];
    const expected = [...rows].sort(
      (a, b) => b.profit - a.profit || a.username.toLowerCase().localeCompare(b.username.toLowerCase()),
    );
    expect(rows).toEqual(expected);
    // The tie exists: two masters with the same profit that day, by Agent ID.
    expect(rows.filter((r) => r.profit === 290).map((r) => r.username)).toEqual(['momega', 'Mzeta']);
    const byName = (await ok('superadmin', 'agentdetails?page=1&pageSize=50')).data.map((r) => r.username as string);
    expect(byName).toEqual([...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(byName).toHaveLength(TREE.filter(([, role]) => role === 'master').length);
  });

  it('the totals are over every master, each equal to the sum of the plays, on a page and on the whole list', async () => {
    const ranges = [
      { from: TODAY, to: TODAY }, // the default view: today, open week
      { from: '2025-03-05', to: '2025-03-05' }, // one day of a closed week
      CLOSED_WEEK, // a whole closed week: what its closing fixed
      { from: '2025-03-05', to: '2025-03-11' }, // part closed week, part open
    ];
    for (const range of ranges) {
      for (const [who, id] of VIEWS) {
        const expected = profitOfPlays(rootOf(who, id), range);
        const query = `${subjectOf(who, id)}fromDate=${range.from}&toDate=${range.to}`;
        const daily = await ok(who, `dailystatus?${query}`);
        expect(daily.totalProfit, `${who} ${query} whole`).toBeCloseTo(expected, 2);
        const dailyPage = await ok(who, `dailystatus?${query}&page=2&pageSize=2`);
        expect(dailyPage.totalProfit, `${who} ${query} page`).toBeCloseTo(expected, 2);
        const status = await ok(who, `findstatus?${query}&page=1&pageSize=3`);
        expect(status.totalProfit, `${who} ${query} agent status`).toBeCloseTo(expected, 2);
      }
    }
    // Not vacuous: the ranges have plays in more than one subtree.
    expect(profitOfPlays('superadmin', CLOSED_WEEK)).not.toBe(profitOfPlays('sam1', CLOSED_WEEK));
    expect(profitOfPlays('superadmin', { from: TODAY, to: TODAY })).toBeGreaterThan(0);
  });

  it('a page past the end is empty and still counts every row', async () => {
    for (const { path } of REPORTS) {
      const whole = await ok('superadmin', path);
      const past = await ok('superadmin', `${path}?page=${whole.data.length + 1}&pageSize=1`);
      expect([past.data, past.total], path).toEqual([[], whole.data.length]);
    }
    // Counted by the tree of the test: master2 and the inactive masters added below sam1.
    const inactiveBelowSam1 = ['master2', ...MORE_MASTERS.filter(([, , , , active]) => !active).map(([u]) => u)].filter((u) =>
      isUnder(u, 'sam1'),
    );
    expect(inactiveBelowSam1.length).toBeGreaterThan(1);
    const np = await ok('sam1', 'nonperforming?page=1&pageSize=1');
    expect([np.total, (np as unknown as { inactiveAgents: number }).inactiveAgents, np.data.length]).toEqual([
      inactiveBelowSam1.length,
      inactiveBelowSam1.length,
      1,
    ]);
  });

  it('agent status of one agent is a one-row list, paged or not', async () => {
    const one = await ok('superadmin', `findstatus?agentId=momega&date=2025-03-05&page=1&pageSize=10`);
    expect(one.data.map((r) => [r.username, r.profit])).toEqual([['momega', 290]]);
    expect([one.total, one.totalProfit]).toEqual([1, 290]);
    expect((await ok('superadmin', `findstatus?agentId=momega&date=2025-03-05&page=2`)).data).toEqual([]);
  });

  it('refuses a bad page, page size, sort or order with 400 and a message naming it', async () => {
    const cases: [string, RegExp][] = [
      ['page=0', /^page\b.*1 or more/],
      ['page=two', /^page\b.*number/],
      ['page=1.5', /^page\b.*whole number/],
      ['pageSize=0', /^pageSize\b.*1 or more/],
      ['pageSize=51', /^pageSize\b.*at most 50/],
      ['order=up', /^order\b.*asc or desc/],
      ['sort=bogus', /^sort\b.*must be one of username/],
    ];
    for (const { path } of REPORTS) {
      for (const [query, message] of cases) {
        const { status, body } = await get('superadmin', `${path}?${query}`);
        expect([status, body], `${path}?${query}`).toEqual([400, { message: expect.stringMatching(message) }]);
      }
    }
    // A sort another report has is not this one's.
    expect((await get('superadmin', 'nonperforming?sort=profit')).status).toBe(400);
  });

  it('a subject outside the caller stays refused with paging too', async () => {
    const { status } = await get('sam1', `dailystatus?id=${ids.master3}&page=1`);
    expect(status).toBe(403);
  });

  it('the downloads hold every row, whatever page is asked', async () => {
    const whole = await ok('superadmin', 'agentdetails');
    const res = await injectAs(t.app, sessions.superadmin!, { url: '/api/playrep/agentdetails?format=csv&page=2&pageSize=2' });
    expect(res.statusCode).toBe(200);
    for (const row of whole.data) expect(res.body).toContain(row.username as string);
  });
});
