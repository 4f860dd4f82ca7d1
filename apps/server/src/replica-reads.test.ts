import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, signIn } from '../test/fixtures/network.js';
import { createReplica, type Replica, replicaUnavailable } from '../test/replica.js';
import { withClient } from '../test/scratch-database.js';
import { createTestDatabase, type TestDatabase } from '../test/test-db.js';
import { buildApp } from './app.js';
import { readEnv } from './config/env.js';
import { type Database, openDatabase } from './db/client.js';

/** Report reads on a read replica, everything else on the primary (a real streaming replica). */

const unavailable = replicaUnavailable();
const TOKEN = 'replica-metrics-token-0123456789';

/** Polls until `check` holds, or fails with what was last seen. */
async function eventually<T>(read: () => Promise<T> | T, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(unavailable !== null)('the app on a primary with a streaming replica', () => {
  let primary: TestDatabase;
  let replica: Replica;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    primary = await createTestDatabase('postgres');
    await createNetwork(primary.db);
    replica = await createReplica(primary.url!);
    // The server starts while its replica is behind the primary's latest write (a busy primary
    // always has one in flight): the replica catches up a moment later, and is used from the start.
    await withClient(replica.url, (c) => c.query('SELECT pg_wal_replay_pause()'));
    await primary.db.execute(sql`UPDATE accounts SET address = address WHERE username = 'am1'`);
    const resumed = new Promise((resolve) => setTimeout(resolve, 300)).then(() =>
      withClient(replica.url, (c) => c.query('SELECT pg_wal_replay_resume()')),
    );
    try {
      // A generous limit: the replica stays in use while its replay is paused below.
      database = await openDatabase({ databaseUrl: primary.url, replicaUrls: [replica.url], maxReplicaLagSeconds: 60 });
    } finally {
      await resumed;
    }
    app = await buildApp({ database, env: readEnv({ NODE_ENV: 'test', METRICS_TOKEN: TOKEN }), webDist: null });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await replica?.remove();
    await primary?.destroy();
  });

  it('answers reports from the replica, signs in on the primary, and reports each database in health', async () => {
    const admin = new pg.Client({ connectionString: replica.url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_wal_replay_pause()');
      // A change the paused replica does not have yet.
      await primary.db.execute(sql`UPDATE accounts SET address = 'Moved to Pune' WHERE username = 'master1'`);
      // Sign-in writes a session on the primary and works although the replica is paused.
      const am1 = await signIn(app, 'am1');
      const addressOf = async () => {
        const res = await injectAs(app, am1, { url: '/api/playrep/agentdetails' });
        expect(res.statusCode).toBe(200);
        return (res.json().data as { username: string; address: string }[]).find((a) => a.username === 'master1')!.address;
      };
      expect(await addressOf()).not.toBe('Moved to Pune'); // read on the replica

      const health = (await app.inject({ url: '/api/health' })).json();
      expect(health).toMatchObject({ status: 'ok', db: 'postgres', replicas: [{ name: expect.any(String), usable: true }] });
      const metrics = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(metrics).toContain(`playrep_replica_in_use{replica="${health.replicas[0].name}"} 1`);
      expect(metrics).toMatch(new RegExp(`^playrep_replica_lag_seconds\\{replica="${health.replicas[0].name}"\\} [0-9.]+$`, 'm'));

      await admin.query('SELECT pg_wal_replay_resume()');
      await eventually(addressOf, (address) => address === 'Moved to Pune');
    } finally {
      await admin.end();
    }
  }, 60_000);
});
