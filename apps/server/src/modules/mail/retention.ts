import { sql } from 'drizzle-orm';
import { type Db, type Queryable, queryRows } from '../../db/client.js';
import { type IntervalJob, type JobLog, startIntervalJob } from '../../db/jobs.js';
import type { Clock } from '../../lib/clock.js';

/**
 * The outbox's retention (docs/domain.md, "The owner's week"): every hour, the mails sent,
 * cancelled or expired more than MAIL_RETENTION_DAYS ago are removed (their PDFs were never
 * stored, only rebuilt), and so are the big wins the alert process is done with, as old (their
 * places in people's next alerts go with them). Failed mail stays for the Mail screen, and mail
 * still waiting is the sender's. One process runs it (db/jobs.ts); it need not hold the start up.
 */
export function startOutboxRetention(db: Db, log: JobLog, clock: Clock, retentionDays: number): { stop(): Promise<void> } {
  const job: IntervalJob = startIntervalJob({
    everyMs: 60 * 60_000,
    log,
    failure: 'mail: the outbox retention failed',
    run: async () => {
      const removed = await pruneOutbox(db, clock.now(), retentionDays);
      if (removed.mails + removed.bigWins > 0)
        log.info({ ...removed, retentionDays }, 'mail: closed mail past the retention removed');
    },
  });
  return { stop: () => job.stop() };
}

/** Removes the closed mail and the processed big wins older than `retentionDays` at `now`; returns how many of each. */
async function pruneOutbox(db: Queryable, now: Date, retentionDays: number): Promise<{ mails: number; bigWins: number }> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  const mails = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM outbox WHERE state IN ('sent', 'cancelled', 'expired') AND created_at < ${before}::timestamptz RETURNING id`,
  );
  const bigWins = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM big_win_news WHERE processed_at IS NOT NULL AND arrived_at < ${before}::timestamptz RETURNING id`,
  );
  return { mails: mails.length, bigWins: bigWins.length };
}
