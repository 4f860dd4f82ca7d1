import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, cafes, signInLinks } from './accounts.js';
import { cents, tstz } from './columns.js';

/**
 * Mail (docs/domain.md, "Mail and statements"): confirmations of email addresses, the outbox, and
 * the big wins for the news and the alert mails.
 */

/**
 * An address a person set on its account page, waiting for the person to open the link mailed to
 * it: one per account (a new address replaces it), only the SHA-256 of the link's secret is kept.
 */
export const emailConfirmations = pgTable('email_confirmations', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: tstz('created_at').notNull(),
  expiresAt: tstz('expires_at').notNull(),
});

/**
 * pending: to send (again) at `next_attempt_at`; held: waiting for a mail server to be configured
 * (SMTP_URL); sent; failed: refused for good (5xx), or still refused after every retry; cancelled:
 * closed unsent, `last_answer` says why (the mail gate, modules/mail/gate.ts, or discarded on the
 * Mail screen); expired: held or pending longer than MAIL_MAX_AGE_DAYS, never sent (0027).
 */
export const mailStateEnum = pgEnum('mail_state', ['pending', 'held', 'sent', 'failed', 'cancelled', 'expired']);

/**
 * The outbox: one row per mail, written in the transaction of the fact that causes it under a
 * unique `key` (`statement:agent:<week>:<account>`), so a mail is made once and never lost. A mail
 * has its body (`body_text`, `body_html`), or `content`: what to build when it is sent (a weekly
 * statement, from the closed week's fixed figures, with its PDF); the body is kept once sent.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    kind: text('kind').notNull(),
    accountId: uuid('account_id').references(() => accounts.id),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text'),
    bodyHtml: text('body_html'),
    content: jsonb('content'),
    weekStart: date('week_start', { mode: 'string' }),
    state: mailStateEnum('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull(),
    /** The mail server's last answer ('250 2.0.0 OK', '451 Try later', 'connect ECONNREFUSED ...'). */
    lastAnswer: text('last_answer'),
    createdAt: tstz('created_at').notNull(),
    sentAt: tstz('sent_at'),
    /**
     * The sign-in link a link mail carries (a password reset): the mail goes only while that link
     * can still be used (0027; the reset mails queued before it got theirs from the link issued with them).
     */
    signInLinkId: bigint('sign_in_link_id', { mode: 'number' }).references(() => signInLinks.id),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} IN ('pending', 'held')`),
    // The mail waiting longer than MAIL_MAX_AGE_DAYS, expired by the sender at each pass (0027).
    index('outbox_waiting_created_idx').on(t.createdAt).where(sql`${t.state} IN ('pending', 'held')`),
    index('outbox_created_idx').on(t.createdAt, t.id),
    index('outbox_account_idx').on(t.accountId),
    check('outbox_has_body', sql`${t.bodyText} IS NOT NULL OR ${t.content} IS NOT NULL`),
    check('outbox_sent_at', sql`(${t.state} = 'sent') = (${t.sentAt} IS NOT NULL)`),
  ],
);

/**
 * Big wins as they arrive through the feed (docs/domain.md, "The owner's week"): one row per play
 * whose win reaches the lowest big-win threshold of the people with alerts on, written in the
 * feed's transaction; the alert process gives each to the subscribers above it (bigWinAlertWins),
 * then marks it processed. Processed rows are removed with the outbox's retention.
 */
export const bigWinNews = pgTable(
  'big_win_news',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playId: bigint('play_id', { mode: 'number' }).notNull(),
    playedAt: tstz('played_at').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => accounts.id),
    cafeId: uuid('cafe_id')
      .notNull()
      .references(() => cafes.id),
    gameId: smallint('game_id').notNull(),
    playPointsCents: cents('play_points_cents').notNull(),
    winPointsCents: cents('win_points_cents').notNull(),
    arrivedAt: tstz('arrived_at').notNull(),
    processedAt: tstz('processed_at'),
  },
  (t) => [
    index('big_win_news_waiting_idx').on(t.id).where(sql`${t.processedAt} IS NULL`),
    index('big_win_news_arrived_idx').on(t.arrivedAt),
  ],
);

/** The big wins waiting for a person's next alert mail (at most one per 15 minutes). */
export const bigWinAlertWins = pgTable(
  'big_win_alert_wins',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    newsId: bigint('news_id', { mode: 'number' })
      .notNull()
      .references(() => bigWinNews.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.newsId] })],
);
