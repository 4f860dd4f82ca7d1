import { type ApiDate, addDays, isApiDate, parseApiDate, todayIst } from '../../lib/format';

/** The applied range of a report: two IST days 'YYYY-MM-DD'. */
export interface DayRange {
  from: ApiDate;
  to: ApiDate;
}

/** Settlement weeks a Revenue visit without dates shows (the current one included). */
export const DEFAULT_WEEKS = 4;

/** A URL date when it is a real day, otherwise null (an empty or hand-edited parameter). */
export function urlDay(value: string): ApiDate | null {
  return isApiDate(value) ? value : null;
}

/** The 7 days ending today (IST): the server's default range, written into the URL on a first visit. */
export function lastSevenDays(today: ApiDate = todayIst()): DayRange {
  return { from: addDays(today, -6), to: today };
}

/** Monday of the settlement week (Monday to Sunday, docs/domain.md, "Days and weeks") holding `day`. */
export function mondayOf(day: ApiDate): ApiDate {
  const date = parseApiDate(day);
  if (!date) throw new RangeError(`Not a YYYY-MM-DD date: ${day}`);
  return addDays(day, -((date.getUTCDay() + 6) % 7));
}

/** The settlement week holding `day`, Monday to Sunday. */
export function weekOf(day: ApiDate = todayIst()): DayRange {
  const from = mondayOf(day);
  return { from, to: addDays(from, 6) };
}

/**
 * The last `weeks` settlement weeks up to today, the current (open) one included, so a chart has a
 * trend to show.
 */
export function recentWeeks(weeks: number, today: ApiDate = todayIst()): DayRange {
  return { from: addDays(mondayOf(today), -7 * (weeks - 1)), to: today };
}
