import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { addDays, type DayRange, type IsoDay, weekStartOf } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { type ClosedWeekSplit, SETTLEMENT_KINDS, type SettlementKind } from '../play-sums/index.js';
import { minDay } from './weeks.js';

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

/**
 * What one settlement's calendar is built from, as columns of a SELECT list: `closed_weeks`, the
 * Mondays the job has closed (a json array in order, null when none), and `first_activity`, the
 * first day with any play or loan, looked up only when no week is closed (PostgreSQL evaluates the
 * subquery of a branch not taken never). Lets a report read the calendar in the statement that
 * reads its figures.
 */
export function calendarColumns(kind: SettlementKind): SQL {
  return sql`(SELECT json_agg(s.week_start::text ORDER BY s.week_start) FROM settled_weeks s WHERE s.kind = ${kind}) AS closed_weeks,
    CASE WHEN NOT EXISTS (SELECT 1 FROM settled_weeks s WHERE s.kind = ${kind})
         THEN least((SELECT min(day) FROM play_daily), (SELECT min(ist_day(issued_at)) FROM loans))::text END AS first_activity`;
}

export interface CalendarColumns {
  closed_weeks: IsoDay[] | null;
  first_activity: string | null;
}

/** The calendar of calendarColumns, as of the week starting `currentWeek` (the rule of settlementCalendars). */
export function calendarFrom(row: CalendarColumns, currentWeek: IsoDay): SettlementCalendar {
  const closed = row.closed_weeks ?? [];
  const firstActivity = row.first_activity ? weekStartOf(row.first_activity) : null;
  const firstWeek = minDay(closed[0] ?? firstActivity ?? currentWeek, currentWeek);
  const lastClosed = closed.at(-1);
  return { firstWeek, closed: new Set(closed), nextToClose: lastClosed ? addDays(lastClosed, 7) : firstWeek };
}

/** One settlement's calendar, in one statement. */
export async function settlementCalendar(db: Queryable, kind: SettlementKind, currentWeek: IsoDay): Promise<SettlementCalendar> {
  const [row] = await queryRows<CalendarColumns>(db, sql`SELECT ${calendarColumns(kind)}`);
  return calendarFrom(definite(row, 'the calendar row'), currentWeek);
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

/**
 * True when the job has closed the week starting `weekStart` in `kind`'s settlement, so that what
 * its closing fixed exists (a week before settlement began is final but was never closed).
 */
export async function closedByJob(db: Queryable, kind: SettlementKind, weekStart: IsoDay): Promise<boolean> {
  const rows = await queryRows(db, sql`SELECT 1 FROM settled_weeks WHERE week_start = ${weekStart}::date AND kind = ${kind}`);
  return rows.length > 0;
}

/** True when the week starting `weekStart` is open (not final) in `kind`'s settlement, as of `today`. */
export async function isWeekOpen(db: Queryable, kind: SettlementKind, weekStart: IsoDay, today: IsoDay): Promise<boolean> {
  return !isFinal(await settlementCalendar(db, kind, weekStartOf(today)), weekStart);
}

/** The split of `range` when the weeks `closed` are the closed ones. */
function splitAt(range: DayRange, closed: ReadonlySet<IsoDay>): ClosedWeekSplit {
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

/** The Mondays of the whole weeks (Monday to Sunday) inside `range`. */
function wholeWeeks(range: DayRange): IsoDay[] {
  const weekStart = weekStartOf(range.from);
  const weeks: IsoDay[] = [];
  for (
    let week = weekStart < range.from ? addDays(weekStart, 7) : weekStart;
    addDays(week, 6) <= range.to;
    week = addDays(week, 7)
  ) {
    weeks.push(week);
  }
  return weeks;
}

/**
 * The rows of `query` over the days of `range` split at the closed weeks of `kind`
 * (ClosedWeekSplit), in one statement when every whole week of the range is
 * closed, as the weeks a report asks about mostly are: the statement reads `query` as if they all
 * were and asks settled_weeks which are (weekly_play_totals holds rows of closed weeks only, so a
 * week taken for closed wrongly adds nothing); only when one is not does a second statement read
 * `query` over the real split. `orderBy`, if given, orders the rows (columns of `query` as `r`).
 */
export async function rowsOverClosedWeeks<T extends object>(
  db: Queryable,
  kind: SettlementKind,
  range: DayRange,
  query: (split: ClosedWeekSplit) => SQL,
  orderBy?: SQL,
): Promise<T[]> {
  const weeks = wholeWeeks(range);
  const order = orderBy ? sql` ORDER BY ${orderBy}` : sql``;
  const read = (split: ClosedWeekSplit) => queryRows<T>(db, sql`SELECT r.* FROM (${query(split)}) r${order}`);
  if (weeks.length === 0) return read(splitAt(range, new Set()));
  // One row at least (the join keeps the settled_weeks row when `query` has none): the answer
  // about the weeks always comes back.
  const first = await queryRows<T & { closed_weeks__: IsoDay[] | null; row__: boolean | null }>(
    db,
    sql`SELECT r.*, c.closed_weeks__
          FROM (SELECT json_agg(s.week_start::text) AS closed_weeks__ FROM settled_weeks s
                 WHERE s.kind = ${kind} AND s.week_start >= ${weeks[0]}::date AND s.week_start <= ${weeks.at(-1)}::date) c
          LEFT JOIN (SELECT q.*, true AS row__ FROM (${query(splitAt(range, new Set(weeks)))}) q) r ON true${order}`,
  );
  const closed = new Set(first[0]?.closed_weeks__ ?? []);
  if (!weeks.every((week) => closed.has(week))) return read(splitAt(range, closed));
  return first.filter((row) => row.row__).map(({ closed_weeks__: _weeks, row__: _row, ...row }) => row as unknown as T);
}
