import { type ApiDate, addDays, isApiDate, todayIst } from '../../../lib/format';

/** The 7 days ending today (IST): the server's default range, written into the URL on a first visit. */
export function lastSevenDays(today: ApiDate = todayIst()): { from: ApiDate; to: ApiDate } {
  return { from: addDays(today, -6), to: today };
}

/** A URL date when it is a real day, otherwise null (an empty or hand-edited parameter). */
export function urlDay(value: string): ApiDate | null {
  return isApiDate(value) ? value : null;
}
