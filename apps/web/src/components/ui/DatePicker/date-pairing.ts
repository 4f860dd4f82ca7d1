import { type ApiDate, addDays } from '../../../lib/format';

/** Days from From to To in a report week: From plus 6 is a 7-day window (spec sections 4 and 9). */
export const WEEK_SPAN_DAYS = 6;

export interface DateRange {
  from: ApiDate | null;
  to: ApiDate | null;
}

/** Choosing From sets To to From plus the span; clearing From leaves To alone. */
export function withFrom(range: DateRange, from: ApiDate | null, span = WEEK_SPAN_DAYS): DateRange {
  return from ? { from, to: addDays(from, span) } : { ...range, from: null };
}

/** Choosing To sets From to To minus the span; clearing To leaves From alone. */
export function withTo(range: DateRange, to: ApiDate | null, span = WEEK_SPAN_DAYS): DateRange {
  return to ? { from: addDays(to, -span), to } : { ...range, to: null };
}
