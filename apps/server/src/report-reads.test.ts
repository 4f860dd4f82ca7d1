import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, signIn } from '../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * Report reads run apart from everything else and within the report statement timeout: on
 * PostgreSQL through connections of their own that carry statement_timeout, on the embedded
 * database one statement at a time in a lane of their own (db/report-lane.ts).
 */
const TIMEOUT_MESSAGE = 'This report took too long to prepare. Choose a shorter date range and try again.';
const DRAW_DETAILS = '/api/playrep/drawdetails?gameId=MNOQqWWi&fromDate=2025-01-01&toDate=2025-12-31';

/** A connection of the test's own that holds an exclusive lock on draws until `release`. */
async function lockDraws(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE draws IN ACCESS EXCLUSIVE MODE');
  let released = false;
  return {
    /** Backends of the database waiting for a lock. */
    async waiting(): Promise<number> {
      // Inside a transaction pg_stat_activity is read once, unless its snapshot is cleared.
      await client.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      return rows[0]!.n;
    },
    async release() {
      if (released) return;
      released = true;
      await client.query('COMMIT');
      await client.end();
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('report reads on PostgreSQL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp('postgres');
    await createNetwork(t.app.db);
  });
  afterAll(async () => t?.close());

  it('answers /api/health and signs in while every report connection waits on a lock', async () => {
    const lock = await lockDraws(t.database.url!);
    try {
      // Three accounts, four Draw Details calls each (two statements at once per call): more
      // statements than the 10 connections of the pool, all waiting for the lock.
      const sessions = await Promise.all(['player1', 'player2', 'player3'].map((username) => signIn(t.app, username)));
      const reports = sessions.flatMap((session) => [1, 2, 3, 4].map(() => injectAs(t.app, session, { url: DRAW_DETAILS })));
      while ((await lock.waiting()) < 10) await new Promise((resolve) => setTimeout(resolve, 20));

      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', db: 'postgres' });
      const signedIn = await signIn(t.app, 'am1');
      expect(signedIn.user.username).toBe('am1');
      expect(await lock.waiting()).toBeGreaterThanOrEqual(10);

      await lock.release();
      expect((await Promise.all(reports)).map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    } finally {
      await lock.release();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the report statement timeout on PostgreSQL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp('postgres', { env: { REPORT_STATEMENT_TIMEOUT_MS: '300' } });
    await createNetwork(t.app.db);
  });
  afterAll(async () => t?.close());

  it('cancels a report statement that runs past REPORT_STATEMENT_TIMEOUT_MS and answers 503 saying why', async () => {
    const lock = await lockDraws(t.database.url!);
    // Without a timeout the report would wait for the lock: let it go in the end all the same.
    const letGo = setTimeout(() => void lock.release(), 10_000);
    try {
      const res = await injectAs(t.app, await signIn(t.app, 'player1'), { url: DRAW_DETAILS });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: TIMEOUT_MESSAGE });
    } finally {
      clearTimeout(letGo);
      await lock.release();
    }
    // Only report reads carry the timeout: the primary's statements may take longer.
    await expect(t.app.db.execute(sql`SELECT pg_sleep(0.5)`)).resolves.toBeDefined();
  });
});

describe('report reads on the embedded database', () => {
  let t: TestApp;

  /** A report that asks for two statements at once: a pg_sleep of `sleep` seconds, then `SELECT 1`. */
  const probes: FastifyPluginAsync = async (app) => {
    app.get('/playrep/__probe/two-statements', { config: { call: 'drawDetails' } }, async (request) => {
      const { sleep } = request.query as { sleep: string };
      const reader = app.database.reader();
      await Promise.all([reader.execute(sql`SELECT pg_sleep(${Number(sleep)})`), reader.execute(sql`SELECT 1`)]);
      return { ok: true };
    });
  };

  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { REPORT_STATEMENT_TIMEOUT_MS: '200' }, extraReportRoutes: probes });
    await createNetwork(t.app.db);
  });
  afterAll(async () => t?.close());

  it('gives up a report statement that waited longer than REPORT_STATEMENT_TIMEOUT_MS for its turn: 503 saying why', async () => {
    const player = await signIn(t.app, 'player1');
    // SELECT 1 waits for the 0.4 s sleep: longer than 200 ms.
    const late = await injectAs(t.app, player, { url: '/api/playrep/__probe/two-statements?sleep=0.4' });
    expect(late.statusCode).toBe(503);
    expect(late.json()).toEqual({ message: TIMEOUT_MESSAGE });
    // Within the timeout both run.
    const inTime = await injectAs(t.app, player, { url: '/api/playrep/__probe/two-statements?sleep=0.01' });
    expect(inTime.statusCode).toBe(200);
  });

  it('answers /api/health before the report statements waiting for their turn', async () => {
    const reader = t.app.database.reader();
    const finished: string[] = [];
    const reports = [1, 2, 3, 4].map((n) =>
      reader.execute(sql`SELECT pg_sleep(0.03)`).then(() => {
        finished.push(`report ${n}`);
      }),
    );
    await reports[0];
    const health = t.app.inject({ method: 'GET', url: '/api/health' }).then((res) => {
      finished.push('health');
      return res;
    });
    await Promise.all([...reports, health]);
    expect((await health).statusCode).toBe(200);
    // Without its own turn, health would wait behind reports 2, 3 and 4 in the database's one queue.
    expect(finished.indexOf('health')).toBeLessThan(finished.indexOf('report 3'));
  });
});
