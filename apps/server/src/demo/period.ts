import { addDays, daysBetween, type IsoDay, istDayStart, weekStartOf } from '../lib/dates.js';

/** The span the demo network covers, in IST days, and the instant nothing may happen after. */
export interface Period {
  startDay: IsoDay;
  endDay: IsoDay;
  /** Every day from startDay to endDay, both included. */
  days: IsoDay[];
  /** 00:00 IST of startDay. */
  start: Date;
  /** 00:00 IST of the day after endDay. */
  end: Date;
  /**
   * The earlier of `end` and now. Activity after it is not written and draws after it are not
   * open yet, so a network ending today stops at the present; one ending in the past is whole
   * (and then depends only on scale, seed and end date).
   */
  cutoff: Date;
}

/** `weeks` full settlement weeks before the week of `endDay`, plus that week up to `endDay`. */
export function makePeriod(endDay: IsoDay, weeks: number, now: Date): Period {
  const startDay = addDays(weekStartOf(endDay), -7 * weeks);
  const days = Array.from({ length: daysBetween(startDay, endDay) + 1 }, (_, i) => addDays(startDay, i));
  const start = istDayStart(startDay);
  const end = istDayStart(addDays(endDay, 1));
  const cutoff = now.getTime() < end.getTime() ? now : end;
  return { startDay, endDay, days, start, end, cutoff };
}

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** The instant `hours` (fractional) after 00:00 IST of `day`. */
export function atHour(day: IsoDay, hours: number): Date {
  return new Date(istDayStart(day).getTime() + Math.round(hours * HOUR_MS));
}
