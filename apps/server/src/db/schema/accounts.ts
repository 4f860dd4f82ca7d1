import { ROLES } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cents, platformIdKey, tstz } from './columns.js';

/**
 * The accounts and their tree, the cafes, and signing in: sessions, sign-in attempts and links, the
 * signing keys of device cookies, two-step sign-in (docs/domain.md, "Accounts and the hierarchy",
 * "Access").
 */

/** The roles of the contracts, and the house account's (docs/domain.md, "Points and the ledger"). */
export const roleEnum = pgEnum('role', ['house', ...ROLES]);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: roleEnum('role').notNull(),
    parentId: uuid('parent_id').references((): any => accounts.id),
    commission: numeric('commission', { precision: 5, scale: 2 }).notNull().default('0'),
    address: text('address').notNull().default(''),
    userStatus: boolean('user_status').notNull().default(true),
    walletBalanceCents: cents('wallet_balance_cents').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** The account's email address (docs/domain.md, "Mail and statements"); mail goes to it only when verified. */
    email: text('email'),
    /** Confirmed by the person (a link mailed to it) or given by the platform. */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Whether the weekly statement is mailed to it (on by default). */
    statementEmails: boolean('statement_emails').notNull().default(true),
    /** Sign-in blocked by a manager (docs/domain.md, "Access"): the back office's own state, apart from userStatus. */
    blockedAt: tstz('blocked_at'),
    /** Who blocked it (null: the command line). */
    blockedBy: uuid('blocked_by').references((): AnyPgColumn => accounts.id),
    /** The last successful sign-in, for the Accounts screen's column and sort. */
    lastSignInAt: tstz('last_sign_in_at'),
    /** Today's big wins start at this win (docs/domain.md, "Insight"), set by the user; 10,000 points by default. */
    bigWinThresholdCents: cents('big_win_threshold_cents').notNull().default(1_000_000),
    /** The daily digest is mailed to it (docs/domain.md, "The owner's week"): off by default (0028). */
    digestEmails: boolean('digest_emails').notNull().default(false),
    /** The IST hour (0 to 23) the daily digest is made at; 09:00 by default. */
    digestHour: smallint('digest_hour').notNull().default(9),
    /** The last "Send me the digest now": at most one per 10 minutes. */
    digestAskedAt: tstz('digest_asked_at'),
    /** Big-win alerts are mailed to it, for wins at or above bigWinThresholdCents: off by default. */
    bigWinEmails: boolean('big_win_emails').notNull().default(false),
    /** When its last big-win alert was made: the next waits 15 minutes after it. */
    bigWinAlertSentAt: tstz('big_win_alert_sent_at'),
    /**
     * Levels below the top of the tree (the superadmin and the house 0): the closure's depth from
     * the superadmin, kept by triggers on insert and move and never written directly (0032). The
     * account search's order within a subtree.
     */
    depth: smallint('depth').notNull().default(0),
    /** The language the person reads the back office in, and the API's messages to it (0035, docs/decisions/0021-languages.md). */
    language: text('language').notNull().default('en'),
  },
  (t) => [
    uniqueIndex('accounts_username_lower_key').on(sql`lower(${t.username})`),
    index('accounts_parent_idx').on(t.parentId),
    index('accounts_role_idx').on(t.role),
    // The order of the reports sorted by agent (byText in insight/cafe-profit.ts): the superadmin's
    // Cafe Profit page of a closed week walks the masters (cafes' owners, 0044) in it and stops
    // after its rows, without passing the other roles' accounts.
    index('accounts_master_username_c_idx').on(sql`lower(${t.username} COLLATE "C")`).where(sql`${t.role} = 'master'`),
    // Only the house may go below zero: it is where points come from.
    check('accounts_balance_nonnegative', sql`${t.walletBalanceCents} >= 0 OR ${t.role} = 'house'`),
    check('accounts_commission_range', sql`${t.commission} >= 0 AND ${t.commission} <= 100`),
    check('accounts_username_trimmed', sql`${t.username} = btrim(${t.username}) AND ${t.username} <> ''`),
    check('accounts_email_shape', sql`${t.email} IS NULL OR (length(${t.email}) <= 254 AND ${t.email} LIKE '_%@_%')`),
    check('accounts_email_verified_has_email', sql`NOT ${t.emailVerified} OR ${t.email} IS NOT NULL`),
    check('accounts_digest_hour_range', sql`${t.digestHour} >= 0 AND ${t.digestHour} <= 23`),
    check('accounts_blocked_by_when_blocked', sql`${t.blockedBy} IS NULL OR ${t.blockedAt} IS NOT NULL`),
    check('accounts_language_known', sql`${t.language} IN ('en', 'hi')`),
    index('accounts_last_sign_in_idx').on(t.lastSignInAt),
    // The account search (searchAccounts in modules/accounts/repository.ts, 0032): the superadmin's
    // reads each role's first accounts in the answer's order, then the role's matches by trigrams.
    index('accounts_search_order_idx').on(t.role, t.depth, sql`lower(${t.username})`),
    index('accounts_username_trgm_idx').using('gin', t.role, sql`lower(${t.username}) gin_trgm_ops`),
    index('accounts_name_trgm_idx').using('gin', t.role, sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    // Today's masters with no play, for the whole network in the morning (idleMasters in
    // modules/insight/today.ts): the masters in username order, until enough are idle.
    index('accounts_master_username_idx').on(sql`lower(${t.username})`).where(sql`${t.role} = 'master'`),
  ],
);

/**
 * Closure table of the hierarchy: one row per (ancestor, descendant), including (a, a) at depth 0.
 * A subtree is one indexed lookup on the primary key; scope checks are a single row probe.
 */
export const accountClosure = pgTable(
  'account_closure',
  {
    ancestorId: uuid('ancestor_id')
      .notNull()
      .references(() => accounts.id),
    descendantId: uuid('descendant_id')
      .notNull()
      .references(() => accounts.id),
    depth: smallint('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('account_closure_descendant_idx').on(t.descendantId, t.depth),
  ],
);

/**
 * How many accounts each account has strictly below it (its closure rows of depth 1 and more, the
 * house never among them): the Accounts screen's count without filters, one row at any size of
 * network. Kept by statement-level triggers on account_closure (migration 0042); never written
 * directly.
 */
export const subtreeSizes = pgTable('subtree_sizes', {
  ancestorId: uuid('ancestor_id').primaryKey(),
  accounts: integer('accounts').notNull(),
});

export const cafes = pgTable(
  'cafes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    masterId: uuid('master_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** The game platform's id of the cafe (`cafeId` of the feed); null for a cafe it did not send. */
    platformId: text('platform_id'),
  },
  (t) => [index('cafes_master_idx').on(t.masterId), platformIdKey('cafes', t.platformId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tstz('at').notNull(),
    accountId: uuid('account_id').references(() => accounts.id),
    username: text('username').notNull(),
    address: text('address').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason').notNull(),
    /** The nonce of the device cookie the attempt was trusted for (README, "Sign-in limits"). */
    device: text('device'),
  },
  (t) => [
    index('sign_in_attempts_account_at_idx').on(t.accountId, t.at),
    index('sign_in_attempts_address_at_idx').on(t.address, t.at),
    // Failures are counted per username as typed, ignoring case (sign-in throttling).
    index('sign_in_attempts_username_at_idx').on(sql`lower(${t.username})`, t.at),
    // ... and per device cookie.
    index('sign_in_attempts_device_at_idx').on(t.device, t.at).where(sql`${t.device} IS NOT NULL`),
  ],
);

/**
 * Sign-in links (docs/domain.md, "Access"): only the SHA-256 of the secret is kept. `invite` links
 * are issued by a manager or the command line, `reset` links by forgot password. A link is used
 * once or ends unused (`revokedReason`: replaced, revoked, blocked, inactive, password_changed); at
 * most one live link per account.
 */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    purpose: text('purpose').$type<'invite' | 'reset'>().notNull(),
    /** The manager who issued it; null for the command line and forgot password. */
    issuedBy: uuid('issued_by').references(() => accounts.id),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    revokedAt: tstz('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    uniqueIndex('sign_in_links_live_key').on(t.accountId).where(sql`${t.usedAt} IS NULL AND ${t.revokedAt} IS NULL`),
    index('sign_in_links_account_idx').on(t.accountId, t.createdAt),
    check('sign_in_links_purpose', sql`${t.purpose} IN ('invite', 'reset')`),
    check('sign_in_links_ends_once', sql`${t.usedAt} IS NULL OR ${t.revokedAt} IS NULL`),
    check('sign_in_links_revoked_reason', sql`(${t.revokedAt} IS NULL) = (${t.revokedReason} IS NULL)`),
  ],
);

/**
 * Keys the server signs with, by name, made once at first use and shared by every server process
 * (`device_cookie`: the sign-in device cookies).
 */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  /** base64url of 32 random bytes. */
  secret: text('secret').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/**
 * An account's two-step sign-in (TOTP): its secret encrypted with SECRET_KEY (AES-256-GCM,
 * modules/identity/gate/secret-box.ts), confirmed once the person typed a first code; the last time
 * step accepted, so that no code (nor an earlier one) is accepted twice.
 */
export const twoStep = pgTable('two_step', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: tstz('confirmed_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: tstz('created_at').notNull(),
});

/** The single-use recovery codes of an account's two-step sign-in: only their SHA-256 is kept. */
export const twoStepRecoveryCodes = pgTable(
  'two_step_recovery_codes',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.codeHash] })],
);
