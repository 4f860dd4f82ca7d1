import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_MESSAGES, type EmailStateResponse, type Language, MAIL_PAGES } from '@playrep/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { accounts, emailConfirmations } from '../../db/schema/index.js';
import { badRequest, HttpError, notFound } from '../../lib/http-error.js';
import { type ActivityOrigin, recordActivity } from '../activity/record.js';
import { closeBarredMail } from './gate.js';
import { queueMail } from './outbox.js';
import { BREAK, type MailTemplate, renderMail } from './template.js';
import { type MailWords, mailLanguage } from './words.js';

/**
 * An account's email address (docs/domain.md, "Access", "Email address"): optional; the platform's
 * (the feed's `email`) counts as verified; one a person sets on its account page is used only once
 * the person opens the confirmation link mailed to it, within 24 hours. Until then the address
 * before it (if any) stays the one mail goes to.
 */
export const CONFIRMATION_TTL_MS = 24 * 3_600_000;
/** A person asks for at most one confirmation mail a minute (each goes to an address it typed). */
const CONFIRMATION_INTERVAL_MS = 60_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export async function emailState(db: Queryable, accountId: string, now: Date): Promise<EmailStateResponse> {
  const [row] = await db
    .select({
      email: accounts.email,
      verified: accounts.emailVerified,
      statementEmails: accounts.statementEmails,
      pendingEmail: emailConfirmations.email,
      pendingExpiresAt: emailConfirmations.expiresAt,
    })
    .from(accounts)
    .leftJoin(emailConfirmations, eq(emailConfirmations.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound('Unknown account');
  const { pendingEmail, pendingExpiresAt } = row;
  return {
    email: row.email,
    verified: row.verified,
    pending:
      pendingEmail && pendingExpiresAt && pendingExpiresAt > now
        ? { email: pendingEmail, expiresAt: pendingExpiresAt.toISOString() }
        : null,
    statementEmails: row.statementEmails,
  };
}

/**
 * The caller sets its own address: a link to confirm it is mailed to it (in the same transaction as
 * the pending confirmation, which replaces any before it). Null removes the address, and any
 * confirmation pending. Returns the message to show.
 */
export async function setOwnEmail(
  db: Db,
  input: { accountId: string; username: string; email: string | null; now: Date; publicUrl: string; origin?: ActivityOrigin },
): Promise<string> {
  const { accountId, now } = input;
  const recordSet = (tx: Queryable, email: string | null) =>
    recordActivity(tx, {
      ...input.origin,
      at: now,
      kind: 'email-set',
      actor: { accountId },
      subjectId: accountId,
      details: { email },
    });
  return db.transaction(async (tx) => {
    // The account row first: two requests of one person take turns.
    const [account] = await tx
      .select({ email: accounts.email, verified: accounts.emailVerified, language: accounts.language })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!account) throw notFound('Unknown account');
    if (input.email === null) {
      await tx.delete(emailConfirmations).where(eq(emailConfirmations.accountId, accountId));
      await tx.update(accounts).set({ email: null, emailVerified: false }).where(eq(accounts.id, accountId));
      // Its waiting statements (and any link mail) had this address: closed at once.
      await closeBarredMail(tx, accountId, now);
      await recordSet(tx, null);
      return EMAIL_MESSAGES.removed;
    }
    const email = input.email;
    if (account.verified && account.email?.toLowerCase() === email.toLowerCase()) {
      await tx.delete(emailConfirmations).where(eq(emailConfirmations.accountId, accountId));
      return EMAIL_MESSAGES.alreadyVerified(account.email);
    }
    const [previous] = await tx
      .select({ createdAt: emailConfirmations.createdAt })
      .from(emailConfirmations)
      .where(eq(emailConfirmations.accountId, accountId));
    if (previous && now.getTime() - previous.createdAt.getTime() < CONFIRMATION_INTERVAL_MS) {
      throw new HttpError(429, EMAIL_MESSAGES.tooSoon, { 'Retry-After': '60' });
    }
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const expiresAt = new Date(now.getTime() + CONFIRMATION_TTL_MS);
    await tx
      .insert(emailConfirmations)
      .values({ accountId, email, tokenHash, createdAt: now, expiresAt })
      .onConflictDoUpdate({ target: emailConfirmations.accountId, set: { email, tokenHash, createdAt: now, expiresAt } });
    // The secret follows `#`, so it reaches no server log or referrer.
    const link = `${input.publicUrl}${MAIL_PAGES.confirmEmail}#${token}`;
    await queueMail(
      tx,
      {
        key: confirmationMailKey(accountId, tokenHash),
        kind: 'email-confirmation',
        accountId,
        to: email,
        ...renderMail(confirmationTemplate({ username: input.username, link, language: mailLanguage(account.language) })),
      },
      now,
    );
    await recordSet(tx, email);
    return EMAIL_MESSAGES.confirmationSent(email);
  });
}

/**
 * The outbox key of the mail carrying a confirmation link, made from the link's secret: the mail
 * gate (gate.ts) knows by it whether the mail is still the one to confirm.
 */
function confirmationMailKey(accountId: string, tokenHash: string): string {
  return `email-confirmation:${accountId}:${tokenHash.slice(0, 16)}`;
}

/** The address confirmation mail's words, per language. */
export const CONFIRMATION_WORDS: MailWords<{
  subject: string;
  hello(username: string): string;
  given: string;
  confirmWithin: string;
  confirm: string;
  notYou: string;
}> = {
  en: {
    subject: 'Confirm your email address for Playrep',
    hello: (username) => `Hello ${username},`,
    given: 'This address was given for your Playrep back office account. To receive your weekly statement',
    confirmWithin: 'and other mail for the account here, confirm it by opening this link within 24 hours:',
    confirm: 'Confirm this address',
    notYou: 'If you did not ask for this, ignore this mail: nothing is sent to this address unless the link is opened.',
  },
  hi: {
    subject: 'Playrep के लिए अपना ईमेल पता पक्का करें',
    hello: (username) => `नमस्ते ${username},`,
    given: 'यह पता आपके Playrep बैक ऑफ़िस खाते के लिए दिया गया है। अपना साप्ताहिक स्टेटमेंट',
    confirmWithin: 'और खाते की दूसरी मेल यहाँ पाने के लिए, 24 घंटे के अंदर यह लिंक खोलकर इसे पक्का करें:',
    confirm: 'यह पता पक्का करें',
    notYou: 'अगर आपने यह नहीं माँगा था, तो इस मेल को अनदेखा करें: जब तक लिंक नहीं खोला जाता, इस पते पर कुछ नहीं भेजा जाएगा।',
  },
};

/** The address confirmation mail's template: the account's username and the link that confirms, in its language. */
export const confirmationTemplate: MailTemplate<{ username: string; link: string; language?: Language }> = ({
  username,
  link,
  language = 'en',
}) => {
  const words = CONFIRMATION_WORDS[language];
  return {
    subject: words.subject,
    blocks: [
      { paragraph: [words.hello(username)] },
      { paragraph: [words.given, BREAK, words.confirmWithin] },
      { paragraph: [{ link, label: words.confirm }] },
      { paragraph: [words.notYou] },
    ],
  };
};

/** Opens a confirmation link: its address becomes the account's, verified. Single use. */
export async function confirmEmail(
  db: Db,
  token: string,
  now: Date,
  origin: ActivityOrigin = {},
): Promise<{ username: string; email: string }> {
  if (!TOKEN_SHAPE.test(token)) throw badRequest(EMAIL_MESSAGES.linkNotValid);
  return db
    .transaction(async (tx) => {
      const [pending] = await tx
        .delete(emailConfirmations)
        .where(eq(emailConfirmations.tokenHash, hashToken(token)))
        .returning({
          accountId: emailConfirmations.accountId,
          email: emailConfirmations.email,
          expiresAt: emailConfirmations.expiresAt,
        });
      if (!pending) throw badRequest(EMAIL_MESSAGES.linkNotValid);
      // An expired link is used up as well (its row goes): it is answered after the commit.
      if (pending.expiresAt <= now) return { expired: true as const };
      const [account] = await tx
        .update(accounts)
        .set({ email: pending.email, emailVerified: true })
        .where(eq(accounts.id, pending.accountId))
        .returning({ username: accounts.username });
      const { accountId, email } = pending;
      // Statements waiting for the address before it are not sent there: closed at once.
      await closeBarredMail(tx, accountId, now);
      await recordActivity(tx, {
        ...origin,
        at: now,
        kind: 'email-confirmed',
        actor: { accountId },
        subjectId: accountId,
        details: { email },
      });
      if (!account) throw notFound('Unknown account');
      return { expired: false as const, username: account.username, email: pending.email };
    })
    .then((result) => {
      if (result.expired) throw badRequest(EMAIL_MESSAGES.linkExpired);
      return result;
    });
}

/** Turns the account's statement emails on or off; off closes its statements waiting, at once. */
export async function setStatementEmails(db: Db, accountId: string, on: boolean, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ statementEmails: on }).where(eq(accounts.id, accountId));
    if (!on) await closeBarredMail(tx, accountId, now);
  });
}

/**
 * The columns of the platform's address for an account (the feed's `email`): verified as given;
 * null removes it. With it, dropEmailConfirmation: the platform's word is the last.
 */
export function platformEmailFields(email: string | null): { email: string | null; emailVerified: boolean } {
  return { email, emailVerified: email !== null };
}

/** Drops the confirmation an account has pending (its link stops working). */
export async function dropEmailConfirmation(tx: Queryable, accountId: string): Promise<void> {
  await tx.delete(emailConfirmations).where(eq(emailConfirmations.accountId, accountId));
}
