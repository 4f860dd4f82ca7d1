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
    // Last fed two days ago (on the tiny network's half-hour draw grid): the leader catches that up
    // in batches of six hours, and is killed among them, so the other has the rest to go on with.
    seededAt = Math.floor((Date.now() - 48 * 3_600_000) / 1_800_000) * 1_800_000;
    await seedNetwork(database, { scale: 'tiny', seed: 7, houseUsername: 'HOUSE', now: new Date(seededAt) });
    await Promise.all([start(), start()]);
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await database?.destroy();
  });

  it('feeds on exactly one process, and on the other once that one is killed: every due draw once', async () => {
    await waitFor(async () => (await lastDrawn()) > seededAt, 'the first batch of the catch-up', 60_000);
    const leading = servers.filter((server) => LEADS.test(server.output().stdout));
    expect(leading).toHaveLength(1);
    const killed = leading[0]!;
    const other = servers.find((server) => server !== killed)!;
    killed.child.kill('SIGKILL');
    await killed.exited;
    const fed = await drawsFed();
    expect(fed.events).toBe(fed.due);
    const before = await lastDrawn();

    await waitFor(() => LEADS.test(other.output().stdout), 'the other process to take over', 30_000);
    // It goes on from the last draw posted to now; were the catch-up over before the kill, the
    // next draw due (at most 90 s away) is its first.
    await waitFor(
      async () => {
        const last = await lastDrawn();
        return last > before && last >= grid(Date.now()) - DRAW_MS;
      },
      'draws posted by the other process, up to now',
      150_000,
    );
    const after = await drawsFed();
    expect(after.events).toBe(after.due);
    expect(after.events).toBeGreaterThan(fed.events);
  }, 240_000);
});
