import type { FeedEventInput } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { type Queryable, queryRows } from '../../db/client.js';
import { buildFeedApp, cafeEvents, type FeedApp } from './test-support/feed-fixture.js';

/**
 * The feed with big-win alerts on (docs/feed.md, "Big wins"): a batch applies exactly as it does
 * with them off, and the plays whose win reaches the lowest threshold of the people with alerts on
 * are written to big_win_news in the batch's transaction, arrived at the server's clock; a refused
 * batch writes none.
 */
const ARRIVAL = '2025-03-12T12:00:00+05:30';
const FUN_TARGET = 'MNOQqWWi';
const MINUTE = 60_000;

interface Fact {
  id: string;
  member: 'player1' | 'player2' | 'player3';
  stake: number;
  win: number;
  minutesBefore: number;
}
const CAFE = { player1: 'cafe-m1', player2: 'cafe-m2', player3: 'cafe-m3' } as const;
const arrival = new Date(ARRIVAL);
const atOf = (f: Fact) => new Date(arrival.getTime() - f.minutesBefore * MINUTE).toISOString();
const play = (f: Fact): FeedEventInput => ({
  id: f.id,
  type: 'play',
  playId: f.id,
  member: f.member,
  cafeId: CAFE[f.member],
  game: FUN_TARGET,
  drawAt: atOf(f),
  stake: f.stake,
  win: f.win,
  at: atOf(f),
});

const FACTS: Fact[] = [
  { id: 'p-none', member: 'player1', stake: 100, win: 0, minutesBefore: 50 },
  { id: 'p-under', member: 'player1', stake: 100, win: 499.99, minutesBefore: 45 },
  { id: 'p-at', member: 'player2', stake: 60, win: 500, minutesBefore: 40 },
  { id: 'p-big', member: 'player3', stake: 1_200, win: 10_800, minutesBefore: 35 },
  { id: 'p-voided', member: 'player1', stake: 2_000, win: 18_000, minutesBefore: 30 },
];
const BATCH: FeedEventInput[] = [
  ...cafeEvents(),
  ...FACTS.map(play),
  { id: 'void-1', type: 'play.voided', playId: 'p-voided', at: ARRIVAL, reason: 'terminal fault' },
];
/** The lowest threshold among those with alerts on below: master1's 500 points. */
const LOWEST_CENTS = 50_000;

/** What the feed writes, with every account and cafe id written as its name: two databases compared row by row. */
const FED_TABLES = [
  'plays',
  'play_daily',
  'play_daily_by_parent',
  'play_daily_by_cafe',
  'play_hours',
  'draws',
  'play_platform_ids',
] as const;
async function namedRows(db: Queryable): Promise<Record<string, string[]>> {
  const names = new Map<string, string>();
  for (const row of await queryRows<{ id: string; name: string }>(
    db,
    sql`SELECT id::text, username AS name FROM accounts UNION ALL SELECT id::text, coalesce(platform_id, name) FROM cafes`,
  ))
    names.set(row.id, row.name);
  const named: Record<string, string[]> = {};
  for (const table of FED_TABLES) {
    const rows = await queryRows<{ row: Record<string, unknown> }>(db, sql`SELECT to_jsonb(t) AS row FROM ${sql.raw(table)} t`);
    named[table] = rows
      .map(({ row }) => JSON.stringify(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? (names.get(v) ?? v) : v])))
      .sort();
    if (table !== 'play_hours') expect(named[table]!.length, table).toBeGreaterThan(0);
  }
  return named;
}

describe.each(TEST_DB_KINDS)('the feed with big-win alerts on, on %s', (kind) => {
  let off: FeedApp;
  let on: FeedApp;
  beforeAll(async () => {
    [off, on] = await Promise.all([buildFeedApp(kind, { now: ARRIVAL }), buildFeedApp(kind, { now: ARRIVAL })]);
    const subscribe = (username: string, thresholdCents: number, emails = true) =>
      on.t.app.db.execute(
        sql`UPDATE accounts SET big_win_emails = ${emails}, big_win_threshold_cents = ${thresholdCents} WHERE username = ${username}`,
      );
    await subscribe('am1', 1_000_000);
    await subscribe('master1', LOWEST_CENTS);
    // A lower threshold, alerts off: it does not count.
    await subscribe('am2', 100, false);
  });
  afterAll(async () => {
    await Promise.all([off?.close(), on?.close()]);
  });

  it('applies a batch exactly as with alerts off, and writes its big wins as they arrived', async () => {
    for (const app of [off, on]) {
      const res = await app.post(BATCH);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await namedRows(on.t.app.db)).toEqual(await namedRows(off.t.app.db));

    const news = await queryRows<{
      platform_id: string;
      member: string;
      cafe: string;
      stake: string;
      win: string;
      played_at: Date | string;
      arrived_at: Date | string;
      processed_at: Date | null;
    }>(
      on.t.app.db,
      sql`SELECT p.platform_id, m.username AS member, c.platform_id AS cafe, n.play_points_cents::text AS stake,
                 n.win_points_cents::text AS win, n.played_at, n.arrived_at, n.processed_at
            FROM big_win_news n JOIN plays p ON p.id = n.play_id AND p.played_at = n.played_at
            JOIN accounts m ON m.id = n.member_id JOIN cafes c ON c.id = n.cafe_id
           ORDER BY p.platform_id`,
    );
    // Every play at or above the lowest threshold, wherever it is (the alert process sees to whom), voided later or not.
    const expected = FACTS.filter((f) => Math.round(f.win * 100) >= LOWEST_CENTS)
      .map((f) => ({
        platform_id: f.id,
        member: f.member,
        cafe: CAFE[f.member],
        stake: String(Math.round(f.stake * 100)),
        win: String(Math.round(f.win * 100)),
        played_at: atOf(f),
        arrived_at: arrival.toISOString(),
        processed_at: null,
      }))
      .sort((a, b) => (a.platform_id < b.platform_id ? -1 : 1));
    expect(
      news.map((n) => ({
        ...n,
        played_at: new Date(n.played_at).toISOString(),
        arrived_at: new Date(n.arrived_at).toISOString(),
      })),
    ).toEqual(expected);
    expect(await queryRows(off.t.app.db, sql`SELECT * FROM big_win_news`)).toEqual([]);
  });

  it('writes no big win of a refused batch', async () => {
    const before = await queryRows<{ n: string }>(on.t.app.db, sql`SELECT count(*) AS n FROM big_win_news`);
    const res = await on.post([
      play({ id: 'p-refused-big', member: 'player1', stake: 3_000, win: 27_000, minutesBefore: 20 }),
      play({ id: 'p-unknown', member: 'player1', stake: 10, win: 0, minutesBefore: 19 }),
      { ...play({ id: 'p-bad', member: 'player1', stake: 10, win: 0, minutesBefore: 18 }), member: 'nobody' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(await queryRows(on.t.app.db, sql`SELECT count(*) AS n FROM big_win_news`)).toEqual(before);
  });
});
