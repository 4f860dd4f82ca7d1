import type { Db } from '../../db/client.js';
import { type IntervalJob, type JobLog, startIntervalJob } from '../../db/jobs.js';
import type { Clock } from '../../lib/clock.js';
import { closeFinishedWeeks } from './close-weeks.js';

export const SETTLEMENT_INTERVAL_MS = 60 * 60 * 1000;

/** Closes finished weeks at once and then every hour (db/jobs.ts), on one process (server.ts). */
export function startSettlementSchedule(db: Db, log: JobLog, clock: Clock, options: { intervalMs?: number } = {}): IntervalJob {
  return startIntervalJob({
    everyMs: options.intervalMs ?? SETTLEMENT_INTERVAL_MS,
    log,
    failure: 'settlement: closing finished weeks failed',
    run: async () => {
      const { closed } = await closeFinishedWeeks(db, { now: clock.now() });
      if (closed.length > 0) log.info({ closed }, 'settlement: closed weeks');
    },
  });
}
