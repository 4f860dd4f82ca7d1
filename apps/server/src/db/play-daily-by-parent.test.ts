import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '../../test/fixtures/network.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../test/test-db.js';
import { istDay } from '../lib/dates.js';
import { queryRows } from './client.js';

/**
 * play_daily_by_parent against a model kept in this test: every play and poker hand written is
 * also kept here, and the expected rows are summed from them in JavaScript by the member's parent
 * (plays at a cafe of another master than that parent count as "other").
 */
interface ModelPlay {
  id: number;
  member: string;
  cafe: string;
  gameId: number;
  play: number;
  win: number;
  rake: number;
  at: string;
}

const POKER = 5;

describe.each(TEST_DB_KINDS)('play_daily_by_parent on %s', (kind) => {
  let database: TestDatabase;
  const ids: Record<string, string> = {};
  const cafeOwner: Record<string, string> = {};
  const plays: ModelPlay[] = [];
  const hands: ModelPlay[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // am1 has master1 and master2 and, skipping a level, player9 directly.
    Object.assign(
      ids,
      await createAccounts(database.db, [
        ['superadmin', 'superadmin', null],
        ['admin1', 'admin', 'superadmin'],
        ['am1', 'areamanager', 'admin1'],
        ['master1', 'master', 'am1'],
        ['master2', 'master', 'am1'],
        ['player1', 'player', 'master1'],
        ['player2', 'player', 'master1'],
        ['player3', 'player', 'master2'],
        ['player9', 'player', 'am1'],
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
      cafeOwner[row!.id] = ids[master]!;
    }
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const parentOf = (member: string) => {
    const parents: Record<string, string> = {
      player1: 'master1',
      player2: 'master1',
      player3: 'master2',
      player9: 'am1',
    };
    return ids[parents[Object.keys(ids).find((name) => ids[name] === member)!]!]!;
  };

  function expected() {
    const rows = new Map<
      string,
      { plays: number; play: number; win: number; rake: number; otherPlay: number; otherWin: number }
    >();
    for (const p of [...plays, ...hands]) {
      const parent = parentOf(p.member);
      const key = `${istDay(new Date(p.at))}|${parent}|${p.gameId}`;
      const row = rows.get(key) ?? { plays: 0, play: 0, win: 0, rake: 0, otherPlay: 0, otherWin: 0 };
      const other = cafeOwner[p.cafe] !== parent;
      row.plays += 1;
      row.play += p.play;
      row.win += p.win;
      row.rake += p.rake;
      if (other) {
        row.otherPlay += p.play;
        row.otherWin += p.win;
      }
      rows.set(key, row);
    }
    return [...rows.entries()]
      .map(([key, r]) => `${key}|${r.plays}|${r.play}|${r.win}|${r.rake}|${r.otherPlay}|${r.otherWin}`)
      .sort();
  }

  async function actual() {
    const rows = await queryRows<Record<string, string | number>>(
      database.db,
      sql`SELECT day::text AS day, parent_id, game_id, plays, play_points_cents, win_points_cents, rake_cents,
                 other_play_points_cents, other_win_points_cents FROM play_daily_by_parent`,
    );
    return rows
      .map((r) =>
        [
          r.day,
          r.parent_id,
          r.game_id,
          r.plays,
          r.play_points_cents,
          r.win_points_cents,
          r.rake_cents,
          r.other_play_points_cents,
          r.other_win_points_cents,
        ].join('|'),
      )
      .sort();
  }

  async function insertPlays(batch: Omit<ModelPlay, 'id' | 'rake'>[]) {
    const values = sql.join(
      batch.map((p) => sql`(${p.member}::uuid, ${p.cafe}::uuid, ${p.gameId}, ${p.play}, ${p.win}, ${p.at}::timestamptz)`),
      sql`, `,
    );
    const rows = await queryRows<{ id: number }>(
      database.db,
      sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at) VALUES ${values} RETURNING id`,
    );
    batch.forEach((p, i) => {
      plays.push({ ...p, id: rows[i]!.id, rake: 0 });
    });
  }

  it('sums a multi-row insert by the member parent, day (IST) and game, with plays at other agents cafes apart', async () => {
    await insertPlays([
      { member: ids.player1!, cafe: ids.cafe1!, gameId: 1, play: 1000, win: 0, at: '2025-03-03T10:00:00+05:30' },
      { member: ids.player1!, cafe: ids.cafe2!, gameId: 1, play: 500, win: 2000, at: '2025-03-03T23:59:00+05:30' },
      { member: ids.player2!, cafe: ids.cafe1!, gameId: 2, play: 700, win: 100, at: '2025-03-04T00:00:00+05:30' },
      { member: ids.player3!, cafe: ids.cafe1!, gameId: 1, play: 300, win: 0, at: '2025-03-03T18:29:59Z' },
      { member: ids.player9!, cafe: ids.cafe2!, gameId: 3, play: 900, win: 900, at: '2025-03-05T12:00:00+05:30' },
    ]);
    expect(await actual()).toEqual(expected());
    // player1's two plays on 3 March: one at its own master's cafe, one elsewhere.
    const [row] = await queryRows<{ plays: number; other: number }>(
      database.db,
      sql`SELECT plays, other_play_points_cents AS other FROM play_daily_by_parent
           WHERE parent_id = ${ids.master1!} AND day = '2025-03-03' AND game_id = 1`,
    );
    expect(row).toEqual({ plays: 2, other: 500 });
  });

  it('adds later statements to existing rows and takes in poker hands', async () => {
    await insertPlays([
      { member: ids.player2!, cafe: ids.cafe1!, gameId: 1, play: 100, win: 0, at: '2025-03-03T11:00:00+05:30' },
      { member: ids.player3!, cafe: ids.cafe2!, gameId: 1, play: 250, win: 50, at: '2025-03-04T09:00:00+05:30' },
    ]);
    await insertPlays([{ member: ids.player1!, cafe: ids.cafe1!, gameId: 1, play: 40, win: 0, at: '2025-03-03T12:00:00+05:30' }]);
    const [hand] = await queryRows<{ id: number }>(
      database.db,
      sql`INSERT INTO poker_hands (member_id, cafe_id, pot_cents, rake_cents, played_at)
          VALUES (${ids.player3!}, ${ids.cafe1!}, 10000, 500, '2025-03-04T20:00:00+05:30') RETURNING id`,
    );
    hands.push({
      id: hand!.id,
      member: ids.player3!,
      cafe: ids.cafe1!,
      gameId: POKER,
      play: 0,
      win: 0,
      rake: 500,
      at: '2025-03-04T20:00:00+05:30',
    });
    expect(await actual()).toEqual(expected());
  });

  it('follows updates of plays, including a play moved to another day and cafe', async () => {
    await database.db.execute(sql`UPDATE plays SET win_points_cents = win_points_cents + 10 WHERE game_id = 1`);
    for (const p of plays) if (p.gameId === 1) p.win += 10;
    const moved = plays.find((p) => p.member === ids.player2 && p.gameId === 2)!;
    await database.db.execute(
      sql`UPDATE plays SET played_at = '2025-03-06T08:00:00+05:30', cafe_id = ${ids.cafe2!} WHERE id = ${moved.id}`,
    );
    moved.at = '2025-03-06T08:00:00+05:30';
    moved.cafe = ids.cafe2!;
    expect(await actual()).toEqual(expected());
  });

  it('follows deletes and drops the rows left without plays', async () => {
    const gone = plays.filter((p) => p.member === ids.player9 || p.member === ids.player3);
    await database.db.execute(sql`DELETE FROM plays WHERE member_id IN (${ids.player9!}, ${ids.player3!})`);
    plays.splice(0, plays.length, ...plays.filter((p) => !gone.includes(p)));
    expect(await actual()).toEqual(expected());
    const [left] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM play_daily_by_parent WHERE parent_id = ${ids.am1!}`,
    );
    expect(left!.n).toBe(0);
  });

  it('equals play_daily summed by parent', async () => {
    const [diff] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM (
            (SELECT d.day, m.parent_id, d.game_id, sum(d.plays)::int, sum(d.play_points_cents)::bigint, sum(d.win_points_cents)::bigint
               FROM play_daily d JOIN accounts m ON m.id = d.member_id GROUP BY 1, 2, 3
             EXCEPT
             SELECT day, parent_id, game_id, plays, play_points_cents, win_points_cents FROM play_daily_by_parent)
            UNION ALL
            (SELECT day, parent_id, game_id, plays, play_points_cents, win_points_cents FROM play_daily_by_parent
             EXCEPT
             SELECT d.day, m.parent_id, d.game_id, sum(d.plays)::int, sum(d.play_points_cents)::bigint, sum(d.win_points_cents)::bigint
               FROM play_daily d JOIN accounts m ON m.id = d.member_id GROUP BY 1, 2, 3)) x`,
    );
    expect(diff!.n).toBe(0);
  });
  it('keeps play_daily equal to the plays and poker hands it sums, with no empty rows left', async () => {
    await database.db.execute(sql`DELETE FROM poker_hands WHERE id IN (SELECT id FROM poker_hands ORDER BY id LIMIT 1)`);
    const [diff] = await queryRows<{ n: number }>(
      database.db,
      sql`WITH src AS (
            SELECT ist_day(played_at) AS day, member_id, cafe_id, game_id, count(*)::int AS plays,
                   sum(play_points_cents)::bigint AS play, sum(win_points_cents)::bigint AS win, 0::bigint AS rake
              FROM plays GROUP BY 1, 2, 3, 4
            UNION ALL
            SELECT ist_day(played_at), member_id, cafe_id, (SELECT id FROM games WHERE kind = 'poker'), count(*)::int,
                   0::bigint, 0::bigint, sum(rake_cents)::bigint
              FROM poker_hands GROUP BY 1, 2, 3, 4),
          rolled AS (SELECT day, member_id, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents FROM play_daily)
          SELECT count(*)::int AS n FROM ((SELECT * FROM src EXCEPT SELECT * FROM rolled) UNION ALL (SELECT * FROM rolled EXCEPT SELECT * FROM src)) x`,
    );
    expect(diff!.n).toBe(0);
    const [empty] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM play_daily WHERE plays = 0`);
    expect(empty!.n).toBe(0);
  });
});
