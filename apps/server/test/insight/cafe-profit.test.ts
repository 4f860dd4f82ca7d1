import { rmSync } from 'node:fs';
import { CAFE_PROFIT_SORTS } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, queryRows } from '../../src/db/client.js';
import { cafeProfit } from '../../src/modules/insight/cafe-profit.js';
import {
  addLatePlays,
  buildMoneyNetwork,
  CAFES,
  type Cafe,
  cents,
  type Ids,
  NOW,
  PARENT,
  PLAYS,
  type Play,
  TODAY,
  type Username,
  WEEKS,
} from '../../src/modules/money/test-support/money-fixture.js';
import { istDayOf, plusDays } from '../../src/modules/money/test-support/money-reference.js';
import { closeFinishedWeeks } from '../../src/modules/settlement/index.js';
import { injectAs, signIn, type TestSession } from '../fixtures/network.js';
import { buildTestApp, type TestApp } from '../test-app.js';
import { createTestDatabase, databaseError, migrationsBefore, TEST_DB_KINDS } from '../test-db.js';

interface CafeBody {
  data: {
    cafe: string;
    master: string;
    plays: number;
    stake: number;
    wins: number;
    profit: number;
    ownProfit: number;
    otherProfit: number;
    members: number;
  }[];
}

const sumCents = (values: readonly number[]) => values.reduce((s, v) => s + cents(v), 0);
const compareCodePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What a play adds to a cafe on a day, as the roll-ups count it: a play, or a reversal (no play, the opposite sums). */
interface Entry {
  member: Username;
  cafe: Cafe;
  day: string;
  plays: number;
  play: number;
  win: number;
}
/** Plays on their booking day. */
const counted = (plays: readonly Play[]): Entry[] =>
  plays.map((p) => ({ member: p.member, cafe: p.cafe, day: p.booked ?? istDayOf(p.at), plays: 1, play: p.play, win: p.win }));

/**
 * Every cafe's row over [from, to] (API order: by master, then cafe) as computed here from
 * `entries`, each member's own or other by `parent`.
 */
function expectedRows(from: string, to: string, entries: readonly Entry[], parent: Record<Username, Username | null> = PARENT) {
  return (Object.keys(CAFES) as Cafe[]).map((cafe) => {
    const here = entries.filter((e) => e.cafe === cafe && e.day >= from && e.day <= to);
    const profit = (list: readonly Entry[]) => list.reduce((s, e) => s + cents(e.play) - cents(e.win), 0) / 100;
    return {
      cafe,
      master: CAFES[cafe],
      plays: here.reduce((s, e) => s + e.plays, 0),
      stake: sumCents(here.map((e) => e.play)) / 100,
      wins: sumCents(here.map((e) => e.win)) / 100,
      profit: profit(here),
      ownProfit: profit(here.filter((e) => parent[e.member] === CAFES[cafe])),
      otherProfit: profit(here.filter((e) => parent[e.member] !== CAFES[cafe])),
      members: new Set(here.filter((e) => e.plays > 0).map((e) => e.member)).size,
    };
  });
}

/** The total row over `rows`, summed here in hundredths. */
function totalsOf(rows: ReturnType<typeof expectedRows>) {
  return {
    plays: rows.reduce((s, r) => s + r.plays, 0),
    stake: sumCents(rows.map((r) => r.stake)) / 100,
    wins: sumCents(rows.map((r) => r.wins)) / 100,
    profit: sumCents(rows.map((r) => r.profit)) / 100,
    ownProfit: sumCents(rows.map((r) => r.ownProfit)) / 100,
    otherProfit: sumCents(rows.map((r) => r.otherProfit)) / 100,
  };
}

const weekRange = (week: string) => `fromDate=${week}&toDate=${plusDays(week, 6)}`;
const rowsOf = (body: CafeBody) =>
  body.data.map(({ cafe, master, plays, stake, wins, profit, ownProfit, otherProfit, members }) => ({
    cafe,
    master,
    plays,
    stake,
    wins,
    profit,
    ownProfit,
    otherProfit,
    members,
  }));

/** W2's play of player1 (master1's) at master2's cafe: voided once W2 is closed. */
const VOIDED = PLAYS[6]!;
/** Its reversal, booked on the day the void arrives. */
const REVERSAL: Entry = { ...counted([VOIDED])[0]!, day: TODAY, plays: 0, play: -VOIDED.play, win: -VOIDED.win };

/**
 * Cafe Profit (docs/domain.md, "Insight") against the fixture's plays: each cafe's figures are the
 * plays made there, whoever played; its own and other members' parts add up to its profit; a
 * master's cafes together are the plays at its cafes, not its profit.
 */
describe.each(TEST_DB_KINDS)('cafe profit on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  const sessions = {} as Record<'superadmin' | 'am1', TestSession>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(NOW);
    ids = await buildMoneyNetwork(t.app.db);
    for (const user of ['superadmin', 'am1'] as const) sessions[user] = await signIn(t.app, user);
  });
  afterAll(async () => t?.close());

  const ok = async (who: keyof typeof sessions, path: string) => {
    const res = await injectAs(t.app, sessions[who], { url: `/api/playrep/${path}` });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res;
  };

  it('gives each cafe the plays made there, split into its owner’s members and the others', async () => {
    const body = (await ok('superadmin', `cafeprofit?fromDate=${WEEKS[0]}&toDate=${TODAY}`)).json() as CafeBody;
    expect(body.data.map((r) => r.cafe).sort()).toEqual(Object.keys(CAFES).sort());
    for (const row of body.data) {
      const cafe = row.cafe as Cafe;
      const here = PLAYS.filter((p) => p.cafe === cafe);
      const own = here.filter((p) => PARENT[p.member] === CAFES[cafe]);
      const other = here.filter((p) => PARENT[p.member] !== CAFES[cafe]);
      expect(row.master).toBe(CAFES[cafe]);
      expect(row.plays, cafe).toBe(here.length);
      expect(cents(row.stake), cafe).toBe(sumCents(here.map((p) => p.play)));
      expect(cents(row.wins), cafe).toBe(sumCents(here.map((p) => p.win)));
      expect(cents(row.ownProfit), cafe).toBe(sumCents(own.map((p) => p.play - p.win)));
      expect(cents(row.otherProfit), cafe).toBe(sumCents(other.map((p) => p.play - p.win)));
      expect(cents(row.profit), cafe).toBe(cents(row.ownProfit) + cents(row.otherProfit));
      expect(row.members, cafe).toBe(new Set(here.map((p) => p.member)).size);
    }
    // Plays at another agent's cafe make the split: both parts somewhere.
    expect(body.data.some((r) => r.otherProfit !== 0)).toBe(true);
    // A master's cafes across the network add up to the plays at its cafes.
    for (const master of ['master1', 'master2', 'master3']) {
      const atItsCafes = PLAYS.filter((p) => CAFES[p.cafe] === master);
      const rows = body.data.filter((r) => r.master === master);
      expect(sumCents(rows.map((r) => r.profit)), master).toBe(sumCents(atItsCafes.map((p) => p.play - p.win)));
    }
  });

  it('lists only the cafes of the subject’s masters, and exports them', async () => {
    const body = (await ok('am1', `cafeprofit?fromDate=${WEEKS[0]}&toDate=${TODAY}`)).json() as CafeBody;
    expect(body.data.map((r) => r.master).sort()).toEqual(['master1', 'master1', 'master2']);
    const csv = (await ok('am1', `cafeprofit?fromDate=${WEEKS[0]}&toDate=${TODAY}&format=csv`)).body;
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Cafe,Agent,Plays,Play,Win,Profit,Own Members,Other Members,Members',
    );
    expect(csv).toContain('cafe2,master2,');
  });

  it('pages and sorts on the server, with totals over every cafe; the export holds every cafe', async () => {
    const range = `fromDate=${WEEKS[0]}&toDate=${TODAY}`;
    const all = expectedRows(WEEKS[0], TODAY, counted(PLAYS));
    // Independent order: profit high to low, ties by agent then cafe.
    const byProfit = [...all].sort(
      (a, b) => cents(b.profit) - cents(a.profit) || a.master.localeCompare(b.master) || a.cafe.localeCompare(b.cafe),
    );
    const pages: CafeBody['data'] = [];
    for (const page of [1, 2, 3]) {
      const body = (
        await ok('superadmin', `cafeprofit?${range}&sort=profit&order=desc&page=${page}&pageSize=2`)
      ).json() as CafeBody & {
        totals: Record<string, number>;
        total: number;
        page: number;
        pageSize: number;
      };
      expect(body).toMatchObject({ total: all.length, page, pageSize: 2 });
      expect(body.data.length, `page ${page}`).toBe(Math.min(2, all.length - (page - 1) * 2));
      expect(body.totals).toEqual(totalsOf(all));
      pages.push(...body.data);
    }
    expect(rowsOf({ data: pages })).toEqual(byProfit);

    const csv = (await ok('superadmin', `cafeprofit?${range}&sort=profit&order=desc&page=2&pageSize=2&format=csv`)).body;
    const lines = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1)
      .filter(Boolean);
    expect(lines.map((line) => line.split(',')[0])).toEqual([...byProfit.map((r) => r.cafe), `Total of ${all.length} rows`]);

    for (const [query, message] of [
      ['sort=secret', /sort.*must be one of cafe, master/],
      ['order=up', /order.*must be asc or desc/],
      ['page=0', /^Page must be 1 or more$/],
      ['pageSize=101', /^Rows per page must be at most 100$/],
    ] as const) {
      const res = await injectAs(t.app, sessions.superadmin, { url: `/api/playrep/cafeprofit?${range}&${query}` });
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { message: string }).message, query).toMatch(message);
    }
  });

  it('over exactly a closed week, shows what the closing fixed: the answer it gave live, equal to the plays', async () => {
    const closedWeeks = WEEKS.slice(0, 3);
    const live: string[] = [];
    for (const week of closedWeeks) live.push((await ok('superadmin', `cafeprofit?${weekRange(week)}`)).body);
    expect(await closeFinishedWeeks(t.app.db, { now: t.clock.now() })).toEqual({
      closed: closedWeeks.flatMap((week) => [`${week} games`, `${week} poker`]),
    });
    for (const [i, week] of closedWeeks.entries()) {
      const res = await ok('superadmin', `cafeprofit?${weekRange(week)}`);
      expect(res.body, week).toBe(live[i]);
      const rows = rowsOf(res.json() as CafeBody);
      expect(rows, week).toEqual(expectedRows(week, plusDays(week, 6), counted(PLAYS)));
      for (const row of rows) expect(row.ownProfit + row.otherProfit, `${week} ${row.cafe}`).toBe(row.profit);
      expect(rows.some((r) => r.plays > 0)).toBe(true);
    }
    // Read from cafe_week: a row for each cafe with plays in the week.
    const fixed = await queryRows<{ week: string; cafes: number }>(
      t.app.db,
      sql`SELECT week_start::text AS week, count(*)::int AS cafes FROM cafe_week GROUP BY 1 ORDER BY 1`,
    );
    expect(fixed).toEqual(
      closedWeeks.map((week) => ({
        week,
        cafes: new Set(
          counted(PLAYS)
            .filter((e) => e.day >= week && e.day <= plusDays(week, 6))
            .map((e) => e.cafe),
        ).size,
      })),
    );
  });

  it('a closed week is sorted by every column both ways in the database, paged, and totalled over every cafe', async () => {
    const week = WEEKS[1];
    const rows = expectedRows(week, plusDays(week, 6), counted(PLAYS));
    const byName = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
      compareCodePoints(a.master.toLowerCase(), b.master.toLowerCase()) ||
      compareCodePoints(a.cafe.toLowerCase(), b.cafe.toLowerCase());
    const totals = totalsOf(rows);
    for (const sort of CAFE_PROFIT_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const sign = order === 'asc' ? 1 : -1;
        const key = (r: (typeof rows)[number]) => r[sort];
        const expected = [...rows].sort((a, b) => {
          const [ka, kb] = [key(a), key(b)];
          const byKey =
            typeof ka === 'number' && typeof kb === 'number'
              ? ka - kb
              : compareCodePoints(String(ka).toLowerCase(), String(kb).toLowerCase());
          return sign * byKey || byName(a, b);
        });
        const pages: CafeBody['data'] = [];
        for (let page = 1; page <= Math.ceil(rows.length / 2) + 1; page++) {
          const body = (
            await ok('superadmin', `cafeprofit?${weekRange(week)}&sort=${sort}&order=${order}&page=${page}&pageSize=2`)
          ).json() as CafeBody & {
            totals: typeof totals;
            total: number;
          };
          // The page after the last one has no row, and still the count and the totals.
          expect(body, `${sort} ${order} page ${page}`).toMatchObject({ total: rows.length, totals });
          pages.push(...body.data);
        }
        expect(rowsOf({ data: pages }), `${sort} ${order}`).toEqual(expected);
      }
    }
  });

  it('a void arriving after its week closed leaves that week byte for byte, and counts in the open week without a play', async () => {
    const before = (await ok('superadmin', `cafeprofit?${weekRange(WEEKS[1])}`)).body;
    await t.app.db.execute(
      sql`UPDATE plays SET voided_at = ${NOW}::timestamptz, void_reason = 'a fault', void_booked_day = ${TODAY}::date
           WHERE member_id = ${ids[VOIDED.member]} AND played_at = ${VOIDED.at}::timestamptz`,
    );
    expect((await ok('superadmin', `cafeprofit?${weekRange(WEEKS[1])}`)).body).toBe(before);
    const open = (await ok('superadmin', `cafeprofit?fromDate=${WEEKS[3]}&toDate=${TODAY}`)).json() as CafeBody;
    expect(rowsOf(open)).toEqual(expectedRows(WEEKS[3], TODAY, [...counted(PLAYS), REVERSAL]));
    expect(rowsOf(open).find((r) => r.cafe === VOIDED.cafe)).toMatchObject({ plays: 0, members: 0, stake: -VOIDED.play });
  });

  it('keeps a closed week’s split of its closing when a member moves; any other range splits by today’s parents', async () => {
    const entries = [...counted(PLAYS), REVERSAL];
    const closed = (await ok('superadmin', `cafeprofit?${weekRange(WEEKS[1])}`)).body;
    await t.app.db.execute(sql`UPDATE accounts SET parent_id = ${ids.master2} WHERE id = ${ids.player1}`);
    const moved: Record<Username, Username | null> = { ...PARENT, player1: 'master2' };
    // player1 played at both masters' cafes in W2: the move changes the split there.
    expect(expectedRows(WEEKS[1], plusDays(WEEKS[1], 6), entries, moved)).not.toEqual(
      expectedRows(WEEKS[1], plusDays(WEEKS[1], 6), entries),
    );

    expect((await ok('superadmin', `cafeprofit?${weekRange(WEEKS[1])}`)).body).toBe(closed);
    // Not exactly one closed week: a part of it, a week from Tuesday, three closed weeks, up to today.
    for (const [from, to] of [
      [WEEKS[1], plusDays(WEEKS[1], 5)],
      [plusDays(WEEKS[1], 1), plusDays(WEEKS[1], 7)],
      [WEEKS[0], plusDays(WEEKS[2], 6)],
      [WEEKS[0], TODAY],
    ] as const) {
      const body = (await ok('superadmin', `cafeprofit?fromDate=${from}&toDate=${to}`)).json() as CafeBody;
      expect(rowsOf(body), `${from} to ${to}`).toEqual(expectedRows(from, to, entries, moved));
    }
  });

  it('refuses any change to a closed week’s cafe rows, rows added to it included', async () => {
    const [cafe] = await queryRows<{ id: string }>(t.app.db, sql`SELECT id FROM cafes WHERE name = 'cafe3b'`);
    const before = await queryRows(t.app.db, sql`SELECT * FROM cafe_week ORDER BY week_start, cafe_id`);
    for (const attempt of [
      sql`UPDATE cafe_week SET plays = plays + 1`,
      sql`DELETE FROM cafe_week WHERE week_start = ${WEEKS[0]}`,
      sql`TRUNCATE cafe_week`,
      // cafe3b had no play: no other constraint refuses its row.
      sql`INSERT INTO cafe_week (week_start, cafe_id, plays, play_points_cents, win_points_cents, own_profit_cents,
                                 other_profit_cents, members)
          VALUES (${WEEKS[0]}, ${cafe!.id}, 0, 0, 0, 0, 0, 0)`,
    ]) {
      expect(await databaseError(t.app.db.execute(attempt))).toMatch(/closed week|it is closed/);
    }
    expect(await queryRows(t.app.db, sql`SELECT * FROM cafe_week ORDER BY week_start, cafe_id`)).toEqual(before);
  });
});

/**
 * Migration 0023 on a database whose weeks W1-W3 were closed before it: cafe_week gets each closed
 * week's rows, equal to the plays; the open week gets none.
 */
describe.each(TEST_DB_KINDS)('cafe_week filled by its migration on %s', (kind) => {
  it('gives every week closed before it the rows of its plays, and the open week none', async () => {
    const database = await createTestDatabase(kind, { migrate: false, poolSize: 2 });
    const earlier = migrationsBefore('0023_cafe_week');
    try {
      await migrateDatabase(database, earlier);
      const ids = await buildMoneyNetwork(database.db);
      // Closed as the closing marks them (the settlement rows do not matter here), then late plays.
      await database.db.execute(
        sql`INSERT INTO settled_weeks (week_start, kind) VALUES (${WEEKS[0]}, 'games'), (${WEEKS[1]}, 'games'), (${WEEKS[2]}, 'games')`,
      );
      await addLatePlays(database.db, ids);
      await migrateDatabase(database);

      for (const week of WEEKS.slice(0, 3)) {
        const rows = await cafeProfit(
          database.db,
          { id: ids.superadmin, role: 'superadmin' },
          { from: week, to: plusDays(week, 6) },
        );
        expect(
          rows.map((r) => ({
            cafe: r.cafe,
            master: r.master,
            plays: r.plays,
            stake: Number(r.stakeCents) / 100,
            wins: Number(r.winsCents) / 100,
            profit: Number(r.ownProfitCents + r.otherProfitCents) / 100,
            ownProfit: Number(r.ownProfitCents) / 100,
            otherProfit: Number(r.otherProfitCents) / 100,
            members: r.members,
          })),
          week,
        ).toEqual(expectedRows(week, plusDays(week, 6), counted(PLAYS)));
      }
      const weeks = await queryRows<{ week: string }>(
        database.db,
        sql`SELECT DISTINCT week_start::text AS week FROM cafe_week ORDER BY 1`,
      );
      expect(weeks.map((w) => w.week)).toEqual(WEEKS.slice(0, 3));
    } finally {
      await database.destroy();
      rmSync(earlier, { recursive: true, force: true });
    }
  });
});
