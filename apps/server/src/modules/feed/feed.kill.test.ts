import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createNetwork } from '../../../test/fixtures/network.js';
import { startServerProcess, waitFor } from '../../../test/server-process.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDbKind } from '../../../test/test-db.js';
import { type Database, migrateDatabase, openDatabase, queryRows } from '../../db/client.js';
import { ensureHouseAccount } from '../ledger/ledger.js';
import { createFeedKey } from './keys.js';
import { brokenInvariants } from './test-support/feed-fixture.js';

/**
 * `kill -9` of the server while it applies a large batch: after a restart the batch is there
 * whole or not at all, every invariant holds, and sending it again completes it exactly once.
 * The real server (server.ts) in a child process, on the embedded database and on PostgreSQL.
 */
const BATCH = 5_000;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Plays of the last ten hours (the server runs on the real clock), on draws a minute apart at
 * whole minutes; the same events on a retry.
 */
const START = Math.floor(Date.now() / 60_000) * 60_000;
function bigBatch(round: number): unknown[] {
  return Array.from({ length: BATCH }, (_, i) => {
    const at = new Date(START - (1 + (i % 600)) * 60_000).toISOString();
    return {
      id: `r${round}-${i}`,
      type: 'play',
      playId: `r${round}-${i}`,
      member: ['player1', 'player2', 'player3'][i % 3],
      cafeId: ['cafe-m1', 'cafe-m2'][i % 2],
      game: 'MNOQqWWi',
      drawAt: at,
      stake: 1 + (i % 9),
      win: i % 5 === 0 ? 4 : 0,
      at,
    };
  });
}

interface Target {
  env: Record<string, string>;
  open(): Promise<Database>;
  /** Resolves once the server's transaction is visibly under way (PostgreSQL), or after `ms` (embedded). */
  midBatch(ms: number): Promise<void>;
  destroy(): Promise<void>;
}

async function prepare(kind: TestDbKind): Promise<Target> {
  if (kind === 'postgres') {
    const database = await createTestDatabase('postgres', { poolSize: 2 });
    const url = database.url!;
    return {
      env: { DATABASE_URL: url },
      open: () => openDatabase({ databaseUrl: url, poolSize: 2 }),
      async midBatch() {
        // Polled without a pause: the batch's statements take a few hundred milliseconds at most.
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const until = Date.now() + 30_000;
          for (;;) {
            const { rows } = await client.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL
                  AND (query ILIKE '%INSERT INTO feed_events%' OR query ILIKE '%INSERT INTO plays%')`,
            );
            if (rows[0].n > 0) return;
            if (Date.now() > until) throw new Error('timed out waiting for the batch to be inserting events or plays');
          }
        } finally {
          await client.end();
        }
      },
      destroy: () => database.destroy(),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'playrep-kill-'));
  dirs.push(dataDir);
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    midBatch: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    async destroy() {},
  };
}

describe.each(TEST_DB_KINDS)('kill -9 during a large batch on %s', (kind) => {
  it('leaves the whole batch or none of it, and a retry completes it once', async () => {
    const target = await prepare(kind);
    let key: string;
    {
      const database = await target.open();
      await migrateDatabase(database);
      await createNetwork(database.db);
      await ensureHouseAccount(database.db, 'HOUSE');
      key = (await createFeedKey(database.db, 'platform', new Date())).key;
      await database.close();
    }
    const post = (url: string, events: unknown[]) =>
      fetch(`${url}/api/feed/v1/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
      });
    const start = async () => {
      const server = startServerProcess(target.env);
      await waitFor(() => server.url() !== null, 'the server to listen');
      return server;
    };

    let server = await start();
    const cafes = await post(server.url()!, [
      { id: 'cafe-1', type: 'cafe', cafeId: 'cafe-m1', master: 'master1', name: 'One' },
      { id: 'cafe-2', type: 'cafe', cafeId: 'cafe-m2', master: 'master2', name: 'Two' },
    ]);
    expect(cafes.status, await cafes.text()).toBe(200);

    // Killed at different points of the batch (on PostgreSQL: once its transaction is inserting).
    for (const [round, delay] of [150, 600, 1_500].entries()) {
      const sent = post(server.url()!, bigBatch(round)).catch((err: unknown) => err);
      await target.midBatch(delay);
      server.child.kill('SIGKILL');
      expect(await server.exited).toBeNull();
      await sent;

      server = await start();
      const database = await target.open().catch(() => null);
      // The embedded database is the server's alone: look through the API and its tables after it stops.
      if (database) {
        const [row] = await queryRows<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM plays WHERE platform_id LIKE ${`r${round}-%`}`,
        );
        expect([0, BATCH]).toContain(row!.n);
        expect(await brokenInvariants(database.db)).toEqual([]);
        await database.close();
      }
      const retry = await post(server.url()!, bigBatch(round));
      expect(retry.status).toBe(200);
      const body = (await retry.json()) as { applied: number; duplicates: number };
      expect([body.applied, body.duplicates].sort((a, b) => a - b)).toEqual([0, BATCH]);
    }

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const database = await target.open();
    try {
      const [row] = await queryRows<{ n: number; events: number }>(
        database.db,
        sql`SELECT (SELECT count(*) FROM plays)::int AS n, (SELECT count(*) FROM feed_events)::int AS events`,
      );
      expect(row).toEqual({ n: 3 * BATCH, events: 3 * BATCH + 2 });
      expect(await brokenInvariants(database.db)).toEqual([]);
    } finally {
      await database.close();
      await target.destroy();
    }
  }, 600_000);
});
