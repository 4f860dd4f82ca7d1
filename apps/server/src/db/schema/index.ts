import { ROLES } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The tables as Drizzle reads and writes them, kept in step with the hand-written migrations. The
 * functions and triggers (roll-ups, hierarchy, closed weeks, references) exist only in SQL: their
 * current definitions, whichever migration last replaced them, are in docs/schema.sql
 * (`npm run db:schema`).
 */

/**
 * Points are stored as integers in hundredths ("paise") everywhere: `bigint` columns whose
 * names end in `Cents`. They are summed in SQL and turned into 2-decimal numbers only at the API edge.
 */
const cents = (name: string) => bigint(name, { mode: 'number' });
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Business ids sent by the game platform are unique per table; rows it did not send have none. */
const platformIdKey = (table: string, column: AnyPgColumn) =>
  uniqueIndex(`${table}_platform_id_key`).on(column).where(sql`${column} IS NOT NULL`);
/** Late plays and hands are few: reports that show them on their own line find them by booking day. */
const lateIndex = (table: string, column: AnyPgColumn) => index(`${table}_late_idx`).on(column).where(sql`${column} IS NOT NULL`);

/**
 * A play or poker hand the platform cancelled (feed `play.voided` / `pokerHand.voided`, migration
 * 0021) keeps its row: when and why, and `void_booked_day`, the IST day its reversal is booked on
 * when its own week was already closed (null when it simply left its own, open, day). The roll-ups
 * leave a voided row out, or book it back on `void_booked_day` with the opposite sign.
 */
const voidColumns = () => ({
  voidedAt: tstz('voided_at'),
  voidReason: text('void_reason'),
  voidBookedDay: date('void_booked_day', { mode: 'string' }),
});
/** The feed finds a row to void by its platform id; reversals are few, found by the day they are booked on. */
const voidIndexes = (table: string, t: { platformId: AnyPgColumn; voidBookedDay: AnyPgColumn }) => [
  index(`${table}_platform_id_idx`).on(t.platformId).where(sql`${t.platformId} IS NOT NULL`),
  index(`${table}_void_idx`).on(t.voidBookedDay).where(sql`${t.voidBookedDay} IS NOT NULL`),
  // Unqualified names: a check on the partitioned table is copied to each partition.
  check(
    `${table}_void_complete`,
    sql.raw('(voided_at IS NULL) = (void_reason IS NULL) AND (void_booked_day IS NULL OR voided_at IS NOT NULL)'),
  ),
];

/** The roles of the contracts, and the house account's (docs/domain.md, "Points and the ledger"). */
export const roleEnum = pgEnum('role', ['house', ...ROLES]);
export const channelEnum = pgEnum('transfer_channel', ['single', 'multiplayer']);
export const transferStatusEnum = pgEnum('transfer_status', ['pending', 'accepted', 'rejected', 'cancelled']);
export const gameKindEnum = pgEnum('game_kind', ['draw', 'poker']);
export const settlementKindEnum = pgEnum('settlement_kind', ['games', 'poker']);

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
  },
  (t) => [
    uniqueIndex('accounts_username_lower_key').on(sql`lower(${t.username})`),
    index('accounts_parent_idx').on(t.parentId),
    index('accounts_role_idx').on(t.role),
    // The order of the reports sorted by agent (byText in insight/cafe-profit.ts): the superadmin's
    // Cafe Profit page of a closed week walks the agents in it and stops after its rows.
    index('accounts_username_c_idx').on(sql`lower(${t.username} COLLATE "C")`),
    // Only the house may go below zero: it is where points come from.
    check('accounts_balance_nonnegative', sql`${t.walletBalanceCents} >= 0 OR ${t.role} = 'house'`),
    check('accounts_commission_range', sql`${t.commission} >= 0 AND ${t.commission} <= 100`),
    check('accounts_username_trimmed', sql`${t.username} = btrim(${t.username}) AND ${t.username} <> ''`),
    check('accounts_email_shape', sql`${t.email} IS NULL OR (length(${t.email}) <= 254 AND ${t.email} LIKE '_%@_%')`),
    check('accounts_email_verified_has_email', sql`NOT ${t.emailVerified} OR ${t.email} IS NOT NULL`),
    check('accounts_digest_hour_range', sql`${t.digestHour} >= 0 AND ${t.digestHour} <= 23`),
    check('accounts_blocked_by_when_blocked', sql`${t.blockedBy} IS NULL OR ${t.blockedAt} IS NOT NULL`),
    index('accounts_last_sign_in_idx').on(t.lastSignInAt),
    // The account search (searchAccounts in modules/accounts/repository.ts, 0032): the superadmin's
    // reads each role's first accounts in the answer's order, then the role's matches by trigrams.
    index('accounts_search_order_idx').on(t.role, t.depth, sql`lower(${t.username})`),
    index('accounts_username_trgm_idx').using('gin', t.role, sql`lower(${t.username}) gin_trgm_ops`),
    index('accounts_name_trgm_idx').using('gin', t.role, sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
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

export const transfers = pgTable(
  'transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromId: uuid('from_id')
      .notNull()
      .references(() => accounts.id),
    toId: uuid('to_id')
      .notNull()
      .references(() => accounts.id),
    amountCents: cents('amount_cents').notNull(),
    channel: channelEnum('channel').notNull(),
    status: transferStatusEnum('status').notNull().default('pending'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    resolvedAt: tstz('resolved_at'),
    /** The game platform's `transferId` (feed); null for a transfer it did not send. */
    platformId: text('platform_id'),
  },
  (t) => [
    platformIdKey('transfers', t.platformId),
    index('transfers_from_created_idx').on(t.fromId, t.createdAt),
    index('transfers_to_created_idx').on(t.toId, t.createdAt),
    index('transfers_pending_idx').on(t.status).where(sql`${t.status} = 'pending'`),
    check('transfers_amount_positive', sql`${t.amountCents} > 0`),
    check('transfers_not_self', sql`${t.fromId} <> ${t.toId}`),
    check('transfers_resolved_consistent', sql`(${t.status} = 'pending') = (${t.resolvedAt} IS NULL)`),
  ],
);

export const games = pgTable(
  'games',
  {
    id: smallint('id').primaryKey(),
    code: text('code').notNull().unique(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    kind: gameKindEnum('kind').notNull(),
    /** Two draws of the game are at least this far apart (the feed refuses a draw nearer one). */
    minDrawIntervalSeconds: integer('min_draw_interval_seconds').notNull().default(60),
  },
  (t) => [check('games_min_draw_interval_positive', sql`${t.minDrawIntervalSeconds} > 0`)],
);

export const draws = pgTable(
  'draws',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: smallint('game_id')
      .notNull()
      .references(() => games.id),
    drawTime: tstz('draw_time').notNull(),
    drawno: text('drawno'),
    color: text('color'),
  },
  (t) => [
    uniqueIndex('draws_game_time_key').on(t.gameId, t.drawTime),
    check('draws_color_code', sql`${t.color} IS NULL OR ${t.color} IN ('c', 'k', 'l', 'f')`),
  ],
);

/**
 * One bet slip. The large table (tens of millions of rows): reports never scan it; they read
 * `play_daily`, which triggers keep exactly in step with it (docs/schema.sql).
 * Partitioned by IST calendar month of `playedAt` (migration 0010, which drizzle-kit cannot
 * express: the key includes the partition key, and `platformId` is unique through
 * `playPlatformIds`). Old months can be detached and archived (docs/deploy.md).
 */
export const plays = pgTable(
  'plays',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    // References checked per statement, not per row (migration 0012): account, cafe, game, draw.
    memberId: uuid('member_id').notNull(),
    cafeId: uuid('cafe_id').notNull(),
    gameId: smallint('game_id').notNull(),
    drawId: bigint('draw_id', { mode: 'number' }),
    playPointsCents: cents('play_points_cents').notNull(),
    winPointsCents: cents('win_points_cents').notNull().default(0),
    playedAt: tstz('played_at').notNull(),
    /**
     * The IST day a late play is booked on: it arrived after the week of `playedAt` was closed, so
     * it counts on the day it arrived, in the open week (docs/domain.md, "Data from the game platform"). Null for every other
     * play, which is booked on `ist_day(played_at)`. The roll-ups sum plays by their booking day.
     */
    bookedDay: date('booked_day', { mode: 'string' }),
    /** The game platform's `playId` (feed); null for a play it did not send. */
    platformId: text('platform_id'),
    ...voidColumns(),
    /** The machine in the cafe the play was made on (feed's `terminalId`); null when not given. */
    terminalId: text('terminal_id'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.playedAt] }),
    index('plays_member_played_idx').on(t.memberId, t.playedAt),
    index('plays_cafe_played_idx').on(t.cafeId, t.playedAt),
    // A block range index: plays arrive in time order, so the plays of a few hours (Today's "same
    // time last week") are found without reading the month, for a few pages of index.
    index('plays_played_at_brin').using('brin', t.playedAt),
    // Today's big wins (insight/today.ts, BIG_WIN_INDEX_FLOOR_CENTS): the wins of 1,000 points or
    // more, a few in a hundred plays, by time; a day's are read without its other plays.
    index('plays_big_win_idx').on(t.playedAt, t.winPointsCents).where(sql`${t.winPointsCents} >= 100000`),
    lateIndex('plays', t.bookedDay),
    ...voidIndexes('plays', t),
    check('plays_points_nonnegative', sql`${t.playPointsCents} > 0 AND ${t.winPointsCents} >= 0`),
  ],
);

/** A poker hand; partitioned by month like `plays`, its `platformId` unique through `pokerHandPlatformIds`. */
export const pokerHands = pgTable(
  'poker_hands',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    // References checked per statement, as in plays.
    memberId: uuid('member_id').notNull(),
    cafeId: uuid('cafe_id').notNull(),
    potCents: cents('pot_cents').notNull(),
    rakeCents: cents('rake_cents').notNull(),
    playedAt: tstz('played_at').notNull(),
    /** As plays.booked_day: the IST day a late hand is booked on; null when booked on its own day. */
    bookedDay: date('booked_day', { mode: 'string' }),
    /** The game platform's `handId` (feed); null for a hand it did not send. */
    platformId: text('platform_id'),
    ...voidColumns(),
    /** As plays.terminal_id: the machine the hand was played on; null when not given. */
    terminalId: text('terminal_id'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.playedAt] }),
    index('poker_hands_member_played_idx').on(t.memberId, t.playedAt),
    lateIndex('poker_hands', t.bookedDay),
    ...voidIndexes('poker_hands', t),
    check('poker_hands_rake_range', sql`${t.rakeCents} >= 0 AND ${t.rakeCents} <= ${t.potCents}`),
  ],
);

/**
 * Every platform id (`playId` of the feed) of a row of `plays`: a unique index on the partitioned
 * table would have to include the month. Written only by triggers on `plays` (migration 0010); the
 * ids of a detached month stay, so the platform cannot send those plays again.
 */
export const playPlatformIds = pgTable('play_platform_ids', { platformId: text('platform_id').primaryKey() });

/** As `playPlatformIds`, for the `handId`s of `poker_hands`. */
export const pokerHandPlatformIds = pgTable('poker_hand_platform_ids', { platformId: text('platform_id').primaryKey() });

/**
 * Daily roll-up of plays and poker hands per IST day, member, cafe and game. Maintained only by
 * statement-level triggers on `plays` and `poker_hands`, in the same transaction as the rows it sums.
 */
export const playDaily = pgTable(
  'play_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    memberId: uuid('member_id').notNull(),
    cafeId: uuid('cafe_id').notNull(),
    gameId: smallint('game_id').notNull(),
    plays: integer('plays').notNull(),
    playPointsCents: cents('play_points_cents').notNull(),
    winPointsCents: cents('win_points_cents').notNull(),
    rakeCents: cents('rake_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.day, t.cafeId, t.gameId] }),
    index('play_daily_day_idx').on(t.day),
    index('play_daily_cafe_day_idx').on(t.cafeId, t.day),
  ],
);

/**
 * `play_daily` summed by the member's parent (its agent) per IST day and game: a manager's
 * subtree is read from one row per agent instead of one per member (about a tenth of the rows).
 * The plays below an account X (X excluded) are exactly the rows whose parent is in X's subtree;
 * X's own plays stay in play_daily. `other_*` sum the plays made at a cafe whose master is not
 * the member's parent ("members played in other agents' cafes"), as it was when they were folded.
 * Maintained only by statement-level triggers on `play_daily` (play_daily_by_parent_fold, first in
 * migration 0003; its current definition is in docs/schema.sql), never written directly.
 */
export const playDailyByParent = pgTable(
  'play_daily_by_parent',
  {
    day: date('day', { mode: 'string' }).notNull(),
    parentId: uuid('parent_id').notNull(),
    gameId: smallint('game_id').notNull(),
    plays: integer('plays').notNull(),
    playPointsCents: cents('play_points_cents').notNull(),
    winPointsCents: cents('win_points_cents').notNull(),
    rakeCents: cents('rake_cents').notNull(),
    otherPlayPointsCents: cents('other_play_points_cents').notNull(),
    otherWinPointsCents: cents('other_win_points_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.day, t.gameId] }), index('play_daily_by_parent_day_idx').on(t.day)],
);

/**
 * play_daily_by_parent summed up the tree (migration 0030): every play strictly below a manager
 * (superadmin, admin, superareamanager, areamanager), per day, game and stripe, so that a
 * manager's whole subtree is a handful of rows at any size of network. Kept by statement-level
 * triggers on play_daily_by_parent (and an account's move); never written directly. `stripe`
 * spreads each manager's day over a few rows, picked per transaction, so that concurrent feed
 * batches do not wait on one row (the superadmin's); readers sum the stripes.
 */
export const playDailyByManager = pgTable(
  'play_daily_by_manager',
  {
    managerId: uuid('manager_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    gameId: smallint('game_id').notNull(),
    stripe: smallint('stripe').notNull(),
    /** The plays of members whose parent is a master (Daily Status counts only these); false: a player placed directly under a manager. */
    underMaster: boolean('under_master').notNull(),
    plays: integer('plays').notNull(),
    playPointsCents: cents('play_points_cents').notNull(),
    winPointsCents: cents('win_points_cents').notNull(),
    rakeCents: cents('rake_cents').notNull(),
    otherPlayPointsCents: cents('other_play_points_cents').notNull(),
    otherWinPointsCents: cents('other_win_points_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.managerId, t.day, t.gameId, t.underMaster, t.stripe] })],
);

/**
 * How many members below a manager played a draw game on a day (Today's active members), per
 * stripe as in play_daily_by_manager (migration 0030): kept by statement-level triggers on
 * `plays` and an account's move; never written directly.
 */
export const activeMembersByManager = pgTable(
  'active_members_by_manager',
  {
    managerId: uuid('manager_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    stripe: smallint('stripe').notNull(),
    members: integer('members').notNull(),
  },
  (t) => [primaryKey({ columns: [t.managerId, t.day, t.stripe] })],
);

/**
 * `play_daily` summed by cafe per IST day and game (every member, every game, rake too): a report
 * of many cafes over an open week reads about one row per cafe, day and game instead of one per
 * member as well (Cafe Trends' open weeks). Maintained only by statement-level triggers on
 * `play_daily` (play_daily_by_cafe_fold, migration 0029), never written directly. A play's cafe
 * never changes hands in this sum (cafes are keyed by id), so account moves and a cafe's new master
 * leave it as it is.
 */
export const playDailyByCafe = pgTable(
  'play_daily_by_cafe',
  {
    cafeId: uuid('cafe_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    gameId: smallint('game_id').notNull(),
    plays: integer('plays').notNull(),
    playPointsCents: cents('play_points_cents').notNull(),
    winPointsCents: cents('win_points_cents').notNull(),
    rakeCents: cents('rake_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cafeId, t.day, t.gameId] }), index('play_daily_by_cafe_day_idx').on(t.day)],
);

export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => accounts.id),
    principalCents: cents('principal_cents').notNull(),
    processingFeeCents: cents('processing_fee_cents').notNull().default(0),
    deductionPercentage: numeric('deduction_percentage', { precision: 5, scale: 2 }).notNull().default('50'),
    issuedAt: tstz('issued_at').notNull().defaultNow(),
    /** The game platform's `loanId` (feed); null for a loan it did not send. */
    platformId: text('platform_id'),
  },
  (t) => [
    index('loans_agent_idx').on(t.agentId, t.issuedAt),
    platformIdKey('loans', t.platformId),
    check('loans_amounts', sql`${t.principalCents} > 0 AND ${t.processingFeeCents} >= 0`),
    check('loans_rate', sql`${t.deductionPercentage} > 0 AND ${t.deductionPercentage} <= 100`),
  ],
);

/** Weeks already closed, per settlement kind. A row here means the week is final. */
export const settledWeeks = pgTable(
  'settled_weeks',
  {
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    kind: settlementKindEnum('kind').notNull(),
    closedAt: tstz('closed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.weekStart, t.kind] })],
);

/**
 * Weeks being closed (migration 0033): a finished week's settlement is sealed first, in a moment,
 * so that the feed books what still arrives for it in the open week, and then closed from one
 * snapshot while the feed runs; the row goes when the week is marked in settled_weeks.
 */
export const weekSeals = pgTable(
  'week_seals',
  {
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    kind: settlementKindEnum('kind').notNull(),
    sealedAt: tstz('sealed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.weekStart, t.kind] })],
);

export const weeklySettlements = pgTable(
  'weekly_settlements',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    kind: settlementKindEnum('kind').notNull(),
    profitCents: cents('profit_cents').notNull(),
    carryInCents: cents('carry_in_cents').notNull(),
    commission: numeric('commission', { precision: 5, scale: 2 }).notNull(),
    actualRevenueCents: cents('actual_revenue_cents').notNull(),
    deductionPercentage: numeric('deduction_percentage', { precision: 5, scale: 2 }).notNull(),
    revenueDeductionCents: cents('revenue_deduction_cents').notNull(),
    revAfterLoanCents: cents('rev_after_loan_cents').notNull(),
    carryOutCents: cents('carry_out_cents').notNull(),
    closedAt: tstz('closed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.kind, t.weekStart] }),
    index('weekly_settlements_week_idx').on(t.weekStart, t.kind),
    check('weekly_settlements_carry', sql`${t.carryInCents} <= 0 AND ${t.carryOutCents} <= 0`),
  ],
);

/**
 * What the plays of a closed week were, per account (its whole subtree, its own plays included),
 * its parent when the week closed, and game: written by the closing job (SQL function
 * settle_week_play_totals, migration 0011) in the week's closing transaction, never changed
 * afterwards. Reports about a closed week read these rows instead of the daily roll-ups.
 * `other_*`: plays at a cafe whose master is not the member's parent; `late_*`: the late plays and
 * hands booked into the week (already counted in the other sums).
 */
export const weeklyPlayTotals = pgTable(
  'weekly_play_totals',
  {
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    kind: settlementKindEnum('kind').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    parentId: uuid('parent_id').references(() => accounts.id),
    gameId: smallint('game_id')
      .notNull()
      .references(() => games.id),
    playPointsCents: cents('play_points_cents').notNull(),
    winPointsCents: cents('win_points_cents').notNull(),
    rakeCents: cents('rake_cents').notNull(),
    otherPlayPointsCents: cents('other_play_points_cents').notNull(),
    otherWinPointsCents: cents('other_win_points_cents').notNull(),
    latePlayPointsCents: cents('late_play_points_cents').notNull(),
    lateWinPointsCents: cents('late_win_points_cents').notNull(),
    lateRakeCents: cents('late_rake_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.weekStart, t.gameId] }),
    index('weekly_play_totals_parent_week_idx').on(t.parentId, t.weekStart),
  ],
);

/**
 * Cafe Profit's row of each cafe for a closed week (draw games): written by the closing job in the
 * week's closing transaction with the rule the live report sums with (play-sums' cafeSums), own and
 * other members by the member's parent when the week closed; never changed afterwards. A cafe
 * without a play that week has no row. Cafe Profit over exactly a closed week reads these rows.
 */
export const cafeWeek = pgTable(
  'cafe_week',
  {
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    cafeId: uuid('cafe_id')
      .notNull()
      .references(() => cafes.id),
    plays: bigint('plays', { mode: 'number' }).notNull(),
    playPointsCents: cents('play_points_cents').notNull(),
    winPointsCents: cents('win_points_cents').notNull(),
    ownProfitCents: cents('own_profit_cents').notNull(),
    otherProfitCents: cents('other_profit_cents').notNull(),
    members: integer('members').notNull(),
  },
  (t) => [primaryKey({ columns: [t.weekStart, t.cafeId] })],
);

/**
 * Today's "same weekday last week, up to the same time" over a closed week (docs/domain.md,
 * "Insight"): the week's draw-games plays booked on their own day and not voided while it was open,
 * summed per IST day, hour of the day and the member's parent when the week closed. Written by the
 * closing job (settle_week_play_hours) in the week's closing transaction; never changed afterwards.
 */
export const playHours = pgTable(
  'play_hours',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** 0-23, the IST hour the plays were made in. */
    hour: smallint('hour').notNull(),
    parentId: uuid('parent_id')
      .notNull()
      .references(() => accounts.id),
    plays: integer('plays').notNull(),
    playPointsCents: cents('play_points_cents').notNull(),
    winPointsCents: cents('win_points_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hour, t.parentId] })],
);

/**
 * The same plays as playHours: each member's first of the day, with its parent when the week
 * closed, to count the members who had played by a time of the day.
 */
export const memberFirstPlays = pgTable(
  'member_first_plays',
  {
    day: date('day', { mode: 'string' }).notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => accounts.id),
    parentId: uuid('parent_id')
      .notNull()
      .references(() => accounts.id),
    firstAt: tstz('first_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.memberId] }), index('member_first_plays_day_first_idx').on(t.day, t.firstAt)],
);

/**
 * play_hours and member_first_plays summed for each manager at or above their parent (itself
 * included), per day and hour: Today's "same time last week" of a manager reads up to 24 rows
 * instead of every master's hours. Written with play_hours at a week's closing
 * (settle_week_play_hours), and carried to the new managers when a master or a manager moves
 * (accounts_after_move_manager_hours, migration 0034), as the readers follow today's tree above
 * the parents the closing fixed. Never written directly.
 */
export const playHoursByManager = pgTable(
  'play_hours_by_manager',
  {
    managerId: uuid('manager_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** 0-23, the IST hour. */
    hour: smallint('hour').notNull(),
    plays: integer('plays').notNull(),
    playPointsCents: cents('play_points_cents').notNull(),
    winPointsCents: cents('win_points_cents').notNull(),
    /** Members whose first play of the day was in this hour. */
    firstMembers: integer('first_members').notNull(),
  },
  (t) => [primaryKey({ columns: [t.managerId, t.day, t.hour] })],
);

export const loanDeductions = pgTable(
  'loan_deductions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loan_deductions_loan_week_key').on(t.loanId, t.weekStart),
    check('loan_deductions_positive', sql`${t.amountCents} > 0`),
  ],
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

// ---------------------------------------------------------------- the platform feed (docs/domain.md, "Data from the game platform")

/** Keys of the platform feed: only the SHA-256 of a key is kept. A name is unique among live keys. */
export const feedKeys = pgTable(
  'feed_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: tstz('created_at').notNull(),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
    eventsApplied: bigint('events_applied', { mode: 'number' }).notNull().default(0),
    lastEventId: text('last_event_id'),
    lastEventType: text('last_event_type'),
    lastEventAt: tstz('last_event_at'),
  },
  (t) => [uniqueIndex('feed_keys_live_name_key').on(sql`lower(${t.name})`).where(sql`${t.revokedAt} IS NULL`)],
);

/** Events applied through each key, by event type. */
export const feedKeyCounts = pgTable(
  'feed_key_counts',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => feedKeys.id),
    type: text('type').notNull(),
    events: bigint('events', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.type] })],
);

/**
 * Every event id ever applied through each key, with the hash of its canonical body: an id the key
 * sends again with the same body is a duplicate (acknowledged, nothing changes); with another body
 * the batch is refused. Ids are the key's own: another key may use the same id (migration 0013, feed ids per key).
 */
export const feedEvents = pgTable(
  'feed_events',
  {
    id: text('id').notNull(),
    // Checked per statement, as plays' references (migration 0012).
    keyId: integer('key_id').notNull(),
    type: text('type').notNull(),
    bodyHash: text('body_hash').notNull(),
    appliedAt: tstz('applied_at').notNull(),
    // The batch that applied it: one id for every event of that batch; null before migration 0018.
    batchId: uuid('batch_id'),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.id] })],
);

// ---------------------------------------------------------------- mail (docs/domain.md, "Mail and statements")

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

// ---------------------------------------------------------------- access (docs/domain.md, "Access")

/** Who did what the activity records: an account, a feed key, the command line, or nobody known (a failed sign-in). */
export const activityActorEnum = pgEnum('activity_actor', ['account', 'feed', 'cli', 'anonymous']);

/**
 * The activity: every access fact, append-only (migration 0017's trigger refuses an UPDATE, a
 * TRUNCATE and any DELETE but prune_activity's of entries older than the retention).
 */
export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tstz('at').notNull(),
    kind: text('kind').notNull(),
    actorType: activityActorEnum('actor_type').notNull(),
    actorId: uuid('actor_id').references(() => accounts.id),
    feedKeyId: integer('feed_key_id').references(() => feedKeys.id),
    subjectId: uuid('subject_id').references(() => accounts.id),
    address: text('address'),
    /** The user agent, shortened. */
    device: text('device'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('activity_at_idx').on(t.at, t.id),
    index('activity_kind_at_idx').on(t.kind, t.at, t.id),
    index('activity_actor_at_idx').on(t.actorId, t.at, t.id).where(sql`${t.actorId} IS NOT NULL`),
    // With the kind: a subtree's Activity filtered by kind is counted from the index alone (0024).
    index('activity_subject_at_idx').on(t.subjectId, t.at, t.id, t.kind).where(sql`${t.subjectId} IS NOT NULL`),
    // The entries an account made about another account or about none (link issued, block,
    // export...), with their subject and kind: a subtree's Activity reads them member by member,
    // and leaves out those whose subject is in the subtree too without reading the table (0024).
    index('activity_actor_other_at_idx')
      .on(t.actorId, t.at, t.id, t.subjectId, t.kind)
      .where(sql`${t.actorId} IS NOT NULL AND ${t.actorId} IS DISTINCT FROM ${t.subjectId}`),
    check('activity_actor_account', sql`(${t.actorType} = 'account') = (${t.actorId} IS NOT NULL)`),
    check('activity_actor_feed', sql`(${t.actorType} = 'feed') = (${t.feedKeyId} IS NOT NULL)`),
  ],
);

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
