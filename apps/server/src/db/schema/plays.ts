import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cents, lateIndex, otherPlaySums, playedColumns, playSums, tstz, voidIndexes } from './columns.js';

/**
 * The games, their draws, the plays and poker hands, and the roll-ups the triggers keep in step
 * with them (docs/domain.md, "Games, draws and plays"; the triggers: docs/schema.sql).
 */

export const gameKindEnum = pgEnum('game_kind', ['draw', 'poker']);

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
    ...playedColumns(),
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
    // The same wins biggest first: the whole network's ten biggest of a day are the first of the
    // month's by size that fall on the day, about ten entries a day of the month read at any size
    // of network, where the index by time reads every big win of the day.
    index('plays_big_win_size_idx')
      .on(t.winPointsCents.desc().nullsFirst(), t.playedAt.desc().nullsFirst())
      .where(sql`${t.winPointsCents} >= 100000`),
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
    ...playedColumns(),
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
export const playPlatformIds = pgTable('play_platform_ids', {
  platformId: text('platform_id').primaryKey(),
  // The play's key (id, played_at), so that a void finds its row in the partition of its month
  // (migration 0049); null for the ids of a month detached before 0049.
  rowId: bigint('row_id', { mode: 'number' }),
  playedAt: tstz('played_at'),
});

/** As `playPlatformIds`, for the `handId`s of `poker_hands`. */
export const pokerHandPlatformIds = pgTable('poker_hand_platform_ids', {
  platformId: text('platform_id').primaryKey(),
  rowId: bigint('row_id', { mode: 'number' }),
  playedAt: tstz('played_at'),
});

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
    ...playSums(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.day, t.cafeId, t.gameId] }),
    index('play_daily_day_idx').on(t.day),
    index('play_daily_cafe_day_idx').on(t.cafeId, t.day),
  ],
);

/**
 * The late part of the plays and poker hands (docs/domain.md, "Data from the game platform") per
 * booking day, member, game, cafe and terminal: a late row's sums on the day it was booked
 * (`booked_day`), counted as a play, and the reversal of a row voided after its week closed, with
 * the opposite sign and no play, on the day its void was booked (`void_booked_day`). Draw games
 * from plays, poker from poker hands. Revenue's late line of an open week and Cafe Terminals'
 * late plays read it instead of the plays, whose every monthly partition a query without a
 * played_at range would plan (0046, 0048). Maintained only by statement-level triggers on `plays`
 * and `poker_hands` (late_play_daily_fold), never written directly; rows summing to nothing stay.
 * One row per key, an unknown terminal (null) included.
 */
export const latePlayDaily = pgTable(
  'late_play_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    memberId: uuid('member_id').notNull(),
    gameId: smallint('game_id').notNull(),
    cafeId: uuid('cafe_id').notNull(),
    terminalId: text('terminal_id'),
    ...playSums(),
  },
  (t) => [
    unique('late_play_daily_key').on(t.memberId, t.day, t.gameId, t.cafeId, t.terminalId).nullsNotDistinct(),
    index('late_play_daily_day_idx').on(t.day),
    index('late_play_daily_cafe_day_idx').on(t.cafeId, t.day),
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
    ...playSums(),
    ...otherPlaySums(),
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
    ...playSums(),
    ...otherPlaySums(),
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
    ...playSums(),
  },
  (t) => [primaryKey({ columns: [t.cafeId, t.day, t.gameId] }), index('play_daily_by_cafe_day_idx').on(t.day)],
);

/**
 * `play_daily_by_cafe`'s draw games summed per cafe and IST day: Today's cafes losing most, for the
 * whole network, read from the partial index of the losing ones in order (a few entries) instead
 * of summing every cafe's day. Maintained only by statement-level triggers on `play_daily_by_cafe`
 * (draw_daily_by_cafe_fold, migration 0038), never written directly; rows summing to nothing are
 * left in place (readers ask for losses only).
 */
export const drawDailyByCafe = pgTable(
  'draw_daily_by_cafe',
  {
    cafeId: uuid('cafe_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    plays: integer('plays').notNull(),
    playPointsCents: cents('play_points_cents').notNull(),
    winPointsCents: cents('win_points_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cafeId, t.day] }),
    index('draw_daily_by_cafe_losing_idx')
      .on(t.day, sql`(${t.playPointsCents} - ${t.winPointsCents})`)
      .where(sql`${t.playPointsCents} < ${t.winPointsCents}`),
  ],
);

/**
 * Each cafe's draw-games profit over the 4, 8, 12 and 26 weeks ending with the kept week
 * (`cafe_trend_week`), the periods Cafe Trends shows: the whole network's default order (Total)
 * read from an index in order, a page of rows at any size of network. Kept by statement-level
 * triggers on `draw_daily_by_cafe` (plays as they arrive, in each row's periods), moved to a new
 * week a slice of cafes at a time by the closing job (settlement/cafe-trend-week.ts), a row per
 * cafe made by a trigger on `cafes` (migrations 0043, 0045). Never written directly.
 */
export const cafeTrendTotals = pgTable(
  'cafe_trend_totals',
  {
    cafeId: uuid('cafe_id').primaryKey(),
    /** The week (Monday) this cafe's periods end with: the kept week, but for the moment a move reaches the row. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    weeks4Cents: cents('weeks4_cents').notNull(),
    weeks8Cents: cents('weeks8_cents').notNull(),
    weeks12Cents: cents('weeks12_cents').notNull(),
    weeks26Cents: cents('weeks26_cents').notNull(),
  },
  (t) => [
    index('cafe_trend_totals_weeks4_idx').on(t.weeks4Cents),
    index('cafe_trend_totals_weeks8_idx').on(t.weeks8Cents),
    index('cafe_trend_totals_weeks12_idx').on(t.weeks12Cents),
    index('cafe_trend_totals_weeks26_idx').on(t.weeks26Cents),
  ],
);

/**
 * How many cafes there are: the whole network's Cafe Profit and Cafe Trends count every cafe in
 * their totals row. Cafes are never deleted; a trigger on their inserts keeps it (migration 0043).
 */
export const cafeCount = pgTable(
  'cafe_count',
  {
    single: boolean('single').primaryKey().default(true),
    cafes: integer('cafes').notNull(),
  },
  (t) => [check('cafe_count_single', sql`${t.single}`)],
);

/**
 * The week (Monday) whose periods every row of `cafe_trend_totals` holds: one row. While the
 * closing job moves the rows to another week, a slice at a time, `moving_to` names it, and the
 * rows are at either week (readers sum the cafes' days meanwhile).
 */
export const cafeTrendWeek = pgTable(
  'cafe_trend_week',
  {
    single: boolean('single').primaryKey().default(true),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    movingTo: date('moving_to', { mode: 'string' }),
  },
  (t) => [check('cafe_trend_week_single', sql`${t.single}`)],
);

/**
 * The days each master played (docs/domain.md, "Insight"), kept as plays arrive, for Today's
 * masters with no play of the whole network (migration 0039). A master has played on a day when it
 * has a `play_daily_by_parent` row of that day (its members' plays) or a `play_daily` row of its
 * own: `rows` counts both, kept by statement-level triggers on those two tables (a row left at 0
 * stays). Never written directly.
 */
export const masterPlayDays = pgTable(
  'master_play_days',
  {
    masterId: uuid('master_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    rows: integer('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.masterId, t.day] }), index('master_play_days_day_idx').on(t.day, t.masterId)],
);

/**
 * How many active masters played on each day, striped as active_members_by_manager is (a feed
 * batch adds to the stripe mod(txid, 4); a change of an account's status to stripe 4, which no
 * feed batch writes).
 */
export const playedMastersByDay = pgTable(
  'played_masters_by_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    stripe: smallint('stripe').notNull(),
    masters: integer('masters').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.stripe] })],
);

/**
 * Each master's last played day and status (migration 0053), for the whole network's masters with
 * no play once few are idle: on a day no master has played past, those idle are the active masters
 * whose last day is earlier, read by the partial index in that order (as many rows as are idle).
 * `last_day` is the latest day of the master's `master_play_days` with rows above 0 ('-infinity'
 * before its first play); `active` is the account's `user_status`. Kept by the same triggers and
 * by the accounts' insert and status triggers. Never written directly.
 */
export const masterLastPlay = pgTable(
  'master_last_play',
  {
    masterId: uuid('master_id').primaryKey(),
    active: boolean('active').notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull().default(sql`'-infinity'::date`),
  },
  (t) => [index('master_last_play_active_day_idx').on(t.lastDay).where(sql`${t.active}`)],
);

/** How many masters are active: one row, kept by the accounts' insert and status triggers. */
export const activeMasterCount = pgTable(
  'active_master_count',
  {
    single: boolean('single').primaryKey().default(true),
    masters: integer('masters').notNull(),
  },
  (t) => [check('active_master_count_single', sql`${t.single}`)],
);

/**
 * How many masters there are, active or not: one row, kept by the accounts' insert trigger
 * (migration 0044; accounts are never deleted and roles never change). With active_master_count
 * it gives the whole network's count of masters and of inactive ones (the list reports' pages,
 * Non Performing's "Total agents" and "Inactive agents") at any size.
 */
export const masterCount = pgTable(
  'master_count',
  {
    single: boolean('single').primaryKey().default(true),
    masters: integer('masters').notNull(),
  },
  (t) => [check('master_count_single', sql`${t.single}`)],
);
