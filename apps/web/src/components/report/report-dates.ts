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

/**
 * The last `weeks` settlement weeks up to today, the current (open) one included, so a chart has a
 * trend to show.
 */
export function recentWeeks(weeks: number, today: ApiDate = todayIst()): DayRange {
  return { from: addDays(mondayOf(today), -7 * (weeks - 1)), to: today };
}

/** The range presets of every From/To report, in the order the Range list offers them (docs/screens.md, "Every report screen"). */
export const RANGE_PRESETS = ['This week', 'Last week', 'Last 4 weeks', 'Last 12 weeks', 'This month', 'Last month'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The first day of the calendar month holding `day`. */
function firstOfMonth(day: ApiDate): ApiDate {
  return `${day.slice(0, 8)}01`;
}

/**
 * The days a preset stands for on `today` (IST). The open week and month end today, never later
 * (no report looks ahead); Last 4 and Last 12 weeks are settlement weeks ending with the current
 * one, as Trends and Revenue's default count them; Last week and Last month are whole.
 */
export function presetRange(preset: RangePreset, today: ApiDate = todayIst()): DayRange {
  const monday = mondayOf(today);
  switch (preset) {
    case 'This week':
      return { from: monday, to: today };
    case 'Last week':
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case 'Last 4 weeks':
      return recentWeeks(4, today);
    case 'Last 12 weeks':
      return recentWeeks(12, today);
    case 'This month':
      return { from: firstOfMonth(today), to: today };
    case 'Last month': {
      const lastDay = addDays(firstOfMonth(today), -1);
      return { from: firstOfMonth(lastDay), to: lastDay };
    }
  }
}

/**
 * A preset's range cut to the days a screen allows (`earliest` to `latest`, both included), or
 * null when none of its days is allowed: the preset is then not offered.
 */
export function presetWithin(range: DayRange, earliest: ApiDate | undefined, latest: ApiDate): DayRange | null {
  const from = earliest && range.from < earliest ? earliest : range.from;
  const to = range.to > latest ? latest : range.to;
  return from <= to ? { from, to } : null;
}
