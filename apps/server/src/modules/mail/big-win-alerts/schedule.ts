import type { Db } from '../../../db/client.js';
import { type IntervalJob, type JobLog, startIntervalJob } from '../../../db/jobs.js';
import type { Clock } from '../../../lib/clock.js';
import { makeBigWinAlerts } from './make-alerts.js';

/**
 * How often the alerts are made: a win's first alert is queued at most this long after it arrived,
 * and the sender (polling every 5 s) sends it well within the minute the product promises.
 */
const EVERY_MS = 15_000;

/**
 * The big-win alerts (docs/domain.md, "The owner's week") on one process (db/jobs.ts), every 15
 * seconds; they need not hold the start up.
 */
export function startBigWinAlerts(db: Db, log: JobLog, clock: Clock, publicUrl: string): { stop(): Promise<void> } {
  const job: IntervalJob = startIntervalJob({
    everyMs: EVERY_MS,
    log,
    failure: 'mail: making the big-win alerts failed',
    run: async () => {
      const pass = await makeBigWinAlerts(db, { now: clock.now(), publicUrl });
      if (pass.queued > 0) log.info({ ...pass }, 'mail: big-win alerts queued');
    },
  });
  return { stop: () => job.stop() };
}
