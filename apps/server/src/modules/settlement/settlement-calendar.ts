import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { addDays, type DayRange, type IsoDay, weekStartOf } from '../../lib/dates.js';
import { minDay, SETTLEMENT_KINDS, type SettlementKind } from './weeks.js';

/**
 * Which weeks of one settlement are final. The closing job settles the weeks in order from the
 * first one with any activity (play, poker hand or loan); once it has closed a week, settlement
 * starts there for good. The weeks before that start had nothing to settle: they are final and
 * empty (all zero, carry 0). From the start on, a week is final once the job has closed it; the
 * current week, and a finished week the job has not reached yet, are open (computed live).
 */
export interface SettlementCalendar {
  /** Monday of the first week settled: the first closed week, else the first week with activity; never after the current week. */
  firstWeek: IsoDay;
  /** The weeks the job has closed (settled_weeks). */
  closed: ReadonlySet<IsoDay>;
  /** The week the job closes next: the one after the last closed week, else firstWeek. */
  nextToClose: IsoDay;
}

/** Closed by the job, or before settlement began (nothing to settle). */
export function isFinal(calendar: SettlementCalendar, weekStart: IsoDay): boolean {
  return weekStart < calendar.firstWeek || calendar.closed.has(weekStart);
}

/** The calendars of both settlements, as of the week starting `currentWeek`. */
export async function settlementCalendars(db: Queryable, currentWeek: IsoDay): Promise<Map<SettlementKind, SettlementCalendar>> {
  const rows = await queryRows<{ kind: SettlementKind; week_start: string }>(
    db,
    sql`SELECT kind::text AS kind, week_start::text AS week_start FROM settled_weeks ORDER BY week_start`,
  );
  let firstActivity: IsoDay | null | undefined;
  const calendars = new Map<SettlementKind, SettlementCalendar>();
  for (const kind of SETTLEMENT_KINDS) {
    const closed = rows.filter((row) => row.kind === kind).map((row) => row.week_start);
    if (closed.length === 0 && firstActivity === undefined) firstActivity = await firstActivityWeek(db);
    const firstWeek = minDay(closed[0] ?? firstActivity ?? currentWeek, currentWeek);
    const lastClosed = closed.at(-1);
    calendars.set(kind, { firstWeek, closed: new Set(closed), nextToClose: lastClosed ? addDays(lastClosed, 7) : firstWeek });
  }
  return calendars;
}

export async function settlementCalendar(db: Queryable, kind: SettlementKind, currentWeek: IsoDay): Promise<SettlementCalendar> {
  return (await settlementCalendars(db, currentWeek)).get(kind)!;
}

/** Monday of the first week with any play, poker hand or loan; null on an empty database. */
async function firstActivityWeek(db: Queryable): Promise<IsoDay | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`SELECT least((SELECT min(day) FROM play_daily), (SELECT min(ist_day(issued_at)) FROM loans))::text AS day`,
  );
  return row?.day ? weekStartOf(row.day) : null;
}

/** Monday of the last week the job has closed for `kind`; null before any closing. */
export async function lastClosedWeek(db: Queryable, kind: SettlementKind): Promise<IsoDay | null> {
  const [row] = await queryRows<{ week_start: string | null }>(
    db,
    sql`SELECT max(week_start)::text AS week_start FROM settled_weeks WHERE kind = ${kind}`,
  );
  return row?.week_start ?? null;
}

/** True when the week starting `weekStart` is open (not final) in `kind`'s settlement, as of `today`. */
export async function isWeekOpen(db: Queryable, kind: SettlementKind, weekStart: IsoDay, today: IsoDay): Promise<boolean> {
  return !isFinal(await settlementCalendar(db, kind, weekStartOf(today)), weekStart);
}

/**
 * The days of `range` for one settlement, as the whole weeks inside it that the job has closed
 * (read from what their closing fixed, weekly_play_totals) and the days left (open weeks and the
 * parts of weeks at either end, read from the daily roll-ups), each run of days one range.
 */
export interface ClosedWeekSplit {
  closedWeeks: IsoDay[];
  days: DayRange[];
}

export async function splitAtClosedWeeks(db: Queryable, kind: SettlementKind, range: DayRange): Promise<ClosedWeekSplit> {
  const rows = await queryRows<{ week_start: string }>(
    db,
    sql`SELECT week_start::text AS week_start FROM settled_weeks
         WHERE kind = ${kind} AND week_start >= ${range.from} AND week_start <= ${addDays(range.to, -6)}`,
  );
  const closed = new Set(rows.map((row) => row.week_start));
  const split: ClosedWeekSplit = { closedWeeks: [], days: [] };
  let day = range.from;
  let runStart: IsoDay | null = null;
  while (day <= range.to) {
    if (closed.has(day)) {
      if (runStart !== null) split.days.push({ from: runStart, to: addDays(day, -1) });
      runStart = null;
      split.closedWeeks.push(day);
      day = addDays(day, 7);
    } else {
      runStart ??= day;
      day = addDays(day, 1);
    }
  }
  if (runStart !== null) split.days.push({ from: runStart, to: range.to });
  return split;
}
