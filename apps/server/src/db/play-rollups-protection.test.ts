import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '../../test/fixtures/network.js';
import { createTestDatabase, databaseError, TEST_DB_KINDS, type TestDatabase } from '../../test/test-db.js';
import { istDay } from '../lib/dates.js';
import { queryRows } from './client.js';

/**
 * The play roll-ups (play_daily, play_daily_by_parent, play_daily_by_cafe, play_daily_by_manager, draw_daily_by_cafe,
 * late_play_daily) can only follow their sources: direct
 * writes to them and TRUNCATE of plays or poker hands are refused, while writes to the sources
 * still fold in. The expected roll-ups are summed here, in JavaScript, from the rows written.
 */
interface Entry {
  member: string;
  cafe: string;
  gameId: number;
  play: number;
  win: number;
  rake: number;
  at: string;
}

const POKER = 5;

describe.each(TEST_DB_KINDS)('play roll-up protection on %s', (kind) => {
  let database: TestDatabase;
  const ids: Record<string, string> = {};
  const parentOf: Record<string, string> = {};
  let entries: Entry[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    Object.assign(
      ids,
      await createAccounts(database.db, [
        ['superadmin', 'superadmin', null],
        ['master1', 'master', 'superadmin'],
        ['player1', 'player', 'master1'],
        ['player2', 'player', 'master1'],
      ]),
    );
    for (const player of ['player1', 'player2']) parentOf[ids[player]!] = ids.master1!;
    const [cafe] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO cafes (master_id, name) VALUES (${ids.master1!}, 'cafe1') RETURNING id`,
    );
    ids.cafe1 = cafe!.id;
  });
  afterAll(async () => database?.destroy());

  async function addPlay(member: string, gameId: number, play: number, win: number, at: string) {
    await database.db.execute(
      sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
          VALUES (${ids[member]!}, ${ids.cafe1!}, ${gameId}, ${play}, ${win}, ${at}::timestamptz)`,
    );
    entries.push({ member: ids[member]!, cafe: ids.cafe1!, gameId, play, win, rake: 0, at });
  }

  async function addHand(member: string, rake: number, at: string) {
    await database.db.execute(
      sql`INSERT INTO poker_hands (member_id, cafe_id, pot_cents, rake_cents, played_at)
          VALUES (${ids[member]!}, ${ids.cafe1!}, ${rake * 10}, ${rake}, ${at}::timestamptz)`,
    );
    entries.push({ member: ids[member]!, cafe: ids.cafe1!, gameId: POKER, play: 0, win: 0, rake, at });
  }

  /** Sums of the entries per key, as 'key|plays|play|win|rake' lines. */
  function summed(keyOf: (e: Entry) => string): string[] {
    const rows = new Map<string, number[]>();
    for (const e of entries) {
      const row = rows.get(keyOf(e)) ?? [0, 0, 0, 0];
      rows.set(keyOf(e), [row[0]! + 1, row[1]! + e.play, row[2]! + e.win, row[3]! + e.rake]);
    }
    return [...rows].map(([key, sums]) => [key, ...sums].join('|')).sort();
  }

  async function rollUps() {
    const daily = await queryRows<Record<string, string | number>>(
      database.db,
      sql`SELECT day::text AS day, member_id, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents FROM play_daily`,
    );
    const byParent = await queryRows<Record<string, string | number>>(
      database.db,
      sql`SELECT day::text AS day, parent_id, game_id, plays, play_points_cents, win_points_cents, rake_cents FROM play_daily_by_parent`,
    );
    const byCafe = await queryRows<Record<string, string | number>>(
      database.db,
      sql`SELECT day::text AS day, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents FROM play_daily_by_cafe`,
    );
    const drawsByCafe = await queryRows<Record<string, string | number>>(
      database.db,
      // Rows summing to nothing stay (readers ask for losses only): left out here.
      sql`SELECT day::text AS day, cafe_id, plays, play_points_cents, win_points_cents FROM draw_daily_by_cafe
           WHERE plays <> 0 OR play_points_cents <> 0 OR win_points_cents <> 0`,
    );
    return {
      daily: daily.map((r) => Object.values(r).join('|')).sort(),
      byParent: byParent.map((r) => Object.values(r).join('|')).sort(),
      byCafe: byCafe.map((r) => Object.values(r).join('|')).sort(),
      drawsByCafe: drawsByCafe.map((r) => Object.values(r).join('|')).sort(),
    };
  }

  const expectedRollUps = () => ({
    daily: summed((e) => [istDay(new Date(e.at)), e.member, e.cafe, e.gameId].join('|')),
    byParent: summed((e) => [istDay(new Date(e.at)), parentOf[e.member], e.gameId].join('|')),
    byCafe: summed((e) => [istDay(new Date(e.at)), e.cafe, e.gameId].join('|')),
    // Draw games only, every game of a cafe's day on one row: the rake column left out.
    drawsByCafe: summedDraws(),
  });

  function summedDraws(): string[] {
    const rows = new Map<string, number[]>();
    for (const e of entries.filter((entry) => entry.gameId !== POKER)) {
      const key = [istDay(new Date(e.at)), e.cafe].join('|');
      const row = rows.get(key) ?? [0, 0, 0];
      rows.set(key, [row[0]! + 1, row[1]! + e.play, row[2]! + e.win]);
    }
    return [...rows].map(([key, sums]) => [key, ...sums].join('|')).sort();
  }

  it('refuses direct writes to the roll-ups and TRUNCATE of their sources; the totals stay those of the sources', async () => {
    await addPlay('player1', 1, 1000, 200, '2025-03-03T10:00:00+05:30');
    await addPlay('player2', 2, 500, 0, '2025-03-03T23:59:00+05:30');
    await addHand('player1', 40, '2025-03-04T20:00:00+05:30');
    const before = await rollUps();
    expect(before).toEqual(expectedRollUps());

    const rollUpRows: Record<
      | 'play_daily'
      | 'play_daily_by_parent'
      | 'play_daily_by_cafe'
      | 'play_daily_by_manager'
      | 'draw_daily_by_cafe'
      | 'late_play_daily',
      SQL
    > = {
      play_daily: sql`INSERT INTO play_daily (day, member_id, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents)
                      VALUES ('2025-03-05', ${ids.player1!}, ${ids.cafe1!}, 1, 1, 100, 0, 0)`,
      play_daily_by_parent: sql`INSERT INTO play_daily_by_parent (day, parent_id, game_id, plays, play_points_cents, win_points_cents,
                                  rake_cents, other_play_points_cents, other_win_points_cents)
                                VALUES ('2025-03-05', ${ids.master1!}, 1, 1, 100, 0, 0, 0, 0)`,
      play_daily_by_cafe: sql`INSERT INTO play_daily_by_cafe (day, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents)
                              VALUES ('2025-03-05', ${ids.cafe1!}, 1, 1, 100, 0, 0)`,
      play_daily_by_manager: sql`INSERT INTO play_daily_by_manager (manager_id, day, game_id, under_master, stripe, plays,
                                   play_points_cents, win_points_cents, rake_cents, other_play_points_cents, other_win_points_cents)
                                 VALUES (${ids.superadmin!}, '2025-03-05', 1, true, 0, 1, 100, 0, 0, 0, 0)`,
      draw_daily_by_cafe: sql`INSERT INTO draw_daily_by_cafe (cafe_id, day, plays, play_points_cents, win_points_cents)
                              VALUES (${ids.cafe1!}, '2025-03-05', 1, 100, 0)`,
      late_play_daily: sql`INSERT INTO late_play_daily (day, member_id, game_id, cafe_id, terminal_id, plays, play_points_cents,
                                                    win_points_cents, rake_cents)
                           VALUES ('2025-03-05', ${ids.player1!}, 1, ${ids.cafe1!}, NULL, 1, 100, 0, 0)`,
    };
    const direct: [string, SQL][] = [];
    for (const table of [
      'play_daily',
      'play_daily_by_parent',
      'play_daily_by_cafe',
      'play_daily_by_manager',
      'draw_daily_by_cafe',
      'late_play_daily',
    ] as const) {
      direct.push(
        [table, rollUpRows[table]],
        [table, sql`UPDATE ${sql.identifier(table)} SET play_points_cents = play_points_cents + 1`],
        [table, sql`DELETE FROM ${sql.identifier(table)}`],
        [table, sql`TRUNCATE ${sql.identifier(table)}`],
      );
    }
    // From a function body too: still not the roll-up triggers.
    direct.push(['play_daily', sql.raw(`DO $$ BEGIN DELETE FROM play_daily WHERE member_id = '${ids.player1!}'; END $$`)]);
    for (const [table, statement] of direct) {
      expect(await databaseError(database.db.execute(statement))).toBe(
        `${table} is kept by the roll-up triggers from plays and poker_hands and cannot be written directly`,
      );
    }
    for (const [table, statement] of [
      ['plays', sql`TRUNCATE plays`],
      ['poker_hands', sql`TRUNCATE poker_hands`],
    ] as const) {
      expect(await databaseError(database.db.execute(statement))).toBe(
        `${table} cannot be truncated: the play roll-ups sum its rows (delete them instead)`,
      );
    }
    // Nor through a table they name (no foreign key cascades to them since migration 0012: those rows are never deleted).
    expect(await databaseError(database.db.execute(sql`TRUNCATE cafes CASCADE`))).toBe(
      'cafes rows are never deleted: plays, poker hands and feed events name them',
    );
    expect(await rollUps()).toEqual(before);
    const [counts] = await queryRows<{ plays: number; hands: number }>(
      database.db,
      sql`SELECT (SELECT count(*) FROM plays)::int AS plays, (SELECT count(*) FROM poker_hands)::int AS hands`,
    );
    expect(counts).toEqual({ plays: 2, hands: 1 });
  });

  it('still folds every insert, update and delete of plays and poker hands into the roll-ups', async () => {
    await addPlay('player2', 1, 300, 0, '2025-03-03T11:00:00+05:30');
    await addHand('player2', 15, '2025-03-05T09:00:00+05:30');
    expect(await rollUps()).toEqual(expectedRollUps());

    await database.db.execute(sql`UPDATE plays SET win_points_cents = win_points_cents + 5 WHERE game_id = 1`);
    entries = entries.map((e) => (e.gameId === 1 ? { ...e, win: e.win + 5 } : e));
    await database.db.execute(sql`UPDATE poker_hands SET played_at = '2025-03-06T09:00:00+05:30' WHERE rake_cents = 15`);
    entries = entries.map((e) => (e.rake === 15 ? { ...e, at: '2025-03-06T09:00:00+05:30' } : e));
    expect(await rollUps()).toEqual(expectedRollUps());

    await database.db.execute(sql`DELETE FROM plays WHERE member_id = ${ids.player1!}`);
    entries = entries.filter((e) => e.member !== ids.player1 || e.gameId === POKER);
    expect(await rollUps()).toEqual(expectedRollUps());

    await database.db.execute(sql`DELETE FROM plays`);
    await database.db.execute(sql`DELETE FROM poker_hands`);
    entries = [];
    expect(await rollUps()).toEqual({ daily: [], byParent: [], byCafe: [], drawsByCafe: [] });
  });
});
