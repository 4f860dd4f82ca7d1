import { setTimeout as sleep } from 'node:timers/promises';
import { ACCESS_MESSAGES, type Language, TOO_MANY_ATTEMPTS_MESSAGE } from '@playrep/contracts';
import type { Db } from '../../../db/client.js';
import { HttpError } from '../../../lib/http-error.js';
import { BREAK, type MailTemplate, type MailWords, mailLanguage, queueMail, renderMail } from '../../mail/index.js';
import { attemptedUsername, throttleAddress } from '../gate/attempts.js';
import { issueSignInLinks, recordAttempt } from '../gate/commands.js';
import { linkUrl, RESET_LINK_TTL_MS } from '../gate/links.js';
import { addressRetryAfter, lockAttemptCounters } from '../gate/queries.js';
import { forgotRequestsSince, resettableAccount } from './queries.js';

/**
 * Forgot password (docs/domain.md, "Access"): a username in, always the same answer out, after
 * the same time. Where the account is active, not blocked and has a verified address, a reset link
 * (a sign-in link valid 30 minutes) is mailed through the outbox, in the transaction that issues it.
 *
 * Throttled like sign-in: each request is recorded as an attempt (reason `forgot`) and counts
 * towards the address's limit of attempts a minute; one username (as typed, real or not) gets at
 * most RESETS_PER_USERNAME requests in 15 minutes. The answer waits until ANSWER_AFTER_MS has
 * passed since the request came, so the time says nothing about which case it was.
 */
export const RESETS_PER_USERNAME = 3;
const RESET_WINDOW_MS = 15 * 60_000;
export const ANSWER_AFTER_MS = 400;

export async function forgotPassword(
  db: Db,
  input: { username: string; address: string; userAgent?: string | undefined; now: Date; publicUrl: string; startedAt?: number },
): Promise<string> {
  const startedAt = input.startedAt ?? performance.now();
  const { now } = input;
  const address = throttleAddress(input.address);
  const username = attemptedUsername(input.username);
  const refused = await db.transaction(async (tx) => {
    await lockAttemptCounters(tx, address, username);
    const addressWait = await addressRetryAfter(tx, address, now);
    const asked = await forgotRequestsSince(tx, username, new Date(now.getTime() - RESET_WINDOW_MS));
    const account = await resettableAccount(tx, username);
    if (addressWait !== null) return new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, { 'Retry-After': String(addressWait) });
    if (asked >= RESETS_PER_USERNAME) {
      return new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, { 'Retry-After': String(RESET_WINDOW_MS / 1000) });
    }
    await recordAttempt(tx, { at: now, accountId: account?.id ?? null, username, address, reason: 'forgot', device: null });
    if (!account) return null;
    // Nobody signed in asked, and anyone may type a username: the activity's actor is nobody known
    // (like a failed sign-in's), with the request's address and device.
    const by = { actor: 'anonymous', address: input.address, userAgent: input.userAgent } as const;
    const [link] = await issueSignInLinks(tx, [account.id], {
      purpose: 'reset',
      issuedBy: null,
      now,
      ttlMs: RESET_LINK_TTL_MS,
      by,
    });
    if (!link) throw new Error('forgot: no sign-in link issued');
    const url = linkUrl(input.publicUrl, link.token);
    await queueMail(
      tx,
      {
        key: `password-reset:${account.id}:${now.getTime()}:${link.token.slice(0, 8)}`,
        kind: 'password-reset',
        accountId: account.id,
        to: account.email,
        ...renderMail(resetTemplate({ username: account.username, link: url, language: mailLanguage(account.language) })),
        signInLinkId: link.id,
      },
      now,
    );
    return null;
  });
  const wait = ANSWER_AFTER_MS - (performance.now() - startedAt);
  if (wait > 0) await sleep(wait);
  if (refused) throw refused;
  return ACCESS_MESSAGES.forgotAnswer;
}

/** The password reset mail's words, per language. */
export const RESET_WORDS: MailWords<{
  subject: string;
  hello(username: string): string;
  asked: string;
  openWithin: string;
  choose: string;
  notYou: string;
}> = {
  en: {
    subject: 'Choose a new Playrep password',
    hello: (username) => `Hello ${username},`,
    asked: 'Someone asked to choose a new password for your Playrep back office account. If it was you,',
    openWithin: 'open this link within 30 minutes (it works once):',
    choose: 'Choose a new password',
    notYou: 'If you did not ask, ignore this mail: your password stays as it is.',
  },
  hi: {
    subject: 'अपना नया Playrep पासवर्ड चुनें',
    hello: (username) => `नमस्ते ${username},`,
    asked: 'किसी ने आपके Playrep बैक ऑफ़िस खाते के लिए नया पासवर्ड चुनने को कहा है। अगर यह आप थे,',
    openWithin: 'तो यह लिंक 30 मिनट के अंदर खोलें (यह एक ही बार काम करता है):',
    choose: 'नया पासवर्ड चुनें',
    notYou: 'अगर आपने नहीं कहा था, तो इस मेल को अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा।',
  },
};

/** The password reset mail's template: the account's username and its one-use link, in its language. */
export const resetTemplate: MailTemplate<{ username: string; link: string; language?: Language }> = ({
  username,
  link,
  language = 'en',
}) => {
  const words = RESET_WORDS[language];
  return {
    subject: words.subject,
    blocks: [
      { paragraph: [words.hello(username)] },
      { paragraph: [words.asked, BREAK, words.openWithin] },
      { paragraph: [{ link, label: words.choose }] },
      { paragraph: [words.notYou] },
    ],
  };
};
