import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, date, index, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
/** The feed finds a row to void by its platform id; reversals are few, found by the day they are booked on. */
export const voidIndexes = (table: string, t: { platformId: AnyPgColumn; voidBookedDay: AnyPgColumn }) => [
  index(`${table}_platform_id_idx`).on(t.platformId).where(sql`${t.platformId} IS NOT NULL`),
  index(`${table}_void_idx`).on(t.voidBookedDay).where(sql`${t.voidBookedDay} IS NOT NULL`),
  // Unqualified names: a check on the partitioned table is copied to each partition.
  check(
    `${table}_void_complete`,
    sql.raw('(voided_at IS NULL) = (void_reason IS NULL) AND (void_booked_day IS NULL OR voided_at IS NOT NULL)'),
  ),
];
