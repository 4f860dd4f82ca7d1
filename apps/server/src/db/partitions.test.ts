import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, type NetworkIds } from '../../test/fixtures/network.js';
import { createTestDatabase, databaseError, migrationsBefore, TEST_DB_KINDS, type TestDatabase } from '../../test/test-db.js';
import { migrateDatabase, queryRows } from './client.js';
import { ensurePlayPartitions } from './partitions.js';

/**
 * Migration 0010 on a database that has plays and poker hands: every row is still there, in the
 * partition of its IST month, the roll-ups are unchanged, and the platform ids stay unique. Then
 * the months created ahead of time, rows taken over from the DEFAULT partition, and an archived
 * month (detached and dropped) that leaves the roll-ups as they were.
 */

const IST_OFFSET_MS = 330 * 60_000;
/** The IST calendar day and month of an instant, computed here independently of the database. */
const istDate = (at: string) => new Date(new Date(at).getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
const partitionOf = (table: string, at: string) => `${table}_${istDate(at).slice(0, 7).replace('-', '_')}`;

interface SeedPlay {
  member: 'player1' | 'player2' | 'player3';
  cafe: 'cafe1' | 'cafe2';
  game: number;
  play: number;
  win: number;
  at: string;
  booked?: string;
  pid?: string;
}
interface SeedHand {
  member: 'player1' | 'player2' | 'player3';
  cafe: 'cafe1' | 'cafe2';
  pot: number;
  rake: number;
  at: string;
  pid?: string;
}

/** Month edges in IST, an old month, a late play of a closed week, and a run of plays over months. */
const PLAYS: SeedPlay[] = [
  { member: 'player1', cafe: 'cafe1', game: 1, play: 1000, win: 0, at: '2026-08-31T23:59:59+05:30', pid: 'play-a' },
  { member: 'player1', cafe: 'cafe1', game: 1, play: 2000, win: 3000, at: '2026-09-01T00:00:00+05:30', pid: 'play-b' },
  { member: 'player2', cafe: 'cafe2', game: 2, play: 550, win: 100, at: '2026-09-15T12:00:00+05:30', pid: 'play-c' },
  { member: 'player3', cafe: 'cafe1', game: 3, play: 700, win: 0, at: '2026-10-03T10:00:00+05:30' },
  { member: 'player1', cafe: 'cafe1', game: 4, play: 125, win: 0, at: '2025-01-10T10:00:00+05:30', pid: 'play-old' },
  ...Array.from({ length: 120 }, (_, i): SeedPlay => {
    const at = new Date(Date.UTC(2026, 6, 1) + i * 29 * 3_600_000 + 7 * 60_000).toISOString();
    return {
      member: i % 2 ? 'player1' : 'player2',
      cafe: i % 3 ? 'cafe1' : 'cafe2',
      game: 1 + (i % 4),
      play: 100 + i,
      win: i % 5 ? 0 : 300,
      at,
      pid: `run-${i}`,
    };
  }),
];
/** Played in the closed week of 2025-01-06, booked on a day of an open week. */
const LATE: SeedPlay = {
  member: 'player2',
  cafe: 'cafe2',
  game: 2,
  play: 900,
  win: 0,
  at: '2025-01-11T09:00:00+05:30',
  booked: '2026-09-16',
  pid: 'play-late',
};
const HANDS: SeedHand[] = [
  { member: 'player1', cafe: 'cafe1', pot: 1000, rake: 50, at: '2026-09-30T23:00:00+05:30', pid: 'hand-a' },
  { member: 'player2', cafe: 'cafe2', pot: 500, rake: 25, at: '2026-10-01T00:30:00+05:30', pid: 'hand-b' },
  { member: 'player3', cafe: 'cafe2', pot: 800, rake: 40, at: '2026-10-01T00:30:00+05:30' },
];

describe.each(TEST_DB_KINDS)('plays by month on %s', (kind) => {
  let database: TestDatabase;
  let ids: NetworkIds;
  let cafes: Record<'cafe1' | 'cafe2', string>;
  let poker: number;
  let before: Awaited<ReturnType<typeof contents>>;
  const cleanups: (() => void | Promise<void>)[] = [];
  const db = () => database.db;

  async function lines(query: ReturnType<typeof sql>): Promise<string[]> {
    return (await queryRows<{ line: string }>(db(), query)).map((row) => row.line);
  }

  /**
   * Every row of the play tables and the roll-ups, as text. The columns added after the partitions
   * (the void columns of migration 0021, the terminal of 0022: null on every row they find) are
   * left out: the rows are compared with the ones written before them.
   */
  async function contents() {
    const withoutVoid = (row: ReturnType<typeof sql>) =>
      sql`(to_jsonb(${row}) - 'voided_at' - 'void_reason' - 'void_booked_day' - 'terminal_id')::text`;
    return {
      plays: await lines(sql`SELECT ${withoutVoid(sql`p`)} AS line FROM plays p ORDER BY id`),
      hands: await lines(sql`SELECT ${withoutVoid(sql`h`)} AS line FROM poker_hands h ORDER BY id`),
      daily: await lines(sql`SELECT row_to_json(d)::text AS line FROM play_daily d ORDER BY member_id, day, cafe_id, game_id`),
      byParent: await lines(
        sql`SELECT row_to_json(d)::text AS line FROM play_daily_by_parent d ORDER BY parent_id, day, game_id`,
      ),
    };
  }

  const insertPlay = (p: SeedPlay) =>
    db().execute(sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at, booked_day, platform_id)
                     VALUES (${ids[p.member]}, ${cafes[p.cafe]}, ${p.game}, ${p.play}, ${p.win}, ${p.at}::timestamptz,
                             ${p.booked ?? null}::date, ${p.pid ?? null})`);
  const insertHand = (h: SeedHand) =>
    db().execute(sql`INSERT INTO poker_hands (member_id, cafe_id, pot_cents, rake_cents, played_at, platform_id)
                     VALUES (${ids[h.member]}, ${cafes[h.cafe]}, ${h.pot}, ${h.rake}, ${h.at}::timestamptz, ${h.pid ?? null})`);

  /** play_daily as the plays and hands given define it: by booking day, member, cafe and game. */
  function expectedDaily(plays: SeedPlay[], hands: SeedHand[]): string[] {
    const sums = new Map<string, { plays: number; play: number; win: number; rake: number }>();
    const add = (key: string, play: number, win: number, rake: number) => {
      const s = sums.get(key) ?? { plays: 0, play: 0, win: 0, rake: 0 };
      sums.set(key, { plays: s.plays + 1, play: s.play + play, win: s.win + win, rake: s.rake + rake });
    };
    for (const p of plays) add([p.booked ?? istDate(p.at), ids[p.member], cafes[p.cafe], p.game].join(' '), p.play, p.win, 0);
    for (const h of hands) add([istDate(h.at), ids[h.member], cafes[h.cafe], poker].join(' '), 0, 0, h.rake);
    return [...sums].map(([key, s]) => `${key} ${s.plays} ${s.play} ${s.win} ${s.rake}`).sort();
  }
  const actualDaily = () =>
    lines(sql`SELECT concat_ws(' ', day, member_id, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents) AS line
                FROM play_daily ORDER BY 1`).then((rows) => rows.sort());

  /** Where each row lives: "table partition platform_id|id". */
  const placement = () =>
    lines(sql`SELECT concat_ws(' ', 'plays', tableoid::regclass::text, coalesce(platform_id, id::text)) AS line FROM plays
              UNION ALL
              SELECT concat_ws(' ', 'poker_hands', tableoid::regclass::text, coalesce(platform_id, id::text)) FROM poker_hands`).then(
      (rows) => rows.sort(),
    );

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrate: false, poolSize: 2 });
    cleanups.push(() => database.destroy());
    const earlier = migrationsBefore('0010_plays_by_month');
    cleanups.push(() => rmSync(earlier, { recursive: true, force: true }));
    await migrateDatabase(database, earlier);

    ids = await createNetwork(db());
    const cafeRows = await queryRows<{ id: string; name: string }>(
      db(),
      sql`INSERT INTO cafes (master_id, name, platform_id) VALUES (${ids.master1}, 'cafe1', 'cafe-1'), (${ids.master2}, 'cafe2', NULL)
          RETURNING id, name`,
    );
    cafes = Object.fromEntries(cafeRows.map((r) => [r.name, r.id])) as typeof cafes;
    [{ poker }] = (await queryRows<{ poker: number }>(db(), sql`SELECT id AS poker FROM games WHERE kind = 'poker'`)) as [
      { poker: number },
    ];
    for (const p of PLAYS) await insertPlay(p);
    for (const h of HANDS) await insertHand(h);
    // The week of 2025-01-06 closes; a play of it arrives late, booked in an open week.
    await db().execute(sql`INSERT INTO settled_weeks (week_start, kind) VALUES ('2025-01-06', 'games')`);
    await insertPlay(LATE);
    before = await contents();
    expect(before.plays).toHaveLength(PLAYS.length + 1);

    await migrateDatabase(database);
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every play and hand, each in the partition of its IST month, and the roll-ups as they were', async () => {
    const after = await contents();
    expect(after).toEqual(before);
    expect(await actualDaily()).toEqual(expectedDaily([...PLAYS, LATE], HANDS));

    const expected = [
      ...[...PLAYS, LATE].map((p, i) => `plays ${partitionOf('plays', p.at)} ${p.pid ?? String(i + 1)}`),
      ...HANDS.map((h, i) => `poker_hands ${partitionOf('poker_hands', h.at)} ${h.pid ?? String(i + 1)}`),
    ].sort();
    expect(await placement()).toEqual(expected);
    // The month edges: 23:59:59 IST on 31 August is August, midnight IST on 1 September is September.
    expect(partitionOf('plays', PLAYS[0]!.at)).toBe('plays_2026_08');
    expect(partitionOf('plays', PLAYS[1]!.at)).toBe('plays_2026_09');
  });

  it('gives the months that had rows and the current one a partition, the server the next three, and the table a DEFAULT one', async () => {
    const partitions = () =>
      lines(
        sql`SELECT c.relname::text AS line FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
             WHERE i.inhparent = 'plays'::regclass ORDER BY 1`,
      );
    const now = new Date();
    const [year, month] = istDate(now.toISOString()).split('-').map(Number) as [number, number];
    const monthAhead = (k: number) =>
      `plays_${new Date(Date.UTC(year, month - 1 + k, 1)).toISOString().slice(0, 7).replace('-', '_')}`;
    const hadRows = [...new Set([...PLAYS, LATE].map((p) => partitionOf('plays', p.at)))];
    expect(await partitions()).toEqual([...new Set([...hadRows, monthAhead(0), 'plays_default'])].sort());

    const created = await ensurePlayPartitions(db(), now);
    expect(created).toEqual([1, 2, 3].flatMap((k) => [monthAhead(k), monthAhead(k).replace('plays', 'poker_hands')]));
    expect(await partitions()).toEqual([...new Set([...hadRows, ...[0, 1, 2, 3].map(monthAhead), 'plays_default'])].sort());
  });

  it('keeps each platform id unique for ever, a known one refused however its time differs', async () => {
    const again = await databaseError(insertPlay({ ...PLAYS[2]!, at: '2027-03-01T10:00:00+05:30' }));
    expect(again).toMatch(/duplicate key value violates unique constraint "play_platform_ids_pkey"/);
    const hand = await databaseError(insertHand({ ...HANDS[0]!, at: '2025-06-01T10:00:00+05:30' }));
    expect(hand).toMatch(/duplicate key value violates unique constraint "poker_hand_platform_ids_pkey"/);
    // A playId and a handId are apart: the same text may be both.
    expect(await databaseError(insertHand({ ...HANDS[2]!, pid: 'play-a' }))).toBe('');
    // Nothing was added by the refused statements.
    expect((await contents()).plays).toEqual(before.plays);
  });

  it('refuses writes that name a partition, and writes to the registries', async () => {
    expect(await databaseError(db().execute(sql`DELETE FROM plays_2026_09`))).toMatch(/plays_2026_09 is a month partition/);
    expect(await databaseError(db().execute(sql`TRUNCATE plays_default`))).toMatch(/plays_default is a month partition/);
    expect(await databaseError(db().execute(sql`DELETE FROM play_platform_ids`))).toMatch(/cannot be written directly/);
    expect(await databaseError(db().execute(sql`TRUNCATE plays`))).toMatch(/cannot be truncated/);
  });

  it('creates coming months ahead and the months of rows in the DEFAULT partition, moving them, once', async () => {
    const future: SeedPlay = {
      member: 'player1',
      cafe: 'cafe2',
      game: 2,
      play: 4200,
      win: 0,
      at: '2031-06-30T23:30:00+05:30',
      pid: 'play-future',
    };
    await insertPlay(future);
    const hand: SeedHand = {
      member: 'player2',
      cafe: 'cafe1',
      pot: 300,
      rake: 30,
      at: '2031-07-01T00:10:00+05:30',
      pid: 'hand-future',
    };
    await insertHand(hand);
    // Long past: no partition is made ahead for it, the hourly run makes its month all the same.
    const old: SeedHand = {
      member: 'player3',
      cafe: 'cafe1',
      pot: 90,
      rake: 9,
      at: '2019-03-10T10:00:00+05:30',
      pid: 'hand-2019',
    };
    await insertHand(old);
    expect(await placement()).toEqual(
      expect.arrayContaining(['plays plays_default play-future', 'poker_hands poker_hands_default hand-2019']),
    );
    const daily = await actualDaily();

    const created = await ensurePlayPartitions(db(), new Date('2031-05-31T20:00:00Z')); // 1 June 2031 in IST
    expect(created).toEqual(
      ['2019_03', '2031_06', '2031_07', '2031_08', '2031_09'].flatMap((m) => [`plays_${m}`, `poker_hands_${m}`]),
    );
    const where = await placement();
    expect(where).toContain('plays plays_2031_06 play-future');
    expect(where).toContain('poker_hands poker_hands_2031_07 hand-future');
    expect(where).toContain('poker_hands poker_hands_2019_03 hand-2019');
    expect(where.filter((line) => line.includes('_default '))).toEqual([]);
    expect(await actualDaily()).toEqual(daily);
    expect(await ensurePlayPartitions(db(), new Date('2031-06-02T00:00:00Z'))).toEqual([]);

    // The moved rows are still plays like any other: deleting one takes it out of the roll-up.
    await db().execute(sql`DELETE FROM plays WHERE platform_id = 'play-future'`);
    await db().execute(sql`DELETE FROM poker_hands WHERE platform_id IN ('hand-future', 'hand-2019')`);
    expect(await actualDaily()).toEqual(expectedDaily([...PLAYS, LATE], [...HANDS, { ...HANDS[2]!, pid: 'play-a' }]));
  });

  it('archives a month: detached and dropped, its roll-ups and its platform ids stay', async () => {
    const daily = await actualDaily();
    const byParent = (await contents()).byParent;
    await db().execute(sql`ALTER TABLE plays DETACH PARTITION plays_2026_08`);
    await db().execute(sql`DROP TABLE plays_2026_08`);
    const left = (await placement()).filter((line) => line.startsWith('plays '));
    expect(left).toHaveLength(PLAYS.length + 1 - PLAYS.filter((p) => partitionOf('plays', p.at) === 'plays_2026_08').length);
    expect(await actualDaily()).toEqual(daily);
    expect((await contents()).byParent).toEqual(byParent);
    expect(await databaseError(insertPlay({ ...PLAYS[0]! }))).toMatch(/play_platform_ids_pkey/);

    // A month detached can come back as it was (docs/deploy.md): attaching fires no trigger either.
    const hands = (await contents()).hands;
    await db().execute(sql`ALTER TABLE poker_hands DETACH PARTITION poker_hands_2026_10`);
    expect((await contents()).hands.length).toBeLessThan(hands.length);
    await db().execute(
      sql`ALTER TABLE poker_hands ATTACH PARTITION poker_hands_2026_10 FOR VALUES FROM ('2026-10-01 00:00+05:30') TO ('2026-11-01 00:00+05:30')`,
    );
    expect((await contents()).hands).toEqual(hands);
    expect(await actualDaily()).toEqual(daily);
  });
});
