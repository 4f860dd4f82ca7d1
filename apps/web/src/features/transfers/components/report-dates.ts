import { type ApiDate, addDays, isApiDate, parseApiDate, todayIst } from '../../../lib/format';

export interface DayRange {
  from: ApiDate;
  to: ApiDate;
}

/** The 7 days ending today (IST): what the server uses when no dates are given. */
export function lastSevenDays(today: ApiDate = todayIst()): DayRange {
  return { from: addDays(today, -6), to: today };
}

/** The settlement week (Monday to Sunday, DOMAIN.md section 4) holding `day`. */
export function weekOf(day: ApiDate = todayIst()): DayRange {
  const date = parseApiDate(day);
  if (!date) throw new RangeError(`Not a YYYY-MM-DD date: ${day}`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  const from = addDays(day, -sinceMonday);
  return { from, to: addDays(from, 6) };
}

/** A URL date when it is a real day, otherwise null (an empty or hand-edited parameter). */
export function urlDay(value: string): ApiDate | null {
  return isApiDate(value) ? value : null;
}
