import { type ApiDate, addDays, isApiDate, parseApiDate, todayIst } from '../../../lib/format';

/** Monday of the settlement week (Monday to Sunday, DOMAIN.md section 4) holding `day`. */
export function mondayOf(day: ApiDate): ApiDate {
  const date = parseApiDate(day);
  if (!date) throw new RangeError(`Not a YYYY-MM-DD date: ${day}`);
  return addDays(day, -((date.getUTCDay() + 6) % 7));
}

/**
 * The range a Revenue visit without dates in the URL shows: the last `weeks` settlement weeks, the
 * current (open) one included, so the chart has a trend to show. The date pair then picks 7-day
 * windows, as the spec pairs them.
 */
export function recentWeeks(weeks: number, today: ApiDate = todayIst()): { from: ApiDate; to: ApiDate } {
  return { from: addDays(mondayOf(today), -7 * (weeks - 1)), to: today };
}

/** A URL date when it is a real day, otherwise null (an empty or hand-edited parameter). */
export function urlDay(value: string): ApiDate | null {
  return isApiDate(value) ? value : null;
}
