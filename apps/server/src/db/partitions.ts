import { sql } from 'drizzle-orm';
import type { Clock } from '../lib/clock.js';
import { type Db, queryRows } from './client.js';
import { type IntervalJob, type JobLog, startIntervalJob } from './jobs.js';

/**
 * plays and poker_hands are partitioned by IST calendar month of played_at (migration 0010; how
 * to archive an old month: docs/deploy.md, "Old months"). The months to come are created ahead of
 * time, so that their rows never land in the DEFAULT partition: at start and every hour, the
 * current month and the next MONTHS_AHEAD, and the month of any row found in a DEFAULT partition
 * (a play from long ago), which moves into it (SQL function ensure_play_month_partitions).
 */
const MONTHS_AHEAD = 3;
const PARTITION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Creating a partition locks its parent exclusively for an instant; behind a long transaction it
 * gives up after this long rather than hold every writer up, and the next run tries again.
 */
const LOCK_TIMEOUT = '5s';

/** Creates the missing month partitions (from the IST month of `now` on, and of rows in DEFAULT); returns the names created. */
export async function ensurePlayPartitions(db: Db, now: Date, monthsAhead = MONTHS_AHEAD): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`));
    const rows = await queryRows<{ name: string }>(
      tx,
      sql`SELECT ensure_play_month_partitions(ist_day(${now.toISOString()}::timestamptz), ${monthsAhead + 1}::int) AS name`,
    );
    return rows.map((row) => row.name);
  });
}

/** Runs ensurePlayPartitions at once and then every hour (jobs.ts), on one process (server.ts). */
export function startPartitionSchedule(db: Db, log: JobLog, clock: Clock): IntervalJob {
  return startIntervalJob({
    everyMs: PARTITION_INTERVAL_MS,
    log,
    failure: 'partitions: creating the coming months failed',
    run: async () => {
      const created = await ensurePlayPartitions(db, clock.now());
      if (created.length > 0) log.info({ created }, 'partitions: created months of plays and poker hands');
    },
  });
}
