import {
  DIGEST_NOW_INTERVAL_MINUTES,
  formatIstTime,
  MAIL_NEWS_MESSAGES,
  type MailNewsResponse,
  type Role,
} from '@playrep/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../../db/client.js';
import { accounts } from '../../../db/schema/index.js';
import { badRequest, HttpError, notFound } from '../../../lib/http-error.js';
import { centsToPoints } from '../../../lib/money.js';
import { closeBarredMail } from '../index.js';
import { type DigestLinks, queueDigest } from './make.js';

/**
 * The account page's news by mail (docs/domain.md, "The owner's week"): the daily digest on or off
 * and its hour, "Send me the digest now", and big-win alerts on or off (the alerts themselves are
 * made by the big-win alert process, with the person's Today threshold). Both need a confirmed
 * address; turning one off closes what of it waits at once (the mail gate).
 */
const NOW_INTERVAL_MS = DIGEST_NOW_INTERVAL_MINUTES * 60_000;

const SETTINGS = {
  role: accounts.role,
  username: accounts.username,
  email: accounts.email,
  emailVerified: accounts.emailVerified,
  digestEmails: accounts.digestEmails,
  digestHour: accounts.digestHour,
  digestAskedAt: accounts.digestAskedAt,
  bigWinEmails: accounts.bigWinEmails,
  bigWinThresholdCents: accounts.bigWinThresholdCents,
  language: accounts.language,
};

async function settingsOf(db: Queryable, accountId: string, lock = false) {
  const query = db.select(SETTINGS).from(accounts).where(eq(accounts.id, accountId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Unknown account');
  return row;
}

/** When "Send me the digest now" may be asked again after `askedAt`; null when it may now. */
const nextAskAt = (askedAt: Date | null, now: Date): Date | null =>
  askedAt && now.getTime() - askedAt.getTime() < NOW_INTERVAL_MS ? new Date(askedAt.getTime() + NOW_INTERVAL_MS) : null;

export async function mailNewsState(db: Queryable, accountId: string, now: Date): Promise<MailNewsResponse> {
  const row = await settingsOf(db, accountId);
  return {
    emailConfirmed: row.emailVerified && row.email !== null,
    digestEmails: row.digestEmails,
    digestHour: row.digestHour,
    digestNowFrom: nextAskAt(row.digestAskedAt, now)?.toISOString() ?? null,
    bigWinEmails: row.bigWinEmails,
    bigWinThreshold: centsToPoints(BigInt(row.bigWinThresholdCents)),
  };
}

/** Turns the digest on (at `hour`, else the one kept) or off; off closes its digest waiting. Returns the message. */
export async function setDigest(db: Db, accountId: string, change: { on: boolean; hour?: number | undefined }, now: Date) {
  return db.transaction(async (tx) => {
    const row = await settingsOf(tx, accountId, true);
    if (change.on && !(row.emailVerified && row.email)) throw badRequest(MAIL_NEWS_MESSAGES.noAddress);
    const hour = change.hour ?? row.digestHour;
    await tx.update(accounts).set({ digestEmails: change.on, digestHour: hour }).where(eq(accounts.id, accountId));
    if (!change.on) await closeBarredMail(tx, accountId, now);
    return change.on ? MAIL_NEWS_MESSAGES.digestOn(hour) : MAIL_NEWS_MESSAGES.digestOff;
  });
}

/** Turns big-win alert emails on or off. Returns the message. */
export async function setBigWinEmails(db: Db, accountId: string, on: boolean, now: Date) {
  return db.transaction(async (tx) => {
    const row = await settingsOf(tx, accountId, true);
    if (on && !(row.emailVerified && row.email)) throw badRequest(MAIL_NEWS_MESSAGES.noAddress);
    await tx.update(accounts).set({ bigWinEmails: on }).where(eq(accounts.id, accountId));
    if (!on) await closeBarredMail(tx, accountId, now);
    return on ? MAIL_NEWS_MESSAGES.bigWinsOn : MAIL_NEWS_MESSAGES.bigWinsOff;
  });
}

/**
 * "Send me the digest now": the caller's digest of yesterday, queued at once under a key of its
 * own (the day's scheduled digest still comes at its hour). At most once per 10 minutes a person:
 * a second ask within them is refused (429) saying when it may be asked again.
 */
export async function digestNow(db: Db, links: DigestLinks, accountId: string, now: Date): Promise<string> {
  // The link first: its signing key is read outside the transaction (the embedded database runs one at a time).
  const unsubscribe = await links.unsubscribe(accountId);
  const fixedLinks: DigestLinks = { publicUrl: links.publicUrl, unsubscribe: async () => unsubscribe };
  return db.transaction(async (tx) => {
    const row = await settingsOf(tx, accountId, true);
    if (!(row.emailVerified && row.email)) throw badRequest(MAIL_NEWS_MESSAGES.noAddress);
    const again = nextAskAt(row.digestAskedAt, now);
    if (again) {
      const seconds = Math.ceil((again.getTime() - now.getTime()) / 1000);
      throw new HttpError(429, MAIL_NEWS_MESSAGES.digestTooSoon(formatIstTime(again, false)), { 'Retry-After': String(seconds) });
    }
    await tx.update(accounts).set({ digestAskedAt: now }).where(eq(accounts.id, accountId));
    const account = { id: accountId, username: row.username, role: row.role as Role, email: row.email, language: row.language };
    await queueDigest(tx, fixedLinks, account, `digest-now:${accountId}:${now.toISOString()}`, now);
    return MAIL_NEWS_MESSAGES.digestQueued(row.email);
  });
}
