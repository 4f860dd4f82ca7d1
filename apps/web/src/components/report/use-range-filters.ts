import { type UrlFilters, useUrlFilters } from '../../lib/url-state';
import type { DateRange } from '../ui/DatePicker';
import { type DayRange, urlDay } from './report-dates';
import { useDraft } from './use-draft';

type RangeFilters<T extends Record<string, string>> = T & { fromDate: string; toDate: string };

/**
 * A report's From Date / To Date kept in the URL with its other filters (`others` gives their
 * defaults), and the date pickers' draft of the range. `apply(patch)` is Show Details / Search: it
 * writes the drafted dates (and the patch) as a new history entry, and returns false when nothing
 * changed, so the page loads the report again instead.
 */
export function useRangeFilters<T extends Record<string, string> = Record<never, string>>(start: DayRange, others?: T) {
  const { filters, setFilters } = useUrlFilters<RangeFilters<T>>({
    fromDate: start.from,
    toDate: start.to,
    ...others,
  } as RangeFilters<T>);
  const applied: DateRange = { from: urlDay(filters.fromDate), to: urlDay(filters.toDate) };
  const [draft, setDraft] = useDraft(applied, `${filters.fromDate}|${filters.toDate}`);
  const apply = (patch: Partial<UrlFilters<RangeFilters<T>>> = {}) =>
    setFilters({ fromDate: draft.from ?? '', toDate: draft.to ?? '', ...patch } as Partial<UrlFilters<RangeFilters<T>>>);
  return { filters, setFilters, draft, setDraft, apply };
}
