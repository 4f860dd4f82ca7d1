import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_MESSAGES } from '@playrep/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import { signingKeyOf } from '../../db/signing-keys.js';
import { badRequest } from '../../lib/http-error.js';
import { closeBarredMail } from './gate.js';

/**
 * The one-click unsubscribe of the weekly statement (RFC 8058), which works without signing in:
 * every statement carries a link naming its account and an HMAC of it, signed with a key kept in
 * the database (the same for every server process, made at first use). The link never expires;
 * anyone holding it can only turn that account's statement emails off.
 */
const KEY_NAME = 'mail_unsubscribe';
const SIGNATURE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signing key, read (and made, the first time ever) at first use, then kept. */
export const unsubscribeKeyOf = (db: Queryable): (() => Promise<Buffer>) => signingKeyOf(db, KEY_NAME);

const signatureOf = (key: Buffer, accountId: string) =>
  createHmac('sha256', key).update(`unsubscribe-statements.${accountId.toLowerCase()}`).digest();

/** The query of an account's unsubscribe links: `account=<id>&token=<signature>`. */
export function unsubscribeQuery(key: Buffer, accountId: string): string {
  return new URLSearchParams({ account: accountId, token: signatureOf(key, accountId).toString('base64url') }).toString();
}

/**
 * Turns the account's statement emails off when the signature is its own, closing its statements
 * waiting at once; returns its username.
 */
export async function unsubscribe(db: Db, key: Buffer, query: { account: string; token: string }, now: Date): Promise<string> {
  const valid =
    UUID.test(query.account) &&
    SIGNATURE_SHAPE.test(query.token) &&
    timingSafeEqual(Buffer.from(query.token, 'base64url'), signatureOf(key, query.account));
  if (!valid) throw badRequest(EMAIL_MESSAGES.unsubscribeNotValid);
  const username = await db.transaction(async (tx) => {
    const [account] = await tx
      .update(accounts)
      .set({ statementEmails: false })
      .where(eq(accounts.id, query.account))
      .returning({ username: accounts.username });
    if (account) await closeBarredMail(tx, query.account, now);
    return account?.username;
  });
  if (!username) throw badRequest(EMAIL_MESSAGES.unsubscribeNotValid);
  return username;
}
