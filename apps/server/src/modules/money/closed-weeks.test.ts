import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, NETWORK, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { closeFinishedWeeks } from '../settlement/index.js';
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
  type Username,
  WEEKS,
} from './test-support/money-fixture.js';
import { directChildren, masterOf, playsBelow, plusDays } from './test-support/money-reference.js';

/**
 * Reports about a closed week read what the week's closing fixed (weekly_play_totals), not the
 * daily roll-ups: the member lists of Agent Mail, Manager Mail and the week popup, Agent Mail's
 * points by game, Revenue's late profit and Daily Status over whole weeks. Their figures equal
 * the reference computed from the fixture's raw plays, and stay put when the roll-up rows of the
 * closed weeks are altered behind the triggers' back, while an open week's figures move with them.
 */

const SUNDAY = (week: string) => plusDays(week, 6);
const points = (c: number) => c / 100;
const MASTERS = NETWORK.filter(([, role]) => role === 'master').map(([name]) => name as Username);
const ACCOUNTS: Username[] = ['superadmin', 'admin1', 'am1', 'master1', 'master2'];
const elsewhere = (p: Play) => CAFES[p.cafe] !== masterOf(p.member);

/** Σ play points and Σ profit of the plays below `account` counted in the week. */
function sums(account: Username, week: string, plays: readonly Play[], filter: (p: Play) => boolean = () => true) {
  const below = playsBelow(account, week, SUNDAY(week), filter, plays);
  return {
    play: below.reduce((s, p) => s + cents(p.play), 0),
    profit: below.reduce((s, p) => s + cents(p.play) - cents(p.win), 0),
  };
}

/** What the reference says the week's reports show for `account`. */
function expectedWeek(account: Username, week: string, plays: readonly Play[]) {
  const children = directChildren(account).filter((c) => playsBelow(c, week, SUNDAY(week), undefined, plays).length > 0);
  return {
    members: children.map((child) => ({
      username: child,
      playPoints: points(sums(child, week, plays).play),
      profit: points(sums(child, week, plays).profit),
    })),
    userFound: children
      .filter((child) => sums(child, week, plays, elsewhere).play > 0)
      .map((child) => ({
        username: child,
        playPoints: points(sums(child, week, plays, elsewhere).play),
        profit: points(sums(child, week, plays, elsewhere).profit),
      })),
    byGame: [1, 2, 3, 4].map((game) => {
      // The plays below the account, its own excluded (they are below its children).
      const below = (p: Play) => p.game === game && p.member !== account;
      return {
        playPoints: points(sums(account, week, plays, below).play),
        profit: points(sums(account, week, plays, below).profit),
      };
    }),
    dailyStatus: MASTERS.map((master) => ({
      username: master,
      profit: points(sums(master, week, plays).profit),
      playedElsewhere: sums(master, week, plays, elsewhere).play > 0,
    })),
    late: sums(account, week, plays, (p) => p.booked !== undefined).profit,
  };
}

describe.each(TEST_DB_KINDS)('closed weeks read what their closing fixed, on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  let superadmin: TestSession;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(NOW);
    ids = await buildMoneyNetwork(t.app.db);
    expect(await closeFinishedWeeks(t.app.db, { now: t.clock.now() })).toMatchObject({
      closed: expect.arrayContaining([`${WEEKS[2]} games`]),
    });
    // Booked today, in the open week W4.
    await addLatePlays(t.app.db, ids);
    superadmin = await signIn(t.app, 'superadmin');
  });
  afterAll(async () => t?.close());

  const ok = async (path: string) => {
    const res = await injectAs(t.app, superadmin, { url: `/api/playrep/${path}` });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json();
  };

  /** Every figure of the week the reports below show, for `account`. */
  async function reportsOf(account: Username, week: string) {
    const range = `fromDate=${week}&toDate=${SUNDAY(week)}`;
    // One after the other: an account may have only a few report calls in flight (REPORTS_PER_ACCOUNT).
    const mail = await ok(`mailreport?id=${ids[account]}&${range}`);
    const manager = await ok(`managermailreport?id=${ids[account]}&${range}`);
    const popup = await ok(`revenueweek?id=${ids[account]}&fromDate=${week}`);
    const daily = await ok(`dailystatus?id=${ids.superadmin}&${range}`);
    const revenue = await ok(`revenuereport?id=${ids[account]}&${range}`);
    return {
      open: mail.open as boolean,
      members: mail.data.map((r: { username: string; playPoints: number; profit: number }) => ({
        username: r.username,
        playPoints: r.playPoints,
        profit: r.profit,
      })),
      userFound: mail.userFound,
      byGame: mail.pointsByType.map((g: { playPoints: number; profit: number }) => ({
        playPoints: g.playPoints,
        profit: g.profit,
      })),
      manager: manager.data.map((r: { username: string; profit: number }) => ({ username: r.username, profit: r.profit })) as {
        username: string;
        profit: number;
      }[],
      popup: popup.members.map((r: { username: string; playPoints: number; profit: number }) => ({
        username: r.username,
        playPoints: r.playPoints,
        profit: r.profit,
      })),
      dailyStatus: daily.data.map((r: { username: string; profit: number; playedElsewhere: boolean }) => ({
        username: r.username,
        profit: r.profit,
        playedElsewhere: r.playedElsewhere,
      })),
      late: revenue.data[0].lateProfit as number,
    };
  }

  function expectReference(got: Awaited<ReturnType<typeof reportsOf>>, account: Username, week: string, plays: readonly Play[]) {
    const want = expectedWeek(account, week, plays);
    const label = `${account} ${week}`;
    expect(got.members, label).toEqual(want.members);
    expect(got.popup, label).toEqual(want.members);
    expect(got.manager, label).toEqual(want.members.map(({ username, profit }) => ({ username, profit })));
    expect(got.userFound, label).toEqual(want.userFound);
    expect(got.byGame, label).toEqual(want.byGame);
    expect(got.dailyStatus, label).toEqual(want.dailyStatus);
    expect(got.late, label).toBe(points(want.late));
  }

  it('a closed week shows what the reference computes from the raw plays', async () => {
    for (const week of WEEKS.slice(0, 3)) {
      for (const account of ACCOUNTS) {
        const got = await reportsOf(account, week);
        expect(got.open).toBe(false);
        expectReference(got, account, week, PLAYS);
      }
    }
    // The open week, live, late plays included.
    const open = await reportsOf('am1', WEEKS[3]);
    expect(open.open).toBe(true);
    expectReference(open, 'am1', WEEKS[3], [...PLAYS, ...LATE_PLAYS]);
    expect(open.late).not.toBe(0);
  });

  it('altering the roll-ups behind the triggers changes the open week only', async () => {
    const weeks = [WEEKS[1], WEEKS[2], WEEKS[3]];
    const before = await Promise.all(weeks.map((week) => reportsOf('am1', week)));
    const shift = async (by: number) =>
      t.app.db.transaction(async (tx) => {
        // Replica mode skips ordinary triggers: the roll-ups' guards and folds.
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.execute(sql`UPDATE play_daily SET play_points_cents = play_points_cents + ${by}`);
        await tx.execute(
          sql`UPDATE play_daily_by_parent SET play_points_cents = play_points_cents + ${by},
                     other_play_points_cents = other_play_points_cents + ${by}`,
        );
      });
    await shift(1_000_00);
    try {
      const [changed] = await queryRows<{ n: number }>(
        t.app.db,
        sql`SELECT count(*)::int AS n FROM play_daily_by_parent WHERE day >= ${WEEKS[1]} AND day <= ${SUNDAY(WEEKS[2])}`,
      );
      expect(changed!.n).toBeGreaterThan(0);
      const after = await Promise.all(weeks.map((week) => reportsOf('am1', week)));
      expect(after[0]).toEqual(before[0]);
      expect(after[1]).toEqual(before[1]);
      // The open week reads the roll-ups: every child with plays there shows more profit.
      expect(after[2]!.manager.map((m) => m.username)).toEqual(before[2]!.manager.map((m) => m.username));
      for (const [i, child] of after[2]!.manager.entries()) expect(child.profit).toBeGreaterThan(before[2]!.manager[i]!.profit);
    } finally {
      await shift(-1_000_00);
    }
    expect(await reportsOf('am1', WEEKS[3])).toEqual(before[2]);
  });

  it('closing the week that holds late plays fixes their share of its profit', async () => {
    t.clock.set(new Date(Date.parse(NOW) + 7 * 86_400_000));
    expect(await closeFinishedWeeks(t.app.db, { now: t.clock.now() })).toEqual({
      closed: [`${WEEKS[3]} games`, `${WEEKS[3]} poker`],
    });
    superadmin = await signIn(t.app, 'superadmin'); // the session of a week ago has ended
    for (const account of ACCOUNTS) {
      const got = await reportsOf(account, WEEKS[3]);
      expect(got.open).toBe(false);
      expectReference(got, account, WEEKS[3], [...PLAYS, ...LATE_PLAYS]);
    }
    const [late] = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM weekly_play_totals WHERE week_start = ${WEEKS[3]} AND late_play_points_cents > 0`,
    );
    expect(late!.n).toBeGreaterThan(0);
  });
});
