import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_MESSAGES, type UnsubscribeMail } from '@playrep/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import { signingKeyOf } from '../../db/signing-keys.js';
import { badRequest } from '../../lib/http-error.js';
import { closeBarredMail } from './gate.js';

/**
 * The one-click unsubscribe of the weekly statement and of the daily digest (RFC 8058), which works
 * without signing in: every such mail carries a link naming its account, the mail it stops and an
 * HMAC of both, signed with a key kept in the database (the same for every server process, made at
 * first use). Each mail has its own signing purpose, so a statement's link cannot stop the digest
 * nor the other way round. The link never expires; anyone holding it can only turn that one mail
 * of that account off.
 */
const KEY_NAME = 'mail_unsubscribe';
const SIGNATURE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What each link turns off, and what it answers (valid, or not). */
const MAILS: Record<
  UnsubscribeMail,
  { purpose: string; off: Partial<typeof accounts.$inferInsert>; done: string; notValid: string }
> = {
  // The statement's purpose is the one its links carried before the digest: they keep working.
  statement: {
    purpose: 'unsubscribe-statements',
    off: { statementEmails: false },
    done: EMAIL_MESSAGES.unsubscribed,
    notValid: EMAIL_MESSAGES.unsubscribeNotValid,
  },
  digest: {
    purpose: 'unsubscribe-digest',
    off: { digestEmails: false },
    done: EMAIL_MESSAGES.digestUnsubscribed,
    notValid: EMAIL_MESSAGES.digestUnsubscribeNotValid,
  },
};

/** The signing key, read (and made, the first time ever) at first use, then kept. */
export const unsubscribeKeyOf = (db: Queryable): (() => Promise<Buffer>) => signingKeyOf(db, KEY_NAME);

const signatureOf = (key: Buffer, mail: UnsubscribeMail, accountId: string) =>
  createHmac('sha256', key).update(`${MAILS[mail].purpose}.${accountId.toLowerCase()}`).digest();

/** The query of an account's unsubscribe links: `account=<id>&token=<signature>` (and `&mail=digest` for the digest). */
export function unsubscribeQuery(key: Buffer, accountId: string, mail: UnsubscribeMail = 'statement'): string {
  const query = new URLSearchParams({ account: accountId, token: signatureOf(key, mail, accountId).toString('base64url') });
  if (mail !== 'statement') query.set('mail', mail);
  return query.toString();
}

/**
 * Turns the account's statement or digest emails off when the signature is its own for that mail,
 * closing its mails of that kind waiting at once; returns its username and the message to show.
 */
export async function unsubscribe(
  db: Db,
  key: Buffer,
  query: { account: string; token: string; mail: UnsubscribeMail },
  now: Date,
): Promise<{ username: string; message: string }> {
  const mail = MAILS[query.mail];
  const valid =
    UUID.test(query.account) &&
    SIGNATURE_SHAPE.test(query.token) &&
    timingSafeEqual(Buffer.from(query.token, 'base64url'), signatureOf(key, query.mail, query.account));
  if (!valid) throw badRequest(mail.notValid);
  const username = await db.transaction(async (tx) => {
    const [account] = await tx
      .update(accounts)
      .set(mail.off)
      .where(eq(accounts.id, query.account))
      .returning({ username: accounts.username });
    if (account) await closeBarredMail(tx, query.account, now);
    return account?.username;
  });
  if (!username) throw badRequest(mail.notValid);
  return { username, message: mail.done };
}
