import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '../../test/fixtures/network.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../test/test-db.js';
import { istDay } from '../lib/dates.js';
import { queryRows } from './client.js';

/**
 * play_daily_by_manager against a model kept in this test: every play and poker hand written is
 * also kept here with its booking day and void, the tree is kept here as well, and the expected
 * rows are summed from them in JavaScript: for each manager, every play of a member strictly below
 * it, by day, game and whether the member's parent is a master, stripes summed.
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
  /** Late: booked on this day instead of its own. */
  bookedDay?: string;
  /** Voided: while its week was open (counts nowhere) or reversed on a later day. */
  voided?: { reversedOn: string | null };
}

const POKER = 5;
const MANAGERS = ['superadmin', 'admin', 'superareamanager', 'areamanager'];

describe.each(TEST_DB_KINDS)('play_daily_by_manager on %s', (kind) => {
  let database: TestDatabase;
  const ids: Record<string, string> = {};
  const names: Record<string, string> = {};
  /** username -> [role, parent username] as the tree is now. */
  const tree: Record<string, [string, string | null]> = {};
  const cafeOwner: Record<string, string> = {};
  const plays: ModelPlay[] = [];
  const hands: ModelPlay[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Two admins; am1 has two masters and, skipping a level, player9 directly.
    const accounts: [string, string, string | null][] = [
      ['superadmin', 'superadmin', null],
      ['admin1', 'admin', 'superadmin'],
      ['sam1', 'superareamanager', 'admin1'],
      ['am1', 'areamanager', 'sam1'],
      ['master1', 'master', 'am1'],
      ['master2', 'master', 'am1'],
      ['player1', 'player', 'master1'],
      ['player2', 'player', 'master1'],
      ['player3', 'player', 'master2'],
      ['player9', 'player', 'am1'],
      ['admin2', 'admin', 'superadmin'],
      ['am2', 'areamanager', 'admin2'],
      ['master3', 'master', 'am2'],
      ['player4', 'player', 'master3'],
    ];
    Object.assign(ids, await createAccounts(database.db, accounts as never));
    for (const [name, role, parent] of accounts) {
      tree[name] = [role, parent];
      names[ids[name]!] = name;
    }
    for (const [cafe, master] of [
      ['cafe1', 'master1'],
      ['cafe2', 'master2'],
      ['cafe3', 'master3'],
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

  const ancestorsOf = (name: string): string[] => {
    const up: string[] = [];
    for (let at = tree[name]![1]; at !== null; at = tree[at]![1]) up.push(at);
    return up;
  };

  function expected(): string[] {
    const rows = new Map<string, number[]>();
    const add = (p: ModelPlay, day: string, sign: number, counts: number) => {
      const member = names[p.member]!;
      const parent = tree[member]![1]!;
      const underMaster = tree[parent]![0] === 'master';
      const other = cafeOwner[p.cafe] !== ids[parent];
      for (const manager of ancestorsOf(member).filter((a) => MANAGERS.includes(tree[a]![0]))) {
        const key = `${ids[manager]}|${day}|${p.gameId}|${underMaster}`;
        const row = rows.get(key) ?? [0, 0, 0, 0, 0, 0];
        const sums = [counts, p.play, p.win, p.rake, other ? p.play : 0, other ? p.win : 0];
        sums.forEach((v, i) => {
          row[i]! += i === 0 ? v : sign * v;
        });
        rows.set(key, row);
      }
    };
    for (const p of [...plays, ...hands]) {
      const day = p.bookedDay ?? istDay(new Date(p.at));
      if (p.voided?.reversedOn === null) continue;
      add(p, day, 1, 1);
      if (p.voided) add(p, p.voided.reversedOn!, -1, 0);
    }
    return [...rows.entries()]
      .filter(([, r]) => r.some((v) => v !== 0))
      .map(([key, r]) => `${key}|${r.join('|')}`)
      .sort();
  }

  async function actual(): Promise<string[]> {
    const rows = await queryRows<{ row: string }>(
      database.db,
      sql`SELECT concat_ws('|', manager_id, day, game_id, under_master, sum(plays), sum(play_points_cents),
                           sum(win_points_cents), sum(rake_cents), sum(other_play_points_cents),
                           sum(other_win_points_cents)) AS row
            FROM play_daily_by_manager
           GROUP BY manager_id, day, game_id, under_master
          HAVING sum(plays) <> 0 OR sum(play_points_cents) <> 0 OR sum(win_points_cents) <> 0 OR sum(rake_cents) <> 0
              OR sum(other_play_points_cents) <> 0 OR sum(other_win_points_cents) <> 0`,
    );
    return rows.map((r) => r.row.replace('|t|', '|true|').replace('|f|', '|false|')).sort();
  }

  /** Today's active members: for each manager and day, the members below it with a draw-game play counted that day. */
  function expectedMembers(): string[] {
    const playsOn = new Map<string, number>();
    for (const p of plays) {
      if (p.gameId === POKER || p.voided?.reversedOn === null) continue;
      const key = `${p.member}|${p.bookedDay ?? istDay(new Date(p.at))}`;
      playsOn.set(key, (playsOn.get(key) ?? 0) + 1);
    }
    const counts = new Map<string, number>();
    for (const [key, n] of playsOn) {
      if (n === 0) continue;
      const [member, day] = key.split('|');
      for (const manager of ancestorsOf(names[member!]!).filter((a) => MANAGERS.includes(tree[a]![0]))) {
        const k = `${ids[manager]}|${day}`;
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
    }
    return [...counts.entries()].map(([k, n]) => `${k}|${n}`).sort();
  }

  async function actualMembers(): Promise<string[]> {
    const rows = await queryRows<{ row: string }>(
      database.db,
      sql`SELECT concat_ws('|', manager_id, day, sum(members)) AS row FROM active_members_by_manager
           GROUP BY manager_id, day HAVING sum(members) <> 0`,
    );
    return rows.map((r) => r.row).sort();
  }

  async function check() {
    expect(await actual()).toEqual(expected());
    expect(await actualMembers()).toEqual(expectedMembers());
  }

  async function insertPlays(batch: Omit<ModelPlay, 'id' | 'rake'>[]) {
    const values = sql.join(
      batch.map(
        (p) =>
          sql`(${p.member}::uuid, ${p.cafe}::uuid, ${p.gameId}, ${p.play}, ${p.win}, ${p.at}::timestamptz, ${p.bookedDay ?? null}::date)`,
      ),
      sql`, `,
    );
    const rows = await queryRows<{ id: number }>(
      database.db,
      sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at, booked_day)
          VALUES ${values} RETURNING id`,
    );
    batch.forEach((p, i) => {
      plays.push({ ...p, id: rows[i]!.id, rake: 0 });
    });
  }

  async function move(name: string, newParent: string) {
    await database.db.execute(sql`UPDATE accounts SET parent_id = ${ids[newParent]!} WHERE id = ${ids[name]!}`);
    tree[name]![1] = newParent;
  }

  it('sums a batch of plays for every manager above the member, at the first and last second of a day', async () => {
    await insertPlays([
      { member: ids.player1!, cafe: ids.cafe1!, gameId: 1, play: 1000, win: 0, at: '2025-03-03T00:00:00+05:30' },
      { member: ids.player1!, cafe: ids.cafe2!, gameId: 1, play: 500, win: 2000, at: '2025-03-03T23:59:59+05:30' },
      { member: ids.player2!, cafe: ids.cafe1!, gameId: 2, play: 700, win: 100, at: '2025-03-09T23:59:59+05:30' },
      { member: ids.player3!, cafe: ids.cafe1!, gameId: 1, play: 300, win: 0, at: '2025-03-10T00:00:00+05:30' },
      { member: ids.player9!, cafe: ids.cafe2!, gameId: 3, play: 900, win: 900, at: '2025-03-05T12:00:00+05:30' },
      { member: ids.player4!, cafe: ids.cafe3!, gameId: 1, play: 1200, win: 3000, at: '2025-03-05T12:00:00+05:30' },
    ]);
    await check();
    // The superadmin's day is a few rows however many members play below it.
    const [row] = await queryRows<{ plays: number }>(
      database.db,
      sql`SELECT sum(plays)::int AS plays FROM play_daily_by_manager WHERE manager_id = ${ids.superadmin!} AND day = '2025-03-03'`,
    );
    expect(row!.plays).toBe(2);
  });

  it('adds later statements, late plays on their booking day and poker hands', async () => {
    await insertPlays([
      { member: ids.player2!, cafe: ids.cafe1!, gameId: 1, play: 100, win: 0, at: '2025-03-03T11:00:00+05:30' },
      {
        member: ids.player3!,
        cafe: ids.cafe2!,
        gameId: 1,
        play: 250,
        win: 50,
        at: '2025-03-02T09:00:00+05:30',
        bookedDay: '2025-03-11',
      },
    ]);
    const [hand] = await queryRows<{ id: number }>(
      database.db,
      sql`INSERT INTO poker_hands (member_id, cafe_id, pot_cents, rake_cents, played_at)
          VALUES (${ids.player4!}, ${ids.cafe3!}, 10000, 500, '2025-03-04T20:00:00+05:30') RETURNING id`,
    );
    hands.push({
      id: hand!.id,
      member: ids.player4!,
      cafe: ids.cafe3!,
      gameId: POKER,
      play: 0,
      win: 0,
      rake: 500,
      at: '2025-03-04T20:00:00+05:30',
    });
    await check();
  });

  it('takes out a play voided while its week is open and reverses one voided later on the day of the void', async () => {
    const open = plays.find((p) => p.member === ids.player1 && p.play === 1000)!;
    const late = plays.find((p) => p.member === ids.player4 && p.gameId === 1)!;
    await database.db.execute(
      sql`UPDATE plays SET voided_at = '2025-03-04T10:00:00+05:30', void_reason = 'fault' WHERE id = ${open.id}`,
    );
    open.voided = { reversedOn: null };
    await database.db.execute(
      sql`UPDATE plays SET voided_at = '2025-03-12T10:00:00+05:30', void_reason = 'fault', void_booked_day = '2025-03-12'
           WHERE id = ${late.id}`,
    );
    late.voided = { reversedOn: '2025-03-12' };
    await check();
    // player9's only play of 5 March: no longer an active member that day.
    const only = plays.find((p) => p.member === ids.player9)!;
    await database.db.execute(
      sql`UPDATE plays SET voided_at = '2025-03-06T10:00:00+05:30', void_reason = 'fault' WHERE id = ${only.id}`,
    );
    only.voided = { reversedOn: null };
    await check();
  });

  it('moves a member, a master and a manager with what is below them', async () => {
    await move('player2', 'master2');
    await check();
    await move('master2', 'am2');
    await check();
    await move('am1', 'admin2');
    await check();
    await move('player9', 'master3');
    await check();
  });

  it("follows a cafe's new master (plays elsewhere) and deletes", async () => {
    await database.db.execute(sql`UPDATE cafes SET master_id = ${ids.master3!} WHERE id = ${ids.cafe1!}`);
    cafeOwner[ids.cafe1!] = ids.master3!;
    await check();
    const gone = plays.filter((p) => p.member === ids.player3);
    await database.db.execute(sql`DELETE FROM plays WHERE member_id = ${ids.player3!}`);
    plays.splice(0, plays.length, ...plays.filter((p) => !gone.includes(p)));
    await check();
  });

  it('equals play_daily_by_parent summed over each manager subtree', async () => {
    const [diff] = await queryRows<{ n: number }>(
      database.db,
      sql`WITH byp AS (
            SELECT up.ancestor_id AS manager_id, p.day, p.game_id, sum(p.plays)::bigint AS plays,
                   sum(p.play_points_cents)::bigint AS play, sum(p.win_points_cents)::bigint AS win,
                   sum(p.rake_cents)::bigint AS rake
              FROM play_daily_by_parent p
              JOIN account_closure up ON up.descendant_id = p.parent_id
              JOIN accounts a ON a.id = up.ancestor_id AND a.role < 'master'
             GROUP BY 1, 2, 3),
          bym AS (
            SELECT manager_id, day, game_id, sum(plays)::bigint, sum(play_points_cents)::bigint, sum(win_points_cents)::bigint,
                   sum(rake_cents)::bigint
              FROM play_daily_by_manager GROUP BY 1, 2, 3
            HAVING sum(plays) <> 0 OR sum(play_points_cents) <> 0 OR sum(win_points_cents) <> 0 OR sum(rake_cents) <> 0)
          SELECT count(*)::int AS n FROM ((SELECT * FROM byp EXCEPT SELECT * FROM bym) UNION ALL (SELECT * FROM bym EXCEPT SELECT * FROM byp)) x`,
    );
    expect(diff!.n).toBe(0);
  });
});
