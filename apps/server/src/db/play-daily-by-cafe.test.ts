import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '../../test/fixtures/network.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../test/test-db.js';
import { istDay } from '../lib/dates.js';
import { queryRows } from './client.js';

/**
 * play_daily_by_cafe against a model kept in this test: every play and poker hand written, voided
 * or restored is also kept here, and the expected rows are summed from them in JavaScript by cafe,
 * booking day and game (a late row on the day it was booked, a row voided after its week closed
 * kept and reversed on the day of its void). After each step the roll-up also equals play_daily
 * summed by cafe.
 */
interface ModelRow {
  id: number;
  table: 'plays' | 'poker_hands';
  member: string;
  cafe: string;
  gameId: number;
  play: number;
  win: number;
  rake: number;
  at: string;
  bookedDay: string | null;
  voided: boolean;
  voidBookedDay: string | null;
}

const POKER = 5;
const CLOSED_MONDAY = '2025-03-03';
const IN_CLOSED_WEEK = '2025-03-05T12:00:00+05:30';
const OPEN_DAY = '2025-03-12';

describe.each(TEST_DB_KINDS)('play_daily_by_cafe on %s', (kind) => {
  let database: TestDatabase;
  const ids: Record<string, string> = {};
  const rows: ModelRow[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    Object.assign(
      ids,
      await createAccounts(database.db, [
        ['superadmin', 'superadmin', null],
        ['master1', 'master', 'superadmin'],
        ['master2', 'master', 'superadmin'],
        ['player1', 'player', 'master1'],
        ['player2', 'player', 'master1'],
        ['player3', 'player', 'master2'],
      ]),
    );
    for (const [cafe, master] of [
      ['cafe1', 'master1'],
      ['cafe2', 'master2'],
    ] as const) {
      const [row] = await queryRows<{ id: string }>(
        database.db,
        sql`INSERT INTO cafes (master_id, name) VALUES (${ids[master]!}, ${cafe}) RETURNING id`,
      );
      ids[cafe] = row!.id;
    }
  });
  afterAll(async () => {
    await database?.destroy();
  });

  function expected(): string[] {
    const sums = new Map<string, number[]>();
    const add = (cafe: string, day: string, gameId: number, signed: number[]) => {
      const key = `${cafe}|${day}|${gameId}`;
      const sum = sums.get(key) ?? [0, 0, 0, 0];
      sums.set(
        key,
        sum.map((value, i) => value + signed[i]!),
      );
    };
    for (const r of rows) {
      if (r.voided && !r.voidBookedDay) continue;
      add(r.cafe, r.bookedDay ?? istDay(new Date(r.at)), r.gameId, [1, r.play, r.win, r.rake]);
      if (r.voidBookedDay) add(r.cafe, r.voidBookedDay, r.gameId, [0, -r.play, -r.win, -r.rake]);
    }
    return [...sums]
      .filter(([, sum]) => sum.some((value) => value !== 0))
      .map(([key, sum]) => [key, ...sum].join('|'))
      .sort();
  }

  async function actual(): Promise<string[]> {
    const found = await queryRows<Record<string, string | number>>(
      database.db,
      sql`SELECT cafe_id, day::text AS day, game_id, plays, play_points_cents, win_points_cents, rake_cents FROM play_daily_by_cafe`,
    );
    return found.map((r) => Object.values(r).join('|')).sort();
  }

  /** Rows of play_daily_by_cafe that differ from play_daily summed by cafe, either way. */
  async function differencesFromPlayDaily(): Promise<number> {
    const [diff] = await queryRows<{ n: number }>(
      database.db,
      sql`WITH summed AS (
            SELECT cafe_id, day, game_id, sum(plays)::int AS plays, sum(play_points_cents)::bigint AS p,
                   sum(win_points_cents)::bigint AS w, sum(rake_cents)::bigint AS r
              FROM play_daily GROUP BY 1, 2, 3),
          rolled AS (SELECT cafe_id, day, game_id, plays, play_points_cents, win_points_cents, rake_cents FROM play_daily_by_cafe)
          SELECT count(*)::int AS n FROM ((SELECT * FROM summed EXCEPT ALL SELECT * FROM rolled)
                                          UNION ALL (SELECT * FROM rolled EXCEPT ALL SELECT * FROM summed)) x`,
    );
    return diff!.n;
  }

  async function expectRollUpRight() {
    expect(await actual()).toEqual(expected());
    expect(await differencesFromPlayDaily()).toBe(0);
  }

  type NewPlay = Pick<ModelRow, 'member' | 'cafe' | 'gameId' | 'play' | 'win' | 'at'> & { bookedDay?: string };

  async function insertPlays(batch: NewPlay[]) {
    const values = sql.join(
      batch.map(
        (p) =>
          sql`(${p.member}::uuid, ${p.cafe}::uuid, ${p.gameId}::smallint, ${p.play}::bigint, ${p.win}::bigint, ${p.at}::timestamptz, ${p.bookedDay ?? null}::date)`,
      ),
      sql`, `,
    );
    const inserted = await queryRows<{ id: number }>(
      database.db,
      sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at, booked_day)
          VALUES ${values} RETURNING id`,
    );
    batch.forEach((p, i) => {
      rows.push({
        ...p,
        id: Number(inserted[i]!.id),
        table: 'plays',
        rake: 0,
        bookedDay: p.bookedDay ?? null,
        voided: false,
        voidBookedDay: null,
      });
    });
  }

  async function insertHand(member: string, cafe: string, rake: number, at: string, bookedDay: string | null = null) {
    const [hand] = await queryRows<{ id: number }>(
      database.db,
      sql`INSERT INTO poker_hands (member_id, cafe_id, pot_cents, rake_cents, played_at, booked_day)
          VALUES (${member}, ${cafe}, ${rake * 10}, ${rake}, ${at}::timestamptz, ${bookedDay}::date) RETURNING id`,
    );
    rows.push({
      id: Number(hand!.id),
      table: 'poker_hands',
      member,
      cafe,
      gameId: POKER,
      play: 0,
      win: 0,
      rake,
      at,
      bookedDay,
      voided: false,
      voidBookedDay: null,
    });
  }

  /** Voids rows in one statement; `voidBookedDay` only for rows of a closed week. */
  async function voidRows(table: ModelRow['table'], chosen: ModelRow[], voidBookedDay: string | null) {
    await database.db.execute(
      sql`UPDATE ${sql.identifier(table)} SET voided_at = now(), void_reason = 'cancelled', void_booked_day = ${voidBookedDay}::date
           WHERE id IN (${sql.join(
             chosen.map((r) => sql`${r.id}`),
             sql`, `,
           )})`,
    );
    for (const r of chosen) Object.assign(r, { voided: true, voidBookedDay });
  }

  async function restore(chosen: ModelRow) {
    await database.db.execute(
      sql`UPDATE ${sql.identifier(chosen.table)} SET voided_at = NULL, void_reason = NULL, void_booked_day = NULL WHERE id = ${chosen.id}`,
    );
    Object.assign(chosen, { voided: false, voidBookedDay: null });
  }

  it('sums a multi-row insert by cafe, IST day and game, whoever the member', async () => {
    await insertPlays([
      { member: ids.player1!, cafe: ids.cafe1!, gameId: 1, play: 1000, win: 0, at: '2025-03-03T10:00:00+05:30' },
      { member: ids.player2!, cafe: ids.cafe1!, gameId: 1, play: 400, win: 2000, at: '2025-03-03T23:59:00+05:30' },
      { member: ids.player3!, cafe: ids.cafe1!, gameId: 1, play: 300, win: 0, at: '2025-03-03T18:29:59Z' },
      { member: ids.player3!, cafe: ids.cafe2!, gameId: 2, play: 700, win: 100, at: '2025-03-04T00:00:00+05:30' },
      { member: ids.player1!, cafe: ids.cafe2!, gameId: 3, play: 900, win: 900, at: IN_CLOSED_WEEK },
      { member: ids.player2!, cafe: ids.cafe1!, gameId: 1, play: 250, win: 50, at: `${OPEN_DAY}T09:00:00+05:30` },
      { member: ids.player3!, cafe: ids.cafe2!, gameId: 2, play: 120, win: 0, at: `${OPEN_DAY}T10:00:00+05:30` },
      { member: ids.player1!, cafe: ids.cafe1!, gameId: 2, play: 60, win: 0, at: '2025-03-13T10:00:00+05:30' },
    ]);
    await insertHand(ids.player1!, ids.cafe1!, 500, IN_CLOSED_WEEK);
    await insertHand(ids.player3!, ids.cafe2!, 80, `${OPEN_DAY}T20:00:00+05:30`);
    await expectRollUpRight();
    // Three members' plays at cafe1 on 3 March, game 1: one row.
    const [row] = await queryRows<{ plays: number; play: string }>(
      database.db,
      sql`SELECT plays, play_points_cents::text AS play FROM play_daily_by_cafe
           WHERE cafe_id = ${ids.cafe1!} AND day = '2025-03-03' AND game_id = 1`,
    );
    expect(row).toEqual({ plays: 3, play: '1700' });
  });

  it('follows voids in the open week (the row leaves its day) and restores', async () => {
    const open = rows.filter((r) => r.table === 'plays' && istDay(new Date(r.at)) >= OPEN_DAY);
    await voidRows('plays', open.slice(0, 2), null);
    await expectRollUpRight();
    await restore(open[0]!);
    await expectRollUpRight();
  });

  it('books late plays and hands on their arrival day once their week is closed', async () => {
    await database.db.execute(
      sql`INSERT INTO settled_weeks (week_start, kind) VALUES (${CLOSED_MONDAY}, 'games'), (${CLOSED_MONDAY}, 'poker')`,
    );
    await insertPlays([
      { member: ids.player2!, cafe: ids.cafe2!, gameId: 1, play: 333, win: 33, at: IN_CLOSED_WEEK, bookedDay: OPEN_DAY },
      { member: ids.player1!, cafe: ids.cafe1!, gameId: 1, play: 77, win: 0, at: IN_CLOSED_WEEK, bookedDay: OPEN_DAY },
    ]);
    await insertHand(ids.player2!, ids.cafe1!, 45, IN_CLOSED_WEEK, OPEN_DAY);
    await expectRollUpRight();
  });

  it('keeps a closed week and books the reversal of a row voided after it closed; a restore takes the reversal back', async () => {
    const closedDayRows = async () =>
      queryRows<Record<string, unknown>>(
        database.db,
        sql`SELECT * FROM play_daily_by_cafe WHERE day <= '2025-03-09' ORDER BY cafe_id, day, game_id`,
      );
    const before = await closedDayRows();
    const inClosedWeek = rows.filter((r) => r.at === IN_CLOSED_WEEK && !r.bookedDay);
    const closedPlay = inClosedWeek.find((r) => r.table === 'plays')!;
    const closedHand = inClosedWeek.find((r) => r.table === 'poker_hands')!;
    await voidRows('plays', [closedPlay], OPEN_DAY);
    await voidRows('poker_hands', [closedHand], '2025-03-14');
    await expectRollUpRight();
    expect(await closedDayRows()).toEqual(before);
    // The hand's reversal is the only row of cafe1's poker on 14 March: restoring it leaves nothing there.
    await restore(closedHand);
    await expectRollUpRight();
    const [left] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM play_daily_by_cafe WHERE day = '2025-03-14'`,
    );
    expect(left!.n).toBe(0);
  });

  it('follows updates that move a play to another day and cafe, and deletes, leaving no empty rows', async () => {
    const moved = rows.find((r) => r.table === 'plays' && r.at === '2025-03-13T10:00:00+05:30')!;
    await database.db.execute(
      sql`UPDATE plays SET played_at = '2025-03-15T08:00:00+05:30', cafe_id = ${ids.cafe2!} WHERE id = ${moved.id}`,
    );
    Object.assign(moved, { at: '2025-03-15T08:00:00+05:30', cafe: ids.cafe2! });
    await database.db.execute(sql`UPDATE plays SET win_points_cents = win_points_cents + 10 WHERE booked_day IS NOT NULL`);
    for (const r of rows) if (r.table === 'plays' && r.bookedDay) r.win += 10;
    await expectRollUpRight();

    const gone = rows.filter((r) => r.member === ids.player3 && istDay(new Date(r.at)) >= OPEN_DAY);
    await database.db.execute(
      sql`DELETE FROM plays WHERE member_id = ${ids.player3!} AND played_at >= ${`${OPEN_DAY}T00:00:00+05:30`}::timestamptz`,
    );
    await database.db.execute(
      sql`DELETE FROM poker_hands WHERE member_id = ${ids.player3!} AND played_at >= ${`${OPEN_DAY}T00:00:00+05:30`}::timestamptz`,
    );
    rows.splice(0, rows.length, ...rows.filter((r) => !gone.includes(r)));
    await expectRollUpRight();
    const [empty] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM play_daily_by_cafe
           WHERE plays = 0 AND play_points_cents = 0 AND win_points_cents = 0 AND rake_cents = 0`,
    );
    expect(empty!.n).toBe(0);
  });
});
