import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/manual-clock.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { openDatabase, queryRows } from '../../db/client.js';
import { startSettlementSchedule } from './schedule.js';
import { insertTinyNetwork } from './test-support/tiny-network.js';

function recordingLog() {
  const entries: { level: 'info' | 'error'; obj: Record<string, unknown>; msg: string | undefined }[] = [];
  return {
    entries,
    info: (obj: object, msg?: string) => void entries.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
    error: (obj: object, msg?: string) => void entries.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
  };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(TEST_DB_KINDS)('settlement schedule on %s', (kind) => {
  let database: TestDatabase;
  const closedWeeks = async () =>
    (
      await queryRows<{ w: string }>(
        database.db,
        sql`SELECT week_start::text || ' ' || kind::text AS w FROM settled_weeks ORDER BY 1`,
      )
    ).map((r) => r.w);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Plays in the weeks of 6, 13 and 20 January 2025.
    await insertTinyNetwork(database.db, ['2025-01-07T10:00:00+05:30', '2025-01-14T10:00:00+05:30', '2025-01-21T10:00:00+05:30']);
  });
  afterAll(async () => database?.destroy());

  it('closes at start-up, then on its interval, and not once stopped', async () => {
    const clock = new ManualClock('2025-01-15T12:00:00+05:30');
    const log = recordingLog();
    const schedule = startSettlementSchedule(database.db, log, clock, { intervalMs: 25 });
    await schedule.ready;
    expect(log.entries).toEqual([
      { level: 'info', obj: { closed: ['2025-01-06 games', '2025-01-06 poker'] }, msg: 'settlement: closed weeks' },
    ]);

    clock.set('2025-01-22T12:00:00+05:30');
    await until(async () => (await closedWeeks()).length === 4);
    expect(log.entries.at(-1)?.obj).toEqual({ closed: ['2025-01-13 games', '2025-01-13 poker'] });
    const infos = log.entries.length;

    await schedule.stop();
    clock.set('2025-01-29T12:00:00+05:30');
    await new Promise((resolve) => setTimeout(resolve, 150));
    await schedule.runNow();
    expect(await closedWeeks()).toEqual(['2025-01-06 games', '2025-01-06 poker', '2025-01-13 games', '2025-01-13 poker']);
    expect(log.entries).toHaveLength(infos);
    expect(log.entries.every((e) => e.level === 'info')).toBe(true);
  });

  it('closes nothing new when nothing finished', async () => {
    const log = recordingLog();
    const schedule = startSettlementSchedule(database.db, log, new ManualClock('2025-01-23T12:00:00+05:30'));
    await schedule.ready;
    await schedule.stop();
    expect(log.entries).toEqual([]);
  });
});

describe('settlement schedule failures', () => {
  it('logs an error instead of throwing when the database cannot be reached', async () => {
    const unreachable = await openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', poolSize: 1 });
    const log = recordingLog();
    const schedule = startSettlementSchedule(unreachable.db, log, new ManualClock('2025-01-23T12:00:00+05:30'));
    await expect(schedule.ready).resolves.toBeUndefined();
    await schedule.stop();
    await unreachable.close();
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]).toMatchObject({ level: 'error', msg: 'settlement: closing finished weeks failed' });
    expect(log.entries[0]!.obj.err).toBeInstanceOf(Error);
  });
});
