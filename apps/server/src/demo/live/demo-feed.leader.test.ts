import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, waitFor } from '../../../test/server-process.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { seedNetwork } from '../index.js';
import { lastDrawnMs } from './demo-feed.js';

/**
 * Two server processes on one PostgreSQL database with DEMO_FEED=1: the demo feed runs on exactly
 * one of them (the leader of the "demo-feed" job), and moves to the other when that one dies,
 * going on from the last draw posted: every due draw once, none missing.
 */

const DRAW_MS = 90_000;
const grid = (ms: number) => Math.floor(ms / DRAW_MS) * DRAW_MS;
/** The log line of runAsLeader when a process takes the demo feed's job. */
const LEADS = /"job":"demo-feed".*"msg":"leader: this process runs the job"/;

describe.skipIf(!process.env.TEST_DATABASE_URL)('the live demo on two server processes sharing PostgreSQL', () => {
  let database: TestDatabase;
  let seededAt: number;
  const servers: ServerProcess[] = [];

  const start = async () => {
    const server = startServerProcess({ DATABASE_URL: database.url!, DEMO_FEED: '1', SEED: '7', LOG_LEVEL: 'info' });
    servers.push(server);
    await waitFor(() => server.url() !== null, 'the banner');
    return server;
  };
  const lastDrawn = async () => (await lastDrawnMs(database.db, new Date())) ?? 0;
  /** Draw events applied and draws due up to the last one drawn, in one snapshot: equal when each was posted once. */
  const drawsFed = async () => {
    const [row] = await queryRows<{ events: number; last: Date | string }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM feed_events WHERE type = 'draw') AS events,
                 (SELECT max(draw_time) FROM draws WHERE drawno IS NOT NULL) AS last`,
    );
    return { events: Number(row!.events), due: (4 * (new Date(row!.last).getTime() - seededAt)) / DRAW_MS };
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // Last fed half an hour ago or so (on the tiny network's half-hour draw grid): the leader has that to catch up.
    seededAt = Math.floor((Date.now() - 30 * 60_000) / 1_800_000) * 1_800_000;
    await seedNetwork(database, { scale: 'tiny', seed: 7, houseUsername: 'HOUSE', now: new Date(seededAt) });
    await Promise.all([start(), start()]);
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await database?.destroy();
  });

  it('feeds on exactly one process, and on the other once that one is killed: every due draw once', async () => {
    await waitFor(async () => (await lastDrawn()) >= grid(Date.now()) - DRAW_MS, 'the catch-up', 60_000);
    const leading = servers.filter((server) => LEADS.test(server.output().stdout));
    expect(leading).toHaveLength(1);
    const fed = await drawsFed();
    expect(fed.events).toBe(fed.due);

    const killed = leading[0]!;
    const other = servers.find((server) => server !== killed)!;
    killed.child.kill('SIGKILL');
    await killed.exited;
    const before = await lastDrawn();
    await waitFor(() => LEADS.test(other.output().stdout), 'the other process to take over', 30_000);
    await waitFor(async () => (await lastDrawn()) > before, 'a draw posted by the other process', 120_000);
    const after = await drawsFed();
    expect(after.events).toBe(after.due);
    expect(after.events).toBeGreaterThan(fed.events);
  }, 240_000);
});
