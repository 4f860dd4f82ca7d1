import type { FeedBatchResponse, FeedEventInput } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { closeFinishedWeeks } from '../settlement/index.js';
import { createFeedKey } from './keys.js';
import { takeBatchLocks } from './locks.js';
import { brokenInvariants, buildFeedApp, cafeEvents, type FeedApp, HOUSE } from './test-support/feed-fixture.js';

/**
 * Two platform keys posting at the same time (on PostgreSQL they really run in parallel, on
 * PGlite one after the other): batches touching the same roll-up rows, the same accounts, the
 * same draws and the same event ids (each key's own). Every event is applied exactly once, the
 * ledger's invariant holds, and the weekly closing waits for a batch in flight.
 */
const NOW = '2025-03-12T21:00:00+05:30';
const PLAYERS = ['player1', 'player2', 'player3'];
const CAFES = ['cafe-m1', 'cafe-m2', 'cafe-m3'];

describe.each(TEST_DB_KINDS)('two keys posting at once on %s', (kind) => {
  let f: FeedApp;
  let second: string;
  const db = () => f.t.app.db;

  beforeAll(async () => {
    f = await buildFeedApp(kind, { now: NOW });
    second = (await createFeedKey(db(), 'second-platform', new Date(NOW))).key;
    expect((await f.post(cafeEvents())).statusCode).toBe(200);
  });
  afterAll(async () => {
    await f?.close();
  });

  /** Plays on the same members, cafes, days and draws from both keys, and draws both keys send. */
  function playBatch(key: string, n: number): FeedEventInput[] {
    const events: FeedEventInput[] = [];
    for (let i = 0; i < 60; i += 1) {
      const day = 10 + (i % 3);
      const at = `2025-03-${day}T1${i % 10}:00:00+05:30`;
      events.push({
        id: `${key}-${n}-play-${i}`,
        type: 'play',
        playId: `${key}-${n}-${i}`,
        member: PLAYERS[(i + n) % 3]!,
        cafeId: CAFES[(i * 7 + n) % 3]!,
        game: 'MNOQqWWi',
        drawAt: at,
        stake: 1 + (i % 5),
        win: i % 4 === 0 ? 3 : 0,
        at,
      });
    }
    for (let d = 0; d < 3; d += 1) {
      const minute = String(n * 10 + d).padStart(2, '0');
      events.push({
        id: `shared-draw-${n}-${d}`,
        type: 'draw',
        game: 'vwRORrGO',
        drawAt: `2025-03-1${d}T20:${minute}:00+05:30`,
        result: String(n + d),
      });
    }
    return events;
  }

  it('applies every event exactly once and keeps the ledger invariant', async () => {
    const issue = (n: number): FeedEventInput[] => [
      {
        id: `issue-${n}`,
        type: 'transfer',
        transferId: `issue-${n}`,
        from: HOUSE,
        to: 'admin1',
        amount: 100,
        channel: 'single',
        at: NOW,
      },
      { id: `issue-${n}-ok`, type: 'transfer.accepted', transferId: `issue-${n}`, at: NOW },
    ];
    const spend = (n: number): FeedEventInput[] => [
      {
        id: `spend-${n}`,
        type: 'transfer',
        transferId: `spend-${n}`,
        from: 'admin1',
        to: 'sam1',
        amount: 150,
        channel: 'multiplayer',
        at: NOW,
      },
      {
        id: `spend-${n}-back`,
        type: 'transfer',
        transferId: `spend-${n}-back`,
        from: 'admin1',
        to: HOUSE,
        amount: 1,
        channel: 'single',
        at: NOW,
      },
    ];
    const posts: Promise<{ key: string; events: FeedEventInput[]; res: Awaited<ReturnType<FeedApp['post']>> }>[] = [];
    const send = (key: string, events: FeedEventInput[]) => posts.push(f.post(events, key).then((res) => ({ key, events, res })));
    for (let n = 0; n < 6; n += 1) {
      send(f.key, [...playBatch('a', n), ...issue(n)]);
      send(second, playBatch('b', n));
      send(second, spend(n));
    }
    const done = await Promise.all(posts);

    const playBatches = done.filter((d) => d.events.some((e) => e.type === 'play'));
    for (const d of playBatches) expect(d.res.statusCode, `${d.res.body}\n${f.t.serverErrors.join('\n')}`).toBe(200);
    // Spending may be refused (not enough points yet): then nothing of that batch is applied.
    for (const d of done) expect([200, 422]).toContain(d.res.statusCode);

    // Each shared draw id was applied by both keys: ids are each key's own (the same draw, the same result).
    const statuses = new Map<string, string[]>();
    for (const d of done.filter((x) => x.res.statusCode === 200)) {
      for (const r of (d.res.json() as FeedBatchResponse).results) statuses.set(r.id, [...(statuses.get(r.id) ?? []), r.status]);
    }
    for (const [id, list] of statuses) {
      if (id.startsWith('shared-')) expect(list, id).toEqual(['applied', 'applied']);
      else expect(list, id).toEqual(['applied']);
    }

    const appliedPlays = playBatches.length * 60;
    const [counts] = await queryRows<{ plays: number; events: number; draws: number }>(
      db(),
      sql`SELECT (SELECT count(*) FROM plays)::int AS plays, (SELECT count(*) FROM feed_events)::int AS events,
                 (SELECT count(*) FROM draws WHERE game_id = 2)::int AS draws`,
    );
    expect(counts!.plays).toBe(appliedPlays);
    expect(counts!.events).toBe([...statuses.values()].flat().length + cafeEvents().length);
    expect(counts!.draws).toBe(6 * 3);
    expect(await brokenInvariants(db())).toEqual([]);
  });

  it.skipIf(kind !== 'postgres')('makes the weekly closing wait for a batch in flight', async () => {
    f.t.clock.set('2025-03-19T12:00:00+05:30');
    let releaseBatch!: () => void;
    const held = new Promise<void>((resolve) => {
      releaseBatch = resolve;
    });
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const batch = db().transaction(async (tx) => {
      await takeBatchLocks(tx, { changesNetwork: false });
      locked();
      await held;
    });
    await lockTaken;
    let closedAt = 0;
    const closing = closeFinishedWeeks(db(), { now: f.t.clock.now() }).then((result) => {
      closedAt = Date.now();
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(closedAt).toBe(0);
    const releasedAt = Date.now();
    releaseBatch();
    await batch;
    expect((await closing).closed).toContain('2025-03-10 games');
    expect(closedAt).toBeGreaterThanOrEqual(releasedAt);
  });
});
