import { AUDIENCES, type Role } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Db, type Queryable, queryRows } from '../../../db/client.js';
import { type IntervalJob, type JobLog, startIntervalJob } from '../../../db/jobs.js';
import type { Clock } from '../../../lib/clock.js';
import { addDays, IST_OFFSET_MS, istDay } from '../../../lib/dates.js';
import { turns } from '../../../lib/turns.js';
import { mailLanguage, queueMail } from '../index.js';
import { digestFigures } from './figures.js';
import { digestMail } from './render.js';

/**
 * Making the daily digests (docs/domain.md, "The owner's week"): one process (db/jobs.ts) looks
 * every minute for the subscribers whose hour (IST) has come today and who have no digest of
 * yesterday yet, and queues each one's digest, its body written now, under the key
 * `digest:<yesterday>:<account>`: made once per person and day, however often it looks (a start
 * after the hour makes the day's digests it missed). The outbox's sender and its gate do the rest.
 */

/** Who may have a digest: every agent and manager (not a player). */
const DIGEST_ROLES: readonly Role[] = AUDIENCES.agents;

/** What making a digest needs besides the database: the links' origin and the unsubscribe link. */
export interface DigestLinks {
  publicUrl: string;
  /** The digest's unsubscribe page of the account (works without signing in). */
  unsubscribe(accountId: string): Promise<string>;
}

export interface DigestRecipient {
  id: string;
  username: string;
  role: Role;
  email: string;
  /** The account's language, read when the digest is made: its words (English when unknown). */
  language?: string | undefined;
}

const DIGESTS_AT_ONCE = 4;
const EVERY_MS = 60_000;

const scheduledDigestKey = (day: string, accountId: string) => `digest:${day}:${accountId}`;

/** The IST hour of an instant (0 to 23). */
const istHour = (now: Date) => new Date(now.getTime() + IST_OFFSET_MS).getUTCHours();

/** Queues `account`'s digest of yesterday under `key`; false when that key was queued before. */
export async function queueDigest(
  db: Queryable,
  links: DigestLinks,
  account: DigestRecipient,
  key: string,
  now: Date,
): Promise<boolean> {
  const today = istDay(now);
  const figures = await digestFigures(db, account, addDays(today, -1));
  const mail = digestMail(
    figures,
    { ...account, language: mailLanguage(account.language) },
    { publicUrl: links.publicUrl, unsubscribe: await links.unsubscribe(account.id) },
  );
  return queueMail(
    db,
    { key, kind: 'digest', accountId: account.id, to: account.email, subject: mail.subject, text: mail.text, html: mail.html },
    now,
  );
}

/** The subscribers whose digest of yesterday is due at `now` and not made yet. */
async function dueRecipients(db: Queryable, now: Date): Promise<DigestRecipient[]> {
  const yesterday = addDays(istDay(now), -1);
  const roles = sql.join(
    DIGEST_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  return queryRows<DigestRecipient>(
    db,
    sql`SELECT a.id, a.username, a.role::text AS role, a.email, a.language
          FROM accounts a
         WHERE a.digest_emails AND a.role::text IN (${roles}) AND a.digest_hour <= ${istHour(now)}
           AND a.user_status AND a.blocked_at IS NULL AND a.email_verified AND a.email IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.key = 'digest:' || ${yesterday} || ':' || a.id::text)
         ORDER BY a.digest_hour, a.id`,
  );
}

/** Makes every digest due at `now`; returns how many were queued. */
export async function makeDueDigests(db: Queryable, links: DigestLinks, now: Date): Promise<number> {
  const due = await dueRecipients(db, now);
  const yesterday = addDays(istDay(now), -1);
  const turn = turns(DIGESTS_AT_ONCE);
  const made = await Promise.all(
    due.map((account) => turn(() => queueDigest(db, links, account, scheduledDigestKey(yesterday, account.id), now))),
  );
  return made.filter(Boolean).length;
}

/** The digests' schedule on this process: every minute, the digests due. */
export function startDigestSchedule(db: Db, links: DigestLinks, log: JobLog, clock: Clock): IntervalJob {
  return startIntervalJob({
    everyMs: EVERY_MS,
    log,
    failure: 'digest: making the daily digests failed',
    run: async () => {
      const queued = await makeDueDigests(db, links, clock.now());
      if (queued > 0) log.info({ queued }, 'digest: daily digests queued');
    },
  });
}
