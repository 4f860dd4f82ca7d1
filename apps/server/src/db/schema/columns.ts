import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, date, index, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Column kinds and indexes that the tables of several areas share. */

/**
 * Points are stored as integers in hundredths ("paise") everywhere: `bigint` columns whose
 * names end in `Cents`. They are summed in SQL and turned into 2-decimal numbers only at the API edge.
 */
export const cents = (name: string) => bigint(name, { mode: 'number' });
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Business ids sent by the game platform are unique per table; rows it did not send have none. */
export const platformIdKey = (table: string, column: AnyPgColumn) =>
  uniqueIndex(`${table}_platform_id_key`).on(column).where(sql`${column} IS NOT NULL`);
/** Late plays and hands are few: reports that show them on their own line find them by booking day. */
export const lateIndex = (table: string, column: AnyPgColumn) =>
  index(`${table}_late_idx`).on(column).where(sql`${column} IS NOT NULL`);

/**
 * A play or poker hand the platform cancelled (feed `play.voided` / `pokerHand.voided`, migration
 * 0021) keeps its row: when and why, and `void_booked_day`, the IST day its reversal is booked on
 * when its own week was already closed (null when it simply left its own, open, day). The roll-ups
 * leave a voided row out, or book it back on `void_booked_day` with the opposite sign.
 */
export const voidColumns = () => ({
  voidedAt: tstz('voided_at'),
  voidReason: text('void_reason'),
  voidBookedDay: date('void_booked_day', { mode: 'string' }),
});
/**
 * Reversals are few, found by the day they are booked on. (The feed finds a row to void by its
 * platform id through the registry, which holds the row's key: migration 0049.)
 */
export const voidIndexes = (table: string, t: { voidBookedDay: AnyPgColumn }) => [
  index(`${table}_void_idx`).on(t.voidBookedDay).where(sql`${t.voidBookedDay} IS NOT NULL`),
  // Unqualified names: a check on the partitioned table is copied to each partition.
  check(
    `${table}_void_complete`,
    sql.raw('(voided_at IS NULL) = (void_reason IS NULL) AND (void_booked_day IS NULL OR voided_at IS NOT NULL)'),
  ),
];

/**
 * What a play and a poker hand both keep besides their member, cafe and amounts: when it was
 * played; `booked_day`, the IST day a late one is booked on (it arrived after the week of
 * `played_at` was closed, so it counts on the day it arrived, in the open week: docs/domain.md,
 * "Data from the game platform"), null for every other, booked on `ist_day(played_at)` (the
 * roll-ups sum by the booking day); the platform's id (`playId` or `handId`), null for one it did
 * not send; the void columns; the machine in the cafe it was played on (the feed's `terminalId`),
 * null when not given.
 */
export const playedColumns = () => ({
  playedAt: tstz('played_at').notNull(),
  bookedDay: date('booked_day', { mode: 'string' }),
  platformId: text('platform_id'),
  ...voidColumns(),
  terminalId: text('terminal_id'),
});

/** The sums every roll-up of plays and poker hands keeps: plays, stake, wins and rake, in hundredths. */
export const playSums = () => ({
  plays: integer('plays').notNull(),
  playPointsCents: cents('play_points_cents').notNull(),
  winPointsCents: cents('win_points_cents').notNull(),
  rakeCents: cents('rake_cents').notNull(),
});

/**
 * The stake and wins of the plays made at a cafe whose master is not the member's parent ("members
 * played in other agents' cafes"), as the roll-ups by parent and by manager keep them.
 */
export const otherPlaySums = () => ({
  otherPlayPointsCents: cents('other_play_points_cents').notNull(),
  otherWinPointsCents: cents('other_win_points_cents').notNull(),
});
