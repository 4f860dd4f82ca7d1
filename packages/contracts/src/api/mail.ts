import { z } from 'zod';
import { EMAIL_CALLS, reportPath } from '../call-paths.js';
import { type EndpointDef, oneSheet, report, webCalls } from '../endpoint-def.js';
import { EXPORT_FORMATS } from '../tables/columns.js';
import { MAIL_KINDS, MAIL_OUTBOX_COLUMNS, MAIL_PAGE_SIZES, MAIL_SORTS, MAIL_STATES } from '../tables/mail.js';
import { ErrorBody, exportLanguageParam, queryObject } from './common.js';

// ---------------------------------------------------------------- an account's email address

/** The longest address mail servers take (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** An email address as a person or the platform gives it: trimmed, one `@`, a dot in the domain. */
export const EmailAddress = z
  .string({ error: 'must be text' })
  .trim()
  .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email({ error: 'must be an email address, like name@example.com' }));

/** The caller's address and what it receives (the account page's email section). */
export const EmailStateResponse = z.object({
  /** The address mail goes to once verified; null when none. */
  email: z.string().nullable(),
  verified: z.boolean(),
  /** An address set and mailed a confirmation link that has not been opened yet. */
  pending: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
  /** The weekly statement by email (on by default). */
  statementEmails: z.boolean(),
});
export type EmailStateResponse = z.infer<typeof EmailStateResponse>;

/** Sets (or, with null, removes) the caller's own address; a new one is used once confirmed. */
export const SetEmailBody = z.strictObject({ email: EmailAddress.nullable() });
export type SetEmailBody = z.input<typeof SetEmailBody>;

export const SetEmailResponse = EmailStateResponse.extend({ message: z.string() });
export type SetEmailResponse = z.infer<typeof SetEmailResponse>;

export const StatementEmailsBody = z.strictObject({ on: z.boolean({ error: 'must be true or false' }) });
export type StatementEmailsBody = z.input<typeof StatementEmailsBody>;

/** The secret of a confirmation link (what follows `#` in `/auth/confirm-email#...`). */
export const ConfirmEmailBody = z.strictObject({ token: z.string({ error: 'must be text' }).max(100) });
export type ConfirmEmailBody = z.input<typeof ConfirmEmailBody>;

export const ConfirmEmailResponse = z.object({ message: z.string(), username: z.string(), email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponse>;

/** The mails a one-click unsubscribe link can stop, each signed for its own purpose. */
export const UNSUBSCRIBE_MAILS = ['statement', 'digest'] as const;
export type UnsubscribeMail = (typeof UNSUBSCRIBE_MAILS)[number];

/**
 * The one-click unsubscribe of a weekly statement or a daily digest (RFC 8058): the link's account and signature in
 * the query; the body a mail provider posts (`List-Unsubscribe=One-Click`) or none.
 */
export const UnsubscribeQuery = queryObject({
  account: z.string({ error: 'is required' }).max(64),
  token: z.string({ error: 'is required' }).max(100),
  /** Which mail the link stops: the weekly statement (the links before the digest name none) or the daily digest. */
  mail: z.enum(UNSUBSCRIBE_MAILS, { error: `must be one of ${UNSUBSCRIBE_MAILS.join(', ')}` }).default('statement'),
});
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;

export const UnsubscribeResponse = z.object({ message: z.string(), username: z.string() });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

/** Answers of the email calls, word for word (docs/screens.md, Account). */
export const EMAIL_MESSAGES = {
  confirmationSent: (email: string) =>
    `A confirmation link has been sent to ${email}. Open it within 24 hours: mail goes to the address from then on.`,
  alreadyVerified: (email: string) => `${email} is already your confirmed address.`,
  removed: 'Your email address has been removed: no mail goes to you.',
  confirmed: (email: string) => `${email} is confirmed: mail for your account goes to it from now on.`,
  linkNotValid:
    'This confirmation link is not valid: it was used already, or a newer one replaced it. Set the address again on your account page to get a new link.',
  linkExpired:
    'This confirmation link has expired (links are valid 24 hours). Set the address again on your account page to get a new one.',
  tooSoon: 'A confirmation link was sent less than a minute ago. Please wait a minute before asking for another.',
  statementsOn: 'Your weekly statement will be emailed to you.',
  statementsOff: 'Your weekly statement will no longer be emailed to you.',
  unsubscribed: 'You will no longer receive the weekly statement by email. You can turn it back on from your account page.',
  unsubscribeNotValid: 'This unsubscribe link is not valid. Turn the weekly statement off from your account page instead.',
  digestUnsubscribed: 'You will no longer receive the daily digest by email. You can turn it back on from your account page.',
  digestUnsubscribeNotValid: 'This unsubscribe link is not valid. Turn the daily digest off from your account page instead.',
} as const;

// ---------------------------------------------------------------- news by mail (the account page, agents and managers)

/** "Send me the digest now" at most once per this many minutes. */
export const DIGEST_NOW_INTERVAL_MINUTES = 10;

const onOff = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');

/** The caller's daily digest and big-win alert settings, and whether mail can reach it. */
export const MailNewsResponse = z.object({
  /** A confirmed address: without one, neither mail is sent. */
  emailConfirmed: z.boolean(),
  digestEmails: z.boolean(),
  /** The IST hour (0 to 23) the digest is made at. */
  digestHour: z.number().int(),
  /** When "Send me the digest now" can be asked again (ISO instant); null: now. */
  digestNowFrom: z.string().nullable(),
  bigWinEmails: z.boolean(),
  /** Today's big-win threshold (points), which the alerts use. */
  bigWinThreshold: z.number(),
});
export type MailNewsResponse = z.infer<typeof MailNewsResponse>;

export const DigestEmailsQuery = queryObject({
  on: onOff,
  hour: z.coerce
    .number({ error: 'must be a whole hour from 0 to 23' })
    .int('must be a whole hour from 0 to 23')
    .min(0, 'must be a whole hour from 0 to 23')
    .max(23, 'must be a whole hour from 0 to 23')
    .optional(),
});
export type DigestEmailsQuery = z.input<typeof DigestEmailsQuery>;

export const BigWinEmailsQuery = queryObject({ on: onOff });
export type BigWinEmailsQuery = z.input<typeof BigWinEmailsQuery>;

/** "Send me the digest now" takes no parameter. */
export const DigestNowQuery = queryObject({});

export const MailNewsChangeResponse = MailNewsResponse.extend({ message: z.string() });
export type MailNewsChangeResponse = z.infer<typeof MailNewsChangeResponse>;

const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The answers of the news calls, word for word (docs/screens.md, Account). */
export const MAIL_NEWS_MESSAGES = {
  digestOn: (hour: number) => `Your daily digest will be emailed to you every day at ${hourText(hour)} IST.`,
  digestOff: 'Your daily digest will no longer be emailed to you.',
  digestQueued: (email: string) => `Your digest of yesterday is on its way to ${email}.`,
  digestTooSoon: (at: string) =>
    `A digest was asked for less than ${DIGEST_NOW_INTERVAL_MINUTES} minutes ago. You can ask for another at ${at} IST.`,
  bigWinsOn: 'Big wins at or above your threshold will be emailed to you.',
  bigWinsOff: 'Big wins will no longer be emailed to you.',
  noAddress: 'Set and confirm an email address first: mail goes only to a confirmed address.',
} as const;

/** Entries of the endpoint table (endpoints.ts): the account page's news by mail (docs/domain.md, "The owner's week"). */
export const MAIL_NEWS_ENDPOINTS = {
  mailNews: {
    ...report('mailNews', 'The caller’s daily digest and big-win alert settings'),
    query: queryObject({}),
    response: MailNewsResponse,
  },
  digestEmails: {
    method: 'POST',
    path: reportPath('digestEmails'),
    access: 'report',
    summary: 'Turn the caller’s daily digest on or off, at an IST hour (0 to 23)',
    query: DigestEmailsQuery,
    response: MailNewsChangeResponse,
  },
  digestNow: {
    method: 'POST',
    path: reportPath('digestNow'),
    access: 'report',
    summary: 'Mail the caller its digest of yesterday now (at most once per 10 minutes)',
    query: DigestNowQuery,
    response: MailNewsChangeResponse,
    otherResponses: { 429: ErrorBody },
  },
  bigWinEmails: {
    method: 'POST',
    path: reportPath('bigWinEmails'),
    access: 'report',
    summary: 'Turn the caller’s big-win alert emails on or off',
    query: BigWinEmailsQuery,
    response: MailNewsChangeResponse,
  },
} as const satisfies Record<string, EndpointDef>;

// ---------------------------------------------------------------- the Mail screen (superadmin)

const mailIdMessage = 'must be the number of a mail';

export const MailOutboxQuery = queryObject({
  state: z.enum(MAIL_STATES, { error: `must be one of ${MAIL_STATES.join(', ')}` }).optional(),
  kind: z.enum(MAIL_KINDS, { error: `must be one of ${MAIL_KINDS.join(', ')}` }).optional(),
  /** Part of the recipient's address or the account's username, ignoring case. */
  recipient: z.string().trim().max(EMAIL_MAX_LENGTH, 'is too long').optional(),
  /** Any day of a settlement week: the mails about that week. */
  week: z.string().optional(),
  page: z.coerce.number().int().min(1, 'must be 1 or more').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'must be at most 100').default(MAIL_PAGE_SIZES[0]),
  sort: z.enum(MAIL_SORTS, { error: `must be one of ${MAIL_SORTS.join(', ')}` }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  /** Every mail the filters select (not one page) as CSV or XLSX. */
  format: z.enum(EXPORT_FORMATS).optional(),
  lang: exportLanguageParam(),
});
export type MailOutboxQuery = z.infer<typeof MailOutboxQuery>;

export const MailOutboxRow = z.object({
  _id: z.string(),
  /** When it was queued (ISO instant). */
  createdAt: z.string(),
  state: z.enum(MAIL_STATES),
  /** The state as the screen names it. */
  stateLabel: z.string(),
  kind: z.string(),
  /** The kind as the screen names it. */
  kindLabel: z.string(),
  recipient: z.string(),
  /** The account the mail is for (null for none). */
  username: z.string().nullable(),
  subject: z.string(),
  /** The settlement week it is about: its Monday (null for a mail about no week). */
  week: z.string().nullable(),
  attempts: z.number(),
  /** The mail server's last answer, or why it is held, cancelled or expired. */
  lastAnswer: z.string().nullable(),
  /** When it is tried next (pending mail only). */
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type MailOutboxRow = z.infer<typeof MailOutboxRow>;

export const MailOutboxResponse = z.object({
  data: z.array(MailOutboxRow),
  /** Mails the filters select. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Every mail of the outbox by state, whatever the filters. */
  counts: z.object({
    pending: z.number(),
    held: z.number(),
    sent: z.number(),
    failed: z.number(),
    cancelled: z.number(),
    expired: z.number(),
  }),
});
export type MailOutboxResponse = z.infer<typeof MailOutboxResponse>;

export const MailIdQuery = queryObject({ mailId: z.string({ error: 'is required' }).regex(/^[1-9]\d{0,17}$/, mailIdMessage) });
export type MailIdQuery = z.infer<typeof MailIdQuery>;

export const MailPreviewResponse = z.object({
  mail: MailOutboxRow,
  /**
   * The plain-text body: as it was sent, or as it would be built now (a statement not sent yet),
   * every secret of its links shown as `(hidden)` (`/auth/welcome#(hidden)`, `token=(hidden)`).
   */
  text: z.string(),
  /** True when the body is the one sent (or written when queued); false: built now for the preview. */
  asSent: z.boolean(),
  /** The attachments' file names (a statement's PDF). */
  attachments: z.array(z.string()),
});
export type MailPreviewResponse = z.infer<typeof MailPreviewResponse>;

export const MailRetryResponse = z.object({ message: z.string(), mail: MailOutboxRow });
export type MailRetryResponse = z.infer<typeof MailRetryResponse>;

export const MailDiscardResponse = z.object({ message: z.string(), mail: MailOutboxRow });
export type MailDiscardResponse = z.infer<typeof MailDiscardResponse>;

/** Discarding every held mail takes no parameter (any other is refused as unknown). */
export const MailDiscardHeldQuery = queryObject({});

export const MailDiscardHeldResponse = z.object({
  message: z.string(),
  /** The held mails discarded. */
  discarded: z.number(),
});
export type MailDiscardHeldResponse = z.infer<typeof MailDiscardHeldResponse>;

/** The Mail screen's answers, word for word (docs/screens.md, Mail). */
export const MAIL_SCREEN_MESSAGES = {
  noSuchMail: 'No such mail',
  alreadySent: 'This mail was sent already: there is nothing to retry.',
  retrying: 'The mail will be sent again within a few seconds.',
  retryingHeld: 'The mail is held until a mail server is configured (SMTP_URL).',
  closed: 'This mail is closed (cancelled or expired): it is never sent.',
  discarded: 'The mail was discarded: it will not be sent.',
  notWaiting: (state: string) => `Only a held or pending mail can be discarded: this one is ${state.toLowerCase()}.`,
  discardedHeld: (n: number) =>
    n === 0
      ? 'No mail is held: nothing was discarded.'
      : `${n === 1 ? '1 held mail' : `${n.toLocaleString('en-IN')} held mails`} discarded: ${n === 1 ? 'it' : 'they'} will not be sent.`,
} as const;

/** The caller's own address and statement setting; the links a mail carries open without signing in. */
const ownEmail = webCalls(EMAIL_CALLS, 'session');
const openEmail = webCalls(EMAIL_CALLS, 'public');

/** Entries of the endpoint table (endpoints.ts): An account’s email address (docs/domain.md, "Mail and statements"). */
export const EMAIL_ENDPOINTS = {
  emailState: {
    ...ownEmail('emailState', 'The caller’s email address, its confirmation and the weekly statement setting'),
    response: EmailStateResponse,
  },
  setEmail: {
    ...ownEmail('setEmail', 'Set (mailing a confirmation link, valid 24 hours) or remove the caller’s email address'),
    body: SetEmailBody,
    response: SetEmailResponse,
    otherResponses: { 429: ErrorBody },
  },
  statementEmails: {
    ...ownEmail('statementEmails', 'Turn the caller’s weekly statement emails on or off'),
    body: StatementEmailsBody,
    response: SetEmailResponse,
  },
  confirmEmail: {
    ...openEmail('confirmEmail', 'Confirm an email address with the secret of the link mailed to it'),
    body: ConfirmEmailBody,
    response: ConfirmEmailResponse,
  },
  unsubscribe: {
    ...openEmail(
      'unsubscribe',
      'One-click unsubscribe from the weekly statement or the daily digest (RFC 8058), without signing in',
    ),
    query: UnsubscribeQuery,
    response: UnsubscribeResponse,
  },
} as const satisfies Record<string, EndpointDef>;

/** Entries of the endpoint table (endpoints.ts): the Mail screen (superadmin). */
export const MAIL_SCREEN_ENDPOINTS = {
  mailOutbox: {
    ...report('mailOutbox', 'One page of the outbox: every mail with its state, kind, recipient, week and attempts'),
    query: MailOutboxQuery,
    response: MailOutboxResponse,
    exports: oneSheet('mail', 'mails', 'Mail', MAIL_OUTBOX_COLUMNS),
  },
  mailPreview: {
    ...report(
      'mailPreview',
      'One mail: its body as sent, or as it would be built now, its links’ secrets hidden (recorded in the activity)',
    ),
    query: MailIdQuery,
    response: MailPreviewResponse,
    otherResponses: { 404: ErrorBody },
  },
  mailRetry: {
    method: 'POST',
    path: reportPath('mailRetry'),
    access: 'report',
    summary: 'Send a mail that is pending, held or failed again now (without a mail server it stays held)',
    query: MailIdQuery,
    response: MailRetryResponse,
    otherResponses: { 404: ErrorBody, 409: ErrorBody },
  },
  mailDiscard: {
    method: 'POST',
    path: reportPath('mailDiscard'),
    access: 'report',
    summary: 'Discard one held or pending mail: cancelled, never sent (recorded in the activity)',
    query: MailIdQuery,
    response: MailDiscardResponse,
    otherResponses: { 404: ErrorBody, 409: ErrorBody },
  },
  mailDiscardHeld: {
    method: 'POST',
    path: reportPath('mailDiscardHeld'),
    access: 'report',
    summary: 'Discard every held mail: cancelled, never sent (recorded in the activity)',
    query: MailDiscardHeldQuery,
    response: MailDiscardHeldResponse,
  },
} as const satisfies Record<string, EndpointDef>;
