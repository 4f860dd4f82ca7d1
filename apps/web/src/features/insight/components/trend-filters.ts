import { TREND_WEEK_COUNTS, TRENDS_PAGE_SIZES, type TrendsResponse, trendWeekKey } from '@playrep/contracts';
import { useReportSubject } from '../../../components/report/ReportSubject';
import { pagingOf, urlPaging, useLastPageWhenPastEnd } from '../../../components/report/url-paging';
import { useDraft } from '../../../components/report/use-draft';
import { useReportErrorLog } from '../../../components/report/use-report-error-log';
import { formatDate } from '../../../lib/format';
import { type MessageId, message } from '../../../lib/i18n/messages';
import { useUrlFilters } from '../../../lib/url-state';

/** The URL filters of a weekly trend (Trends, Cafe Trends). */
const DEFAULTS = {
  weeks: String(TREND_WEEK_COUNTS[0]),
  page: '1',
  pageSize: String(TRENDS_PAGE_SIZES[0]),
  sort: 'total',
  order: 'desc',
};

/** The sorts every trend takes besides its own columns': the figures and each week. */
const FIGURE_SORT = /^(total|previous|change|week\d+)$/;

/**
 * The URL state of a weekly trend (Trends, Cafe Trends): the weeks asked for (4, 8, 12 or 26) and
 * their draft, the page, page size, order and sort, each checked. A sort is a column's id: one of
 * `sorts` (the trend's own columns) or a figure's, else the total.
 */
function useTrendFilters(sorts: readonly string[]) {
  const { filters, setFilters } = useUrlFilters(DEFAULTS);
  const weeks = (TREND_WEEK_COUNTS as readonly number[]).includes(Number(filters.weeks))
    ? Number(filters.weeks)
    : TREND_WEEK_COUNTS[0];
  const [weeksDraft, setWeeksDraft] = useDraft(String(weeks));
  const { page, pageSize, order } = pagingOf(filters, TRENDS_PAGE_SIZES);
  const sort = sorts.includes(filters.sort) || FIGURE_SORT.test(filters.sort) ? filters.sort : 'total';
  /** Show Details: the weeks drafted, from page 1, or the same trend asked again when nothing changed. */
  const search = (refetch: () => unknown) => {
    if (!setFilters({ weeks: weeksDraft, page: '1' })) void refetch();
  };
  /** The table's paging over these filters; a header's click sorts by its column. */
  const serverPaging = (rowCount: number, totals?: Readonly<Record<string, number>>) =>
    urlPaging(
      setFilters,
      { page, pageSize, rowCount, ...(totals && { totals }) },
      { columnId: sort, direction: order, filters: (column, direction) => ({ sort: column, order: direction }) },
    );
  return { setFilters, weeks, weeksDraft, setWeeksDraft, page, pageSize, order, sort, search, serverPaging };
}

export type TrendFilters = ReturnType<typeof useTrendFilters>;

/** What a trend's call is asked: the subject, the weeks, the sort, and the page. */
interface TrendParams {
  id: string | undefined;
  weeks: number;
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/**
 * A weekly trend's report as its URL asks for it: the filters (useTrendFilters), the call's query
 * without the page (its export's), and the answer, always live (the weeks end with the open one);
 * a failure is logged, a page past the end goes to the last page.
 */
export function useTrendReport<Answer extends { data?: { total: number }; isPlaceholderData: boolean; error: Error | null }>(
  screenLabel: string,
  sorts: readonly string[],
  useReport: (params: TrendParams, options: { live: boolean }) => Answer,
) {
  const { subjectId } = useReportSubject();
  const trend = useTrendFilters(sorts);
  const { weeks, sort, order, page, pageSize } = trend;
  const query = { id: subjectId, weeks, sort, order } as const;
  const report = useReport({ ...query, page, pageSize }, { live: true });
  useReportErrorLog(screenLabel, report.error);
  useLastPageWhenPastEnd({ page, pageSize }, report, trend.setFilters);
  return { trend, query, report };
}

/** A row with one `week{n}` field per week shown (`week1` the oldest), as a trend's columns read it. */
export type WithWeekFields<Row> = Row & Record<`week${number}`, number>;

/** The `week{n}` fields of profits per week, oldest first. */
export function weekFields(profits: readonly number[]): Record<`week${number}`, number> {
  return Object.fromEntries(profits.map((profit, i) => [trendWeekKey(i + 1), profit]));
}

export function withWeekFields<Row extends { profits: readonly number[] }>(row: Row): WithWeekFields<Row> {
  return { ...row, ...weekFields(row.profits) };
}

/**
 * The line under a trend's filters: what the weeks are and what the change is measured against,
 * in the trend's `texts` (the last week still open or not); blank without weeks.
 */
export function trendPeriodText(
  data: Pick<TrendsResponse, 'weeks' | 'previousRange'>,
  texts: { closed: MessageId; open: MessageId },
): string {
  const first = data.weeks[0];
  const last = data.weeks.at(-1);
  if (!first || !last) return '';
  return message(last.open ? texts.open : texts.closed, {
    from: formatDate(first.fromDate),
    to: formatDate(last.toDate),
    previousFrom: formatDate(data.previousRange.fromDate),
    previousTo: formatDate(data.previousRange.toDate),
  });
}
