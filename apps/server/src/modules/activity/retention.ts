import type { Db } from '../../db/client.js';
import { type IntervalJob, type JobLog, startIntervalJob } from '../../db/jobs.js';
import { pruneActivity } from './queries.js';

/**
 * The activity's retention (AUDIT_RETENTION_DAYS): every hour, the entries older than that many
 * days are removed, the one delete the database lets through (migration 0017). One process runs it
 * (db/jobs.ts); it need not hold the start up.
 */
export function startActivityRetention(db: Db, log: JobLog, retentionDays: number): { stop(): Promise<void> } {
  const job: IntervalJob = startIntervalJob({
    everyMs: 60 * 60_000,
    log,
    failure: 'activity: the retention failed',
    run: async () => {
      const removed = await pruneActivity(db, retentionDays);
      if (removed > 0) log.info({ removed, retentionDays }, 'activity: entries past the retention removed');
    },
  });
  return { stop: () => job.stop() };
}
