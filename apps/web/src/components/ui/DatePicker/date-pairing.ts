import { type ApiDate, addDays } from '../../../lib/format';

/** Days from From to To in a report week: From plus 6 is a 7-day window (docs/screens.md, Every report screen). */
export const WEEK_SPAN_DAYS = 6;

export interface DateRange {
  from: ApiDate | null;
  to: ApiDate | null;
}

/**
 * Choosing From sets To to From plus the span, but never past `latest` (today: From = today sets
 * To to today, not a day next week); clearing From leaves To alone.
 */
export function withFrom(range: DateRange, from: ApiDate | null, span = WEEK_SPAN_DAYS, latest?: ApiDate): DateRange {
  if (!from) return { ...range, from: null };
  const to = addDays(from, span);
  return { from, to: latest && to > latest && from <= latest ? latest : to };
}

/** Choosing To sets From to To minus the span; clearing To leaves From alone. */
export function withTo(range: DateRange, to: ApiDate | null, span = WEEK_SPAN_DAYS): DateRange {
  return to ? { from: addDays(to, -span), to } : { ...range, to: null };
}
