import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.js';
import { type RunningJob, runOnOneProcess, startIntervalJob } from './jobs.js';

async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not so after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const never = new Promise<void>(() => {});

describe('a job on one process, on the embedded database', () => {
  it('runs the job here at once (one process owns the database), is ready when the job is, and stops it', async () => {
    const events: string[] = [];
    let markReady!: () => void;
    const job = runOnOneProcess({
      job: 'settlement',
      databaseUrl: undefined,
      start: () => {
        events.push('start');
        return {
          ready: new Promise<void>((resolve) => {
            markReady = resolve;
          }),
          stop: async () => void events.push('stop'),
        };
      },
    });
    let ready = false;
    void job.ready.then(() => {
      ready = true;
    });
    await eventually(() => events.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ready).toBe(false);
    markReady();
    await job.ready;
    await job.stop();
    expect(events).toEqual(['start', 'stop']);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a job on one process, on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrate: false });
  });
  afterAll(async () => database?.destroy());

  it('runs on one of two processes without either waiting for it, and on the other once that one stops', async () => {
    const running = new Set<number>();
    const contender = (n: number) =>
      runOnOneProcess({
        job: `one-process-test-${process.pid}`,
        databaseUrl: database.url!,
        start: (): RunningJob => {
          running.add(n);
          return { ready: never, stop: async () => void running.delete(n) };
        },
      });
    const jobs = [contender(0), contender(1)];
    await Promise.all(jobs.map((job) => job.ready));
    await eventually(() => running.size === 1);
    const leader = [...running][0]!;
    await jobs[leader]!.stop();
    await eventually(() => running.size === 1 && running.has(1 - leader));
    await jobs[1 - leader]!.stop();
    expect(running.size).toBe(0);
  });
});

describe('an interval job', () => {
  it('runs at once and on its interval, never two runs at a time, logs a failure and goes on, and stops after the run in progress', async () => {
    const failures: unknown[] = [];
    let runs = 0;
    let inRun = 0;
    let overlapped = false;
    let release!: () => void;
    let gate = Promise.resolve();
    const job = startIntervalJob({
      everyMs: 10,
      log: { error: (obj) => void failures.push(obj) },
      failure: 'test job failed',
      run: async () => {
        runs += 1;
        inRun += 1;
        overlapped ||= inRun > 1;
        try {
          await gate;
          if (runs === 2) throw new Error('the second run fails');
        } finally {
          inRun -= 1;
        }
      },
    });
    await job.ready;
    expect(runs).toBe(1);
    await eventually(() => runs >= 4);
    expect(failures).toHaveLength(1);
    expect((failures[0] as { err: Error }).err.message).toBe('the second run fails');

    // A slow run: the ticks and runNow() join it instead of starting another.
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await eventually(() => inRun === 1);
    const joined = job.runNow();
    const before = runs;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBe(before);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    release();
    await Promise.all([joined, stopping]);
    expect(inRun).toBe(0);
    await job.runNow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(before);
    expect(overlapped).toBe(false);
  });
});
