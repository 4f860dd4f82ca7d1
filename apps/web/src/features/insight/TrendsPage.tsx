import { Text } from '@mantine/core';
import { FIELD_LABELS, TRENDS_PAGE_SIZES, type TrendRow, trendsColumns } from '@playrep/contracts';
import { useMemo } from 'react';
import { PageFrame } from '../../components/report/PageFrame';
import { SubjectPicker, useReportSubject } from '../../components/report/ReportSubject';
import { useLastPageWhenPastEnd } from '../../components/report/url-paging';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable, ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { formatAmount, formatInt } from '../../lib/format';
import { label, message, useMessages } from '../../lib/i18n/messages';
import { trendsExport, useTrends } from './api/trends';
import { childColumnsWithSparkline, trendHeaders } from './components/child-columns';
import { TrendWeeksSelect } from './components/TrendWeeksSelect';
import { trendPeriodText, useTrendFilters, type WithWeekFields, withWeekFields } from './components/trend-filters';

/**
 * Trends (docs/screens.md, Trends): the subject's direct children over the last 4, 8, 12 or 26
 * weeks, a profit per week (each the child's Revenue profit of that week), a sparkline, and the
 * change against the weeks before; paged and sorted on the server.
 */
export default function TrendsPage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const { t, language } = useMessages();
  const trend = useTrendFilters(['username', 'name']);
  const { weeks, sort, order, page, pageSize } = trend;
  const query = { id: subjectId, weeks, sort, order } as const;
  // The weeks always end with the current (open) one: always live.
  const report = useTrends({ ...query, page, pageSize }, { live: true });
  const { data, error, isFetching } = report;
  useReportErrorLog(screen.label, error);

  useLastPageWhenPastEnd({ page, pageSize }, report, trend.setFilters);

  // The headers are in the chosen language: made again when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: language
  const columns = useMemo(
    () =>
      childColumnsWithSparkline<WithWeekFields<TrendRow>>(trendHeaders(trendsColumns(data?.weeks ?? []), data?.weeks ?? []), {
        header: message('insight.trends.trend'),
        per: 'week',
      }),
    [data?.weeks, language],
  );

  const rows = useMemo(() => (data?.data ?? []).map(withWeekFields), [data]);

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error} live={report.live}>
      <ReportToolbar onSubmit={() => trend.search(report.refetch)} loading={isFetching}>
        <SubjectPicker />
        <TrendWeeksSelect label={FIELD_LABELS.trends.weeks} value={trend.weeksDraft} onChange={trend.setWeeksDraft} />
      </ReportToolbar>
      {data && !error && (
        <>
          <Text size="sm">{trendPeriodText(data, { closed: 'insight.trends.period', open: 'insight.trends.periodOpen' })}</Text>
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
            serverPaging={trend.serverPaging(data.total)}
          />
        </>
      )}
    </PageFrame>
  );
}
