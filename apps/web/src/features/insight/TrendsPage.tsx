import { Text } from '@mantine/core';
import {
  FIELD_LABELS,
  TREND_WEEK_COUNTS,
  TRENDS_PAGE_SIZES,
  type TrendRow,
  type TrendsResponse,
  trendsColumns,
  trendWeekKey,
} from '@playrep/contracts';
import { useMemo } from 'react';
import { PageFrame } from '../../components/report/PageFrame';
import { SubjectPicker, useReportSubject } from '../../components/report/ReportSubject';
import { pagingOf, urlPaging, useLastPageWhenPastEnd } from '../../components/report/url-paging';
import { useDraft } from '../../components/report/use-draft';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable, ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { formatAmount, formatDate, formatInt } from '../../lib/format';
import { label, message, useMessages } from '../../lib/i18n/messages';
import { useUrlFilters } from '../../lib/url-state';
import { trendsExport, useTrends } from './api/trends';
import { childColumnsWithSparkline, trendHeaders } from './components/child-columns';
import { TrendWeeksSelect } from './components/TrendWeeksSelect';

/** A child's row with one `week{n}` field per week shown, as the columns read it. */
type TableRow = TrendRow & Record<`week${number}`, number>;

const DEFAULTS = {
  weeks: String(TREND_WEEK_COUNTS[0]),
  page: '1',
  pageSize: String(TRENDS_PAGE_SIZES[0]),
  sort: 'total',
  order: 'desc',
};

function tableRow(row: TrendRow): TableRow {
  const weeks = Object.fromEntries(row.profits.map((profit, i) => [trendWeekKey(i + 1), profit]));
  return { ...row, ...weeks } as TableRow;
}

/** The line under the title: what the weeks are and what the change is measured against. */
function periodText(data: TrendsResponse): string {
  const first = data.weeks[0];
  const last = data.weeks.at(-1);
  if (!first || !last) return '';
  return message(last.open ? 'insight.trends.periodOpen' : 'insight.trends.period', {
    from: formatDate(first.fromDate),
    to: formatDate(last.toDate),
    previousFrom: formatDate(data.previousRange.fromDate),
    previousTo: formatDate(data.previousRange.toDate),
  });
}

/**
 * Trends (docs/screens.md, Trends): the subject's direct children over the last 4, 8, 12 or 26
 * weeks, a profit per week (each the child's Revenue profit of that week), a sparkline, and the
 * change against the weeks before; paged and sorted on the server.
 */
export default function TrendsPage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const { t, language } = useMessages();
  const { filters, setFilters } = useUrlFilters(DEFAULTS);
  const weeks = (TREND_WEEK_COUNTS as readonly number[]).includes(Number(filters.weeks))
    ? Number(filters.weeks)
    : TREND_WEEK_COUNTS[0];
  const [draft, setDraft] = useDraft({ weeks: String(weeks) }, String(weeks));
  const { page, pageSize, order } = pagingOf(filters, TRENDS_PAGE_SIZES);
  const sort = /^(username|name|total|previous|change|week\d+)$/.test(filters.sort) ? filters.sort : 'total';
  const query = { id: subjectId, weeks, sort, order } as const;
  // The weeks always end with the current (open) one: always live.
  const report = useTrends({ ...query, page, pageSize }, { live: true });
  const { data, error, isFetching } = report;
  useReportErrorLog(screen.label, error);

  useLastPageWhenPastEnd({ page, pageSize }, report, setFilters);

  // The headers are in the chosen language: made again when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: language
  const columns = useMemo(
    () =>
      childColumnsWithSparkline<TableRow>(trendHeaders(trendsColumns(data?.weeks ?? []), data?.weeks ?? []), {
        header: message('insight.trends.trend'),
        per: 'week',
      }),
    [data?.weeks, language],
  );

  const rows = useMemo(() => (data?.data ?? []).map(tableRow), [data]);

  const search = () => {
    if (!setFilters({ weeks: draft.weeks, page: '1' })) void report.refetch();
  };

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error} live={report.live}>
      <ReportToolbar onSubmit={search} loading={isFetching}>
        <SubjectPicker />
        <TrendWeeksSelect label={FIELD_LABELS.trends.weeks} value={draft.weeks} onChange={(weeks) => setDraft({ weeks })} />
      </ReportToolbar>
      {data && !error && (
        <>
          <Text size="sm">{periodText(data)}</Text>
          <Text size="sm" aria-label={t('insight.trends.totalsName')}>
            {t('insight.trends.totals', {
              count: data.total,
              rows: formatInt(data.total),
              total: formatAmount(data.totals.total),
              previous: formatAmount(data.totals.previous),
              change: formatAmount(data.totals.change),
            })}
          </Text>
          <DataTable
            columns={columns}
            rows={rows}
            ariaLabel={label(screen.label)}
            loading={isFetching}
            pageSizes={TRENDS_PAGE_SIZES}
            getRowId={(row) => row._id}
            exportHref={trendsExport(query)}
            serverPaging={urlPaging(
              setFilters,
              { page, pageSize, rowCount: data.total },
              { columnId: sort, direction: order, filters: (column, direction) => ({ sort: column, order: direction }) },
            )}
          />
        </>
      )}
    </PageFrame>
  );
}
