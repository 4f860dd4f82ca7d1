import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '../../../test/fixtures/network.js';
import { createTestDatabase, databaseError, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { addDays, type IsoDay } from '../../lib/dates.js';
import { keepCafeTrendWeek } from './cafe-trend-week.js';

/**
 * cafe_trend_totals (migration 0043): each cafe's draw-games profit over the 4, 8, 12 and 26 weeks
 * ending with the kept week, against sums made here of the plays written, at the first and last
 * day of each period and the days just outside, through inserts, updates and deletes of plays, a
 * new cafe, and moves of the kept week forward, back and far away.
 */
interface Entry {
  cafe: string;
  day: IsoDay;
  gameId: number;
  play: number;
  win: number;
}

const PERIODS = [4, 8, 12, 26] as const;
const POKER = 5;

describe.each(TEST_DB_KINDS)('cafe trend totals on %s', (kind) => {
  let database: TestDatabase;
  const ids: Record<string, string> = {};
  let entries: Entry[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    Object.assign(
      ids,
      await createAccounts(database.db, [
        ['superadmin', 'superadmin', null],
        ['master1', 'master', 'superadmin'],
        ['player1', 'player', 'master1'],
      ]),
    );
    for (const cafe of ['cafe1', 'cafe2']) ids[cafe] = await addCafe(cafe);
  });
  afterAll(async () => database?.destroy());

  async function addCafe(name: string): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO cafes (master_id, name) VALUES (${ids.master1!}, ${name}) RETURNING id`,
    );
    return row!.id;
  }

  /** A play at 00:00:30 or 23:59:30 IST of `day` (the first and last seconds of a day alike). */
  async function addPlay(cafe: string, day: IsoDay, gameId: number, play: number, win: number, late = false) {
    const at = `${day}T${late ? '23:59:30' : '00:00:30'}+05:30`;
    if (gameId === POKER) {
      await database.db.execute(
        sql`INSERT INTO poker_hands (member_id, cafe_id, pot_cents, rake_cents, played_at)
            VALUES (${ids.player1!}, ${ids[cafe]!}, ${play}, ${win}, ${at}::timestamptz)`,
      );
      return;
    }
    await database.db.execute(
      sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
          VALUES (${ids.player1!}, ${ids[cafe]!}, ${gameId}, ${play}, ${win}, ${at}::timestamptz)`,
    );
    entries.push({ cafe, day, gameId, play, win });
  }

  /** What the table should hold for the kept week `week`: every cafe, each period summed here. */
  function expected(week: IsoDay): Record<string, number[]> {
    const totals: Record<string, number[]> = {};
    for (const name of Object.keys(ids).filter((key) => key.startsWith('cafe'))) {
      totals[name] = PERIODS.map((weeks) =>
        entries
          .filter((e) => e.cafe === name && e.day >= addDays(week, -7 * (weeks - 1)) && e.day <= addDays(week, 6))
          .reduce((sum, e) => sum + e.play - e.win, 0),
      );
    }
    return totals;
  }

  async function kept(): Promise<Record<string, number[]>> {
    const rows = await queryRows<{ name: string; w4: string; w8: string; w12: string; w26: string }>(
      database.db,
      sql`SELECT cf.name, t.weeks4_cents::text AS w4, t.weeks8_cents::text AS w8, t.weeks12_cents::text AS w12,
                 t.weeks26_cents::text AS w26
            FROM cafe_trend_totals t JOIN cafes cf ON cf.id = t.cafe_id`,
    );
    return Object.fromEntries(rows.map((r) => [r.name, [r.w4, r.w8, r.w12, r.w26].map(Number)]));
  }

  const WEEK = '2025-03-10' as IsoDay;

  it('keeps each period of the kept week as plays arrive, change and go, at the edges of every period', async () => {
    expect(await keepCafeTrendWeek(database.db, WEEK)).toBe(true);
    expect(await keepCafeTrendWeek(database.db, WEEK)).toBe(false);
    // The first and last days of each period, and the days just outside them; poker never counts.
    const edges: [number, boolean][] = [
      [6, true], // Sunday of the kept week, its last second
      [7, false], // the next week: in no period yet
      [0, false],
      [-21, false],
      [-22, true],
      [-49, false],
      [-50, true],
      [-77, false],
      [-78, true],
      [-175, false],
      [-176, true],
    ];
    let amount = 1000;
    for (const [offset, late] of edges) {
      amount += 137;
      await addPlay('cafe1', addDays(WEEK, offset), 1, amount, offset % 2 === 0 ? 0 : 5 * amount);
      await addPlay('cafe2', addDays(WEEK, offset), 2, amount + 1, 3);
      await addPlay('cafe2', addDays(WEEK, offset), POKER, 5000, 400, late);
    }
    const totals = await kept();
    expect(totals).toEqual(expected(WEEK));
    // Not all alike: the periods differ, and cafe1 lost in some.
    expect(new Set(totals.cafe1).size).toBe(4);
    expect(totals.cafe1!.some((v) => v < 0)).toBe(true);

    // An update (a win settled) and a delete reach the periods too.
    await database.db.execute(
      sql`UPDATE plays SET win_points_cents = win_points_cents + 250 WHERE cafe_id = ${ids.cafe1!} AND ist_day(played_at) = ${addDays(WEEK, -22)}::date`,
    );
    entries = entries.map((e) => (e.cafe === 'cafe1' && e.day === addDays(WEEK, -22) ? { ...e, win: e.win + 250 } : e));
    await database.db.execute(
      sql`DELETE FROM plays WHERE cafe_id = ${ids.cafe2!} AND ist_day(played_at) = ${addDays(WEEK, -50)}::date`,
    );
    entries = entries.filter((e) => !(e.cafe === 'cafe2' && e.day === addDays(WEEK, -50)));
    // A new cafe starts at zero and counts from its first play.
    ids.cafe3 = await addCafe('cafe3');
    expect((await kept()).cafe3).toEqual([0, 0, 0, 0]);
    await addPlay('cafe3', addDays(WEEK, -8), 3, 900, 100);
    expect(await kept()).toEqual(expected(WEEK));
  });

  it('moves every period with the kept week: one week on, several, back, and beyond every period', async () => {
    for (const weeks of [1, 3, -2, -1, 30, -30, -27]) {
      const week = addDays(
        (await queryRows<{ w: string }>(database.db, sql`SELECT week_start::text AS w FROM cafe_trend_week`))[0]!.w as IsoDay,
        7 * weeks,
      );
      expect(await keepCafeTrendWeek(database.db, week)).toBe(true);
      expect(await kept(), `moved ${weeks} weeks to ${week}`).toEqual(expected(week));
    }
    // Back to WEEK, then plays again.
    await keepCafeTrendWeek(database.db, WEEK);
    await addPlay('cafe1', addDays(WEEK, -3), 1, 700, 0);
    expect(await kept()).toEqual(expected(WEEK));
  });

  it('moves a few cafes at a time while plays arrive at them: nothing lost, nothing counted twice', async () => {
    for (let n = 4; n <= 24; n += 1) ids[`cafe${n}`] = await addCafe(`cafe${n}`);
    const from = WEEK;
    const to = addDays(WEEK, 7);
    // Days that enter or leave a period with the move, and days that stay in every period.
    const days = [addDays(to, 0), addDays(to, 6), addDays(from, -21), addDays(from, -49), addDays(from, -175), addDays(from, -3)];
    const cafes = Object.keys(ids).filter((key) => key.startsWith('cafe'));
    let n = 0;
    const arriving = async () => {
      for (let i = 0; i < 12; i += 1) {
        n += 1;
        await addPlay(cafes[(n * 7) % cafes.length]!, days[n % days.length]!, 1 + (n % 3), 100 + n, n % 4 === 0 ? 250 : 0);
      }
    };
    // On PostgreSQL the plays commit between and during the slices (two cafes each); on PGlite in turn.
    const [moved] = await Promise.all([keepCafeTrendWeek(database.db, to, 2), arriving(), arriving()]);
    expect(moved).toBe(true);
    expect((await queryRows<{ w: string }>(database.db, sql`SELECT week_start::text AS w FROM cafe_trend_week`))[0]!.w).toBe(to);
    expect(await kept()).toEqual(expected(to));
    await arriving();
    expect(await kept()).toEqual(expected(to));
    expect(await keepCafeTrendWeek(database.db, WEEK, 3)).toBe(true);
    expect(await kept()).toEqual(expected(WEEK));
  });

  it('refuses direct writes, and says what keeps the table', async () => {
    const message = 'cafe_trend_totals is kept by the triggers of the tables it sums and cannot be written directly';
    for (const statement of [
      sql`UPDATE cafe_trend_totals SET weeks4_cents = weeks4_cents + 1`,
      sql`DELETE FROM cafe_trend_totals`,
      sql`INSERT INTO cafe_trend_totals (cafe_id, weeks4_cents, weeks8_cents, weeks12_cents, weeks26_cents)
          VALUES (gen_random_uuid(), 0, 0, 0, 0)`,
      sql`TRUNCATE cafe_trend_totals`,
    ]) {
      expect(await databaseError(database.db.execute(statement))).toBe(message);
    }
    for (const table of ['cafe_week_totals', 'weekly_master_profit', 'loan_owed_by_master', 'loan_owed_totals']) {
      expect(await databaseError(database.db.execute(sql`DELETE FROM ${sql.identifier(table)}`))).toBe(
        `${table} is kept by the triggers of the tables it sums and cannot be written directly`,
      );
    }
    expect(await databaseError(database.db.execute(sql`DELETE FROM active_master_count`))).toBe(
      'active_master_count is kept by the triggers of the table it counts and cannot be written directly',
    );
    expect(await kept()).toEqual(expected(WEEK));
  });
});
