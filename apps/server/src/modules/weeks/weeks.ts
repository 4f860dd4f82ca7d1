import { STATEMENT_FROM_MONDAY_MESSAGE } from '@playrep/contracts';
import { addDays, formatDayMon, type IsoDay, istDayStart, resolveDay, weekStartOf } from '../../lib/dates.js';
import { badRequest } from '../../lib/http-error.js';

/** Sunday of the week starting on `weekStart` (a Monday). */
export function weekEndDay(weekStart: IsoDay): IsoDay {
  return addDays(weekStart, 6);
}

/** The instant the week ends (next Monday 00:00 IST): loans issued before it count for the week. */
export function weekEndInstant(weekStart: IsoDay): Date {
  return istDayStart(addDays(weekStart, 7));
}

/** Mondays from `first` to `last`, both included (empty when last < first). */
export function weekStartsBetween(first: IsoDay, last: IsoDay): IsoDay[] {
  const weeks: IsoDay[] = [];
  for (let week = first; week <= last; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

export function minDay(a: IsoDay, b: IsoDay): IsoDay {
  return a < b ? a : b;
}

/** The last week that has finished by `today`: the one before the current week. */
export function lastFinishedWeek(today: IsoDay): IsoDay {
  return addDays(weekStartOf(today), -7);
}

/**
 * The settlement week a mail statement covers (docs/domain.md, "Weekly settlement", "Mail statement"): From Date
 * is its Monday and To Date, when given, its Sunday; To Date alone must be a Sunday. No dates: the
 * last finished week. A week that has not started yet has no statement. Returns the Monday.
 */
export function statementWeek(query: { fromDate?: string | undefined; toDate?: string | undefined }, today: IsoDay): IsoDay {
  const given = (value: string | undefined) => value !== undefined && value.trim() !== '';
  const from = given(query.fromDate) ? resolveDay(query.fromDate, today, 'From Date') : undefined;
  const to = given(query.toDate) ? resolveDay(query.toDate, today, 'To Date') : undefined;
  let monday: IsoDay;
  if (from !== undefined) {
    if (weekStartOf(from) !== from) throw badRequest(`${STATEMENT_FROM_MONDAY_MESSAGE} (${formatDayMon(from)} is not)`);
    monday = from;
    if (to !== undefined && to !== weekEndDay(monday)) {
      throw badRequest(
        `To Date must be ${formatDayMon(weekEndDay(monday))}, the Sunday of the week from ${formatDayMon(monday)}: a statement covers one settlement week`,
      );
    }
  } else if (to !== undefined) {
    monday = weekStartOf(to);
    if (weekEndDay(monday) !== to) {
      throw badRequest(`To Date must be a Sunday: a statement covers one settlement week (${formatDayMon(to)} is not)`);
    }
  } else {
    monday = lastFinishedWeek(today);
  }
  const current = weekStartOf(today);
  if (monday > current) {
    throw badRequest(`From Date must not be after the current week (from ${formatDayMon(current)}): that week has not started`);
  }
  return monday;
}
