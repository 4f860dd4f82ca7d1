import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.js';
import { type LeaderLock, leaderApplicationName, runAsLeader } from './leader-lock.js';

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('leader lock on PostgreSQL', () => {
  let database: TestDatabase;
  const locks: LeaderLock[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrate: false });
  });
  afterAll(async () => {
    await Promise.all(locks.map((lock) => lock.close()));
    await database?.destroy();
  });

  it('lets exactly one of several contenders run the job; a leader whose connection dies stops it; another takes over when a leader leaves', async () => {
    const job = `test-job-${process.pid}`;
    const running = new Set<number>();
    const starts: number[] = [];
    const stops: number[] = [];
    const contender = (n: number) =>
      runAsLeader({
        databaseUrl: database.url!,
        job,
        retryMs: 100,
        start: () => {
          running.add(n);
          starts.push(n);
          return {
            stop: async () => {
              running.delete(n);
              stops.push(n);
            },
          };
        },
      });
    locks.push(contender(1), contender(2), contender(3));
    await eventually(() => running.size === 1);
    await new Promise((resolve) => setTimeout(resolve, 400)); // several more rounds of tries
    expect(running.size).toBe(1);
    const first = [...running][0]!;
    expect(locks.filter((lock) => lock.leading)).toHaveLength(1);

    // The leader's connection is killed, as when its process dies: PostgreSQL frees the lock.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [leaderApplicationName(`test-job-${process.pid}`)],
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    // The job stops with the lock it stood on; then one contender (maybe the same) leads again.
    await eventually(() => stops.includes(first) && running.size === 1);
    expect(starts.length).toBe(stops.length + 1);

    // The leader leaves: another contender takes over.
    const leader = [...running][0]!;
    await locks[leader - 1]!.close();
    await eventually(() => running.size === 1 && !running.has(leader));
    expect(locks.filter((lock) => lock.leading)).toHaveLength(1);
  });
});
