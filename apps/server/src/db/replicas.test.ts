import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReplica, type Replica, replicaUnavailable } from '../../test/replica.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.js';
import { type Database, openDatabase, queryRows } from './client.js';
import { describeUrl, parseLsn } from './replicas.js';

describe('WAL positions and names', () => {
  it('reads a WAL position as one number and names a server without its credentials', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0')).toBe(1n << 32n);
    expect(parseLsn('2/10') > parseLsn('1/FFFFFFFF')).toBe(true);
    expect(describeUrl('postgres://user:secret@db.example:6543/playrep')).toBe('db.example:6543/playrep');
  });
});

const unavailable = replicaUnavailable();

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

const inRecovery = async (database: Database) =>
  (await queryRows<{ r: boolean }>(database.reader(), sql`SELECT pg_is_in_recovery() AS r`))[0]!.r;

describe.skipIf(unavailable !== null)('report reads on a real streaming replica', () => {
  let primary: TestDatabase;
  let replica: Replica;
  let database: Database;

  beforeAll(async () => {
    primary = await createTestDatabase('postgres');
    replica = await createReplica(primary.url!);
    database = await openDatabase({ databaseUrl: primary.url, replicaUrls: [replica.url], maxReplicaLagSeconds: 1 });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await replica?.remove();
    await primary?.destroy();
  });

  it('sends report reads to the replica while it is within the lag limit, writes to the primary', async () => {
    // Its lag is known once the primary has been sampled at a position the replica has replayed:
    // at once on a quiet server, a second or two later while other tests write to it.
    const status = await eventually(
      () => database.replicaStatus()[0],
      (s) => s?.usable === true,
    );
    expect(status).toMatchObject({ usable: true, name: `127.0.0.1:${replica.port}${new URL(primary.url!).pathname}` });
    expect(status!.lagSeconds).toBeLessThanOrEqual(1);
    expect(await inRecovery(database)).toBe(true);
    expect((await queryRows<{ r: boolean }>(database.db, sql`SELECT pg_is_in_recovery() AS r`))[0]!.r).toBe(false);
  });

  it('skips a replica whose replay is paused once its data is older than the limit, and uses it again when it catches up', async () => {
    const admin = new pg.Client({ connectionString: replica.url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_wal_replay_pause()');
      // Writes on the primary the paused replica does not replay.
      for (let i = 0; i < 5; i++) {
        await database.db.execute(sql`SELECT pg_switch_wal()`);
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      const lagging = await eventually(
        () => database.replicaStatus()[0]!,
        (s) => !s.usable,
      );
      expect(lagging.reason).toMatch(/lags more than 1 s/);
      expect(await inRecovery(database)).toBe(false); // the primary answers the reports meanwhile
      await admin.query('SELECT pg_wal_replay_resume()');
      await eventually(
        () => database.replicaStatus()[0]!.usable,
        (usable) => usable,
      );
      expect(await inRecovery(database)).toBe(true);
    } finally {
      await admin.end();
    }
  }, 60_000);

  it('skips a replica that stops, and uses it again when it is back', async () => {
    await replica.stop();
    const down = await eventually(
      () => database.replicaStatus()[0]!,
      (s) => !s.usable,
    );
    expect(down.reason).toMatch(/not answering/);
    expect(await inRecovery(database)).toBe(false);
    await replica.start();
    await eventually(
      () => database.replicaStatus()[0]!.usable,
      (usable) => usable,
      30_000,
    );
    expect(await inRecovery(database)).toBe(true);
  }, 90_000);
});
