import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, cafes } from './accounts.js';
import { cents, tstz } from './columns.js';
import { games } from './plays.js';

/**
 * The weekly settlement: the closed and sealed weeks, their fixed figures, and what the closing job
 * writes for the reports of a closed week (docs/domain.md, "Weekly settlement").
 */

export const settlementKindEnum = pgEnum('settlement_kind', ['games', 'poker']);

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
 * Each master's draw-games profit in a closed week and whether any of its members played at
 * another agent's cafe: weekly_play_totals' rows of the masters ('games') summed over their games,
 * kept by a statement-level trigger on those rows' inserts (migration 0054). Daily Status and Find
 * Status read a closed week of every master of the network as one range of the key instead of a
 * look-up per master. A master without plays that week has no row. Never written directly.
 */
export const weeklyMasterProfit = pgTable(
  'weekly_master_profit',
  {
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    masterId: uuid('master_id')
      .notNull()
      .references(() => accounts.id),
    profitCents: cents('profit_cents').notNull(),
    playedElsewhere: boolean('played_elsewhere').notNull(),
  },
  (t) => [primaryKey({ columns: [t.weekStart, t.masterId] })],
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
 * cafe_week summed per week, as Cafe Profit totals a closed week over every cafe of the network
 * (cafes without a row count zero): one row a week, kept by a statement-level trigger on
 * cafe_week's inserts (migration 0043). Never written directly.
 */
export const cafeWeekTotals = pgTable('cafe_week_totals', {
  weekStart: date('week_start', { mode: 'string' }).primaryKey(),
  plays: bigint('plays', { mode: 'number' }).notNull(),
  playPointsCents: cents('play_points_cents').notNull(),
  winPointsCents: cents('win_points_cents').notNull(),
  ownProfitCents: cents('own_profit_cents').notNull(),
  otherProfitCents: cents('other_profit_cents').notNull(),
});

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
 * play_hours and member_first_plays of the whole network per IST day and minute of the day
 * (0-1439): Today's "same time last week" of the superadmin reads the minutes of the hour so far
 * from here (at most 59 rows) and at most one minute of plays, instead of every play of that hour.
 * Written with play_hours at a week's closing (settle_week_network_minutes, migration 0041); never
 * changed afterwards.
 */
export const networkPlayMinutes = pgTable(
  'network_play_minutes',
  {
    day: date('day', { mode: 'string' }).notNull(),
    minute: smallint('minute').notNull(),
    plays: integer('plays').notNull(),
    playPointsCents: cents('play_points_cents').notNull(),
    winPointsCents: cents('win_points_cents').notNull(),
    /** Members whose first play of the day was in this minute. */
    firstMembers: integer('first_members').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.minute] })],
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
