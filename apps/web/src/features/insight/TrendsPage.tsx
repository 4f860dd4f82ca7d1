import { Text } from '@mantine/core';
import { FIELD_LABELS, type TrendRow, trendsColumns } from '@playrep/contracts';
import { useMemo } from 'react';
import type { ScreenPageProps } from '../../config/navigation';
import { formatAmount, formatInt } from '../../lib/format';
import { message, useMessages } from '../../lib/i18n/messages';
import { trendsExport, useTrends } from './api/trends';
import { childColumnsWithSparkline, trendHeaders } from './components/child-columns';
import { TrendFrame } from './components/TrendFrame';
import { useTrendReport, type WithWeekFields, withWeekFields } from './components/trend-filters';

/**
 * Trends (docs/screens.md, Trends): the subject's direct children over the last 4, 8, 12 or 26
 * weeks, a profit per week (each the child's Revenue profit of that week), a sparkline, and the
 * change against the weeks before; paged and sorted on the server.
 */
export default function TrendsPage({ screen }: ScreenPageProps) {
  const { t, language } = useMessages();
  const { trend, query, report } = useTrendReport(screen.label, ['username', 'name'], useTrends);
  const { data } = report;

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
    <TrendFrame
      title={screen.label}
      report={report}
      trend={trend}
      weeksLabel={FIELD_LABELS.trends.weeks}
      periodTexts={{ closed: 'insight.trends.period', open: 'insight.trends.periodOpen' }}
      summary={(answer) => (
        <Text size="sm" aria-label={t('insight.trends.totalsName')}>
          {t('insight.trends.totals', {
            count: answer.total,
            rows: formatInt(answer.total),
            total: formatAmount(answer.totals.total),
            previous: formatAmount(answer.totals.previous),
            change: formatAmount(answer.totals.change),
          })}
        </Text>
      )}
      columns={columns}
      rows={rows}
      getRowId={(row) => row._id}
      exportHref={trendsExport(query)}
    />
  );
}
