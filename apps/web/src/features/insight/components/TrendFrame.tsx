import { Text } from '@mantine/core';
import { TRENDS_PAGE_SIZES, type TrendsResponse } from '@playrep/contracts';
import type { ReactNode } from 'react';
import { PageFrame } from '../../../components/report/PageFrame';
import { SubjectPicker } from '../../../components/report/ReportSubject';
import { DataTable, type DataTableProps, ReportToolbar } from '../../../components/ui';
import { label, type MessageId } from '../../../lib/i18n/messages';
import type { LiveAnswer } from '../../../lib/report-call';
import { TrendWeeksSelect } from './TrendWeeksSelect';
import { type TrendFilters, trendPeriodText } from './trend-filters';

type TrendAnswer = Pick<TrendsResponse, 'weeks' | 'previousRange' | 'total'>;

/**
 * The page of a weekly trend (Trends, Cafe Trends): the subject and the weeks as filters, then,
 * once answered, the period line, the trend's `summary` and its table of `rows`, paged and sorted
 * on the server (`totals`: the server's sums by column, for a total row).
 */
export function TrendFrame<Data extends TrendAnswer, Row extends object>({
  title,
  report,
  trend,
  weeksLabel,
  periodTexts,
  summary,
  totals,
  ...table
}: {
  title: string;
  report: {
    data: Data | undefined;
    error: Error | null;
    isFetching: boolean;
    live: LiveAnswer | undefined;
    refetch: () => unknown;
  };
  trend: TrendFilters;
  weeksLabel: string;
  periodTexts: { closed: MessageId; open: MessageId };
  summary?: (data: Data) => ReactNode;
  totals?: Readonly<Record<string, number>> | undefined;
} & Pick<DataTableProps<Row>, 'columns' | 'rows' | 'getRowId' | 'exportHref'>) {
  const { data, error, isFetching } = report;
  return (
    <PageFrame title={title} loading={isFetching} error={error} live={report.live}>
      <ReportToolbar onSubmit={() => trend.search(report.refetch)} loading={isFetching}>
        <SubjectPicker />
        <TrendWeeksSelect label={weeksLabel} value={trend.weeksDraft} onChange={trend.setWeeksDraft} />
      </ReportToolbar>
      {data && !error && (
        <>
          <Text size="sm">{trendPeriodText(data, periodTexts)}</Text>
          {summary?.(data)}
          <DataTable
            {...table}
            ariaLabel={label(title)}
            loading={isFetching}
            pageSizes={TRENDS_PAGE_SIZES}
            serverPaging={trend.serverPaging(data.total, totals)}
          />
        </>
      )}
    </PageFrame>
  );
}
