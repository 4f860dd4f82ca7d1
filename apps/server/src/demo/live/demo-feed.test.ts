import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork } from '../../../test/fixtures/network.js';
import { ManualClock } from '../../../test/manual-clock.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { type Db, queryRows } from '../../db/client.js';
import { addDays, istDay } from '../../lib/dates.js';
import { brokenInvariants } from '../../modules/feed/test-support/feed-fixture.js';
import { seedNetwork } from '../index.js';
import { type DemoBatch, type DemoFeed, startDemoFeed } from './demo-feed.js';

/**
 * The live demo feed on a tiny demo network seeded on a Wednesday noon (so "last fed" then): what
 * it catches up at start, that it posts each draw once across restarts, and that an interrupted
 * catch-up applies exactly what an uninterrupted one does.
 */

const SEED = 7;
const SEEDED_AT = new Date('2025-03-12T12:00:00+05:30');
const DAY_MS = 86_400_000;
const DRAW_MS = 90_000;
const grid = (ms: number) => Math.floor(ms / DRAW_MS) * DRAW_MS;
const quiet = { info() {}, warn() {}, error() {} };

async function seededDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  const database = await createTestDatabase(kind);
  await seedNetwork(database, { scale: 'tiny', seed: SEED, endDate: '2025-03-12', houseUsername: 'HOUSE', now: SEEDED_AT });
  return database;
}

interface Run {
  batches: DemoBatch[];
  feeding: boolean;
}

/** Starts the feed at the clock's time, waits until it has caught up, stops it. */
async function runUntilCaughtUp(db: Db, clock: ManualClock, stopAfterFirstBatch = false): Promise<Run> {
  const batches: DemoBatch[] = [];
  let feed: DemoFeed | undefined;
  feed = startDemoFeed({
    db,
    clock,
    log: quiet,
    seed: SEED,
    onBatch: (batch) => {
      batches.push(batch);
      if (stopAfterFirstBatch) void feed?.stop();
    },
  });
  await feed.ready;
  const feeding = feed.feeding;
  await feed.stop();
  return { batches, feeding };
}

/** What the feed wrote, row by row: plays, poker hands, draws with results, transfers, and the feed's own record. */
async function fedRows(db: Db) {
  const read = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, query);
  return {
    plays: await read(sql`SELECT p.platform_id, a.username, c.platform_id AS cafe, p.game_id, d.draw_time, p.play_points_cents,
                                 p.win_points_cents, p.played_at
                            FROM plays p JOIN accounts a ON a.id = p.member_id JOIN cafes c ON c.id = p.cafe_id
                            JOIN draws d ON d.id = p.draw_id
                           WHERE p.platform_id IS NOT NULL ORDER BY p.platform_id`),
    hands: await read(
      sql`SELECT platform_id, rake_cents, played_at FROM poker_hands WHERE platform_id IS NOT NULL ORDER BY platform_id`,
    ),
    draws: await read(
      sql`SELECT game_id, draw_time, drawno, color FROM draws WHERE draw_time > ${SEEDED_AT.toISOString()}::timestamptz
           AND drawno IS NOT NULL ORDER BY game_id, draw_time`,
    ),
    transfers: await read(sql`SELECT platform_id, amount_cents, status, created_at, resolved_at FROM transfers
                               WHERE platform_id IS NOT NULL ORDER BY platform_id`),
    accounts: await read(sql`SELECT username, role, first_name, last_name FROM accounts
                              WHERE created_at > ${SEEDED_AT.toISOString()}::timestamptz ORDER BY username`),
    // Event ids, types and body hashes, except new players' (each has its own salted password hash).
    events: await read(
      sql`SELECT id, type, CASE WHEN type = 'account' THEN '' ELSE body_hash END AS body FROM feed_events ORDER BY id`,
    ),
  };
}

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, query);
  return Number(row!.n);
}

describe.each(TEST_DB_KINDS)('the live demo feed on %s', (kind) => {
  let first: TestDatabase;
  let interrupted: TestDatabase;
  let old: TestDatabase;
  const threeDaysLater = new Date(SEEDED_AT.getTime() + 3 * DAY_MS + 10 * 60_000);

  beforeAll(async () => {
    [first, interrupted, old] = await Promise.all([seededDatabase(kind), seededDatabase(kind), seededDatabase(kind)]);
  }, 300_000);
  afterAll(async () => {
    await Promise.all([first?.destroy(), interrupted?.destroy(), old?.destroy()]);
  });

  it('catches up the days since it last ran: every due draw once, plays in cafe hours on each day, nothing after now', async () => {
    const run = await runUntilCaughtUp(first.db, new ManualClock(threeDaysLater));
    expect(run.feeding).toBe(true);
    expect(run.batches.every((b) => b.duplicates === 0)).toBe(true);
    // The windows follow each other from the last draw of the seed to the last draw due.
    expect(run.batches[0]!.fromMs).toBe(SEEDED_AT.getTime());
    for (let i = 1; i < run.batches.length; i++) expect(run.batches[i]!.fromMs).toBe(run.batches[i - 1]!.toMs);
    expect(run.batches.at(-1)!.toMs).toBe(grid(threeDaysLater.getTime()));

    // One result per game for every 90 seconds since the seed, up to now and no further.
    const due = (grid(threeDaysLater.getTime()) - SEEDED_AT.getTime()) / DRAW_MS;
    const drawn = await queryRows<{ n: number; off_grid: number; last: Date | string }>(
      first.db,
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE extract(epoch FROM draw_time)::bigint % 90 <> 0)::int AS off_grid,
                 max(draw_time) AS last
            FROM draws WHERE drawno IS NOT NULL AND draw_time > ${SEEDED_AT.toISOString()}::timestamptz`,
    );
    expect(drawn[0]).toMatchObject({ n: 4 * due, off_grid: 0 });
    expect(new Date(drawn[0]!.last).getTime()).toBe(grid(threeDaysLater.getTime()));
    const afterNow = sql`draw_time > ${threeDaysLater.toISOString()}::timestamptz`;
    expect(await count(first.db, sql`SELECT count(*)::int AS n FROM draws WHERE drawno IS NOT NULL AND ${afterNow}`)).toBe(0);

    // Plays on each day of the gap, all in cafe hours (09:00 to 23:30 IST), none after now.
    const days = await queryRows<{ day: string; n: number; outside: number; late: number }>(
      first.db,
      sql`SELECT ist_day(played_at)::text AS day, count(*)::int AS n,
                 count(*) FILTER (WHERE (played_at AT TIME ZONE 'Asia/Kolkata')::time NOT BETWEEN '09:00' AND '23:30')::int AS outside,
                 count(*) FILTER (WHERE played_at > ${threeDaysLater.toISOString()}::timestamptz)::int AS late
            FROM plays WHERE platform_id LIKE 'demo-play-%' GROUP BY 1 ORDER BY 1`,
    );
    const seededDay = istDay(SEEDED_AT);
    const gapDays = [seededDay, addDays(seededDay, 1), addDays(seededDay, 2), addDays(seededDay, 3)];
    expect(days.every((d) => gapDays.includes(d.day))).toBe(true);
    expect(days.map((d) => d.day)).toEqual(expect.arrayContaining(gapDays.slice(1, 3)));
    for (const day of days) expect(day).toMatchObject({ outside: 0, late: 0 });
    expect(
      await count(
        first.db,
        sql`SELECT count(*)::int AS n FROM plays WHERE platform_id LIKE 'demo-%' AND played_at <= ${SEEDED_AT.toISOString()}::timestamptz`,
      ),
    ).toBe(0);

    // The demo's key counts what it applied, table by table.
    const counts = Object.fromEntries(
      (await queryRows<{ type: string; events: number }>(first.db, sql`SELECT type, events FROM feed_key_counts`)).map((r) => [
        r.type,
        Number(r.events),
      ]),
    );
    expect(counts.draw).toBe(4 * due);
    expect(counts.play).toBe(
      await count(first.db, sql`SELECT count(*)::int AS n FROM plays WHERE platform_id LIKE 'demo-play-%'`),
    );
    expect(counts.transfer).toBe(
      await count(first.db, sql`SELECT count(*)::int AS n FROM transfers WHERE platform_id LIKE 'demo-transfer-%'`),
    );
    expect(counts.transfer).toBeGreaterThan(0);
    expect(await brokenInvariants(first.db)).toEqual([]);
  });

  it('applies the same when its catch-up is cut short after every batch and started again: nothing twice, nothing lost', async () => {
    const clock = new ManualClock(threeDaysLater);
    let restarts = 0;
    for (;;) {
      const run = await runUntilCaughtUp(interrupted.db, clock, true);
      expect(run.batches.every((b) => b.duplicates === 0)).toBe(true);
      if (run.batches.length === 0) break;
      restarts += 1;
    }
    expect(restarts).toBeGreaterThan(3);
    expect(await fedRows(interrupted.db)).toEqual(await fedRows(first.db));
    expect(await brokenInvariants(interrupted.db)).toEqual([]);
  });

  it('posts each draw once as it falls due, across restarts, and nothing when nothing is due', async () => {
    const clock = new ManualClock(threeDaysLater);
    const events = () => count(first.db, sql`SELECT count(*)::int AS n FROM feed_events`);
    const before = await events();
    // Started again at the same moment: nothing is due, nothing is posted.
    expect((await runUntilCaughtUp(first.db, clock)).batches).toEqual([]);
    expect(await events()).toBe(before);

    // Running: the clock moves 4.5 minutes on; the draws due meanwhile come, each once.
    const batches: DemoBatch[] = [];
    const feed = startDemoFeed({ db: first.db, clock, log: quiet, seed: SEED, onBatch: (b) => batches.push(b) });
    await feed.ready;
    const lastDue = grid(threeDaysLater.getTime() + 270_000);
    clock.set(new Date(threeDaysLater.getTime() + 270_000));
    const until = Date.now() + 20_000;
    while ((batches.at(-1)?.toMs ?? 0) < lastDue && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    await feed.stop();
    expect(batches.at(-1)?.toMs).toBe(lastDue);
    expect(batches.every((b) => b.duplicates === 0)).toBe(true);

    // Started again later: it goes on from the last draw it posted.
    clock.set(new Date(threeDaysLater.getTime() + 20 * 60_000));
    const later = await runUntilCaughtUp(first.db, clock);
    expect(later.batches[0]?.fromMs).toBe(lastDue);
    expect(later.batches.every((b) => b.duplicates === 0)).toBe(true);

    const drawEvents = await count(first.db, sql`SELECT count(*)::int AS n FROM feed_events WHERE type = 'draw'`);
    const due = (grid(clock.now().getTime()) - SEEDED_AT.getTime()) / DRAW_MS;
    expect(drawEvents).toBe(4 * due);
    expect(
      await count(
        first.db,
        sql`SELECT count(*)::int AS n FROM draws WHERE drawno IS NOT NULL AND draw_time > ${SEEDED_AT.toISOString()}::timestamptz`,
      ),
    ).toBe(4 * due);
  });

  it('catches up at most 14 days: an older gap stays empty', async () => {
    const now = new Date(SEEDED_AT.getTime() + 20 * DAY_MS);
    const run = await runUntilCaughtUp(old.db, new ManualClock(now));
    const fromMs = now.getTime() - 14 * DAY_MS;
    expect(run.batches[0]!.fromMs).toBe(fromMs);
    const gap = sql`BETWEEN ${new Date(SEEDED_AT.getTime() + 1).toISOString()}::timestamptz AND ${new Date(fromMs).toISOString()}::timestamptz`;
    expect(await count(old.db, sql`SELECT count(*)::int AS n FROM draws WHERE drawno IS NOT NULL AND draw_time ${gap}`)).toBe(0);
    expect(await count(old.db, sql`SELECT count(*)::int AS n FROM plays WHERE played_at ${gap}`)).toBe(0);
    expect(await count(old.db, sql`SELECT count(*)::int AS n FROM transfers WHERE created_at ${gap}`)).toBe(0);
    expect(
      await count(
        old.db,
        sql`SELECT count(*)::int AS n FROM draws WHERE drawno IS NOT NULL AND draw_time > ${new Date(fromMs).toISOString()}::timestamptz`,
      ),
    ).toBe(4 * 14 * 960);
    const days = await count(
      old.db,
      sql`SELECT count(DISTINCT ist_day(played_at))::int AS n FROM plays WHERE played_at > ${new Date(fromMs).toISOString()}::timestamptz`,
    );
    expect(days).toBeGreaterThanOrEqual(13); // the 13 whole days of the 14, at least
    expect(await brokenInvariants(old.db)).toEqual([]);
  });

  it('stays idle, without a key, on a database that holds no demo network', async () => {
    const database = await createTestDatabase(kind);
    try {
      await createNetwork(database.db);
      const run = await runUntilCaughtUp(database.db, new ManualClock(threeDaysLater));
      expect(run).toEqual({ batches: [], feeding: false });
      expect(await count(database.db, sql`SELECT count(*)::int AS n FROM feed_keys`)).toBe(0);
    } finally {
      await database.destroy();
    }
  });
});
