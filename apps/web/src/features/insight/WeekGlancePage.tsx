import { Text } from '@mantine/core';
import {
  WEEK_GLANCE_PAGE_SIZES,
  type WeekGlanceResponse,
  type WeekGlanceRow,
  weekGlanceColumns,
  weekGlanceDayKey,
} from '@playrep/contracts';
import { useMemo } from 'react';
import { PageFrame } from '../../components/report/PageFrame';
import { SubjectPicker, useReportSubject } from '../../components/report/ReportSubject';
import { currentWeekMonday } from '../../components/report/settlement-weeks';
import { pagingOf, urlPaging, useLastPageWhenPastEnd } from '../../components/report/url-paging';
import { useDraft } from '../../components/report/use-draft';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { WeekPicker } from '../../components/report/WeekPicker';
import { DataTable, ReportToolbar } from '../../components/ui';
import type { DateRange } from '../../components/ui/DatePicker';
import type { ScreenPageProps } from '../../config/navigation';
import { addDays, formatDate, isApiDate } from '../../lib/format';
import { label, type MessageId, message, useMessages } from '../../lib/i18n/messages';
import { useUrlFilters } from '../../lib/url-state';
import { useWeekGlance, weekGlanceExport } from './api/week-glance';
import { childColumnsWithSparkline, trendHeaders } from './components/child-columns';

/** A child's row with one `day{n}` field per day, as the columns read it. */
type TableRow = WeekGlanceRow & Record<`day${number}`, number>;

/** The week in the URL is its Monday; none: the open week (the server's default). */
const DEFAULTS = {
  fromDate: '',
  page: '1',
  pageSize: String(WEEK_GLANCE_PAGE_SIZES[0]),
  sort: 'total',
  order: 'desc',
};

const SORT = /^(username|name|total|day[1-7])$/;

function tableRow(row: WeekGlanceRow): TableRow {
  const days = Object.fromEntries(row.profits.map((profit, i) => [weekGlanceDayKey(i + 1), profit]));
  return { ...row, ...days } as TableRow;
}

/** The totals over every child by column id, for the table's total row. */
function totalsByColumn(totals: WeekGlanceResponse['totals']): Record<string, number> {
  const days = Object.fromEntries(totals.profits.map((profit, i) => [weekGlanceDayKey(i + 1), profit]));
  return { ...days, total: totals.total };
}

/** The line under the title: which week, and whether its figures are so far. */
function weekText(week: WeekGlanceResponse['week']): string {
  return message(week.open ? 'insight.weekGlance.textOpen' : 'insight.weekGlance.text', {
    from: formatDate(week.fromDate),
    to: formatDate(week.toDate),
  });
}

const WEEKDAYS: readonly MessageId[] = [
  'insight.weekGlance.mon',
  'insight.weekGlance.tue',
  'insight.weekGlance.wed',
  'insight.weekGlance.thu',
  'insight.weekGlance.fri',
  'insight.weekGlance.sat',
  'insight.weekGlance.sun',
];

/** The day columns headed 'Mon 23-Nov-2026' in the current language (the contracts' headers are English). */
function dayHeaders<C extends { key: string; header: string }>(columns: readonly C[], days: readonly string[]): C[] {
  return columns.map((column) => {
    const position = Number(/^day([1-7])$/.exec(column.key)?.[1] ?? 0);
    const day = days[position - 1];
    const weekday = WEEKDAYS[position - 1];
    return day && weekday ? { ...column, header: `${message(weekday)} ${formatDate(day)}` } : column;
  });
}

/**
 * Week at a Glance (docs/screens.md, Week at a Glance): the subject's direct children x Monday to
 * Sunday of one week (the open week by default), each cell the child's profit that day, a total
 * per row and per day (over every child), a sparkline per row; paged and sorted on the server,
 * live while the open week is shown. On a phone the account column stays in view.
 */
export default function WeekGlancePage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const { t, language } = useMessages();
  const { filters, setFilters } = useUrlFilters(DEFAULTS);
  const monday = isApiDate(filters.fromDate) ? filters.fromDate : '';
  // The picker shows the week shown: without one in the address, the open week's Monday.
  const shownMonday = monday || currentWeekMonday();
  const [draft, setDraft] = useDraft<DateRange>({ from: shownMonday, to: addDays(shownMonday, 6) }, shownMonday);
  const { page, pageSize, order } = pagingOf(filters, WEEK_GLANCE_PAGE_SIZES);
  const sort = SORT.test(filters.sort) ? filters.sort : 'total';
  const query = { id: subjectId, fromDate: monday, sort, order } as const;
  const open = shownMonday === currentWeekMonday();
  const report = useWeekGlance({ ...query, page, pageSize }, { live: open });
  const { data, error, isFetching } = report;
  useReportErrorLog(screen.label, error);

  useLastPageWhenPastEnd({ page, pageSize }, report, setFilters);

  // The headers are in the chosen language: made again when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: language
  const columns = useMemo(
    () =>
      childColumnsWithSparkline<TableRow>(trendHeaders(dayHeaders(weekGlanceColumns(data?.days ?? []), data?.days ?? []), []), {
        header: message('insight.weekGlance.week'),
        per: 'day',
      }),
    [data?.days, language],
  );

  const rows = useMemo(() => (data?.data ?? []).map(tableRow), [data]);

  const search = () => {
    if (!setFilters({ fromDate: draft.from ?? '', page: '1' })) void report.refetch();
  };

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error} live={report.live}>
      <ReportToolbar onSubmit={search} loading={isFetching}>
        <SubjectPicker />
        <WeekPicker value={draft} onChange={setDraft} />
      </ReportToolbar>
      {data && !error && (
        <>
          <Text size="sm">{weekText(data.week)}</Text>
          <DataTable
            columns={columns}
            rows={rows}
            ariaLabel={label(screen.label)}
            loading={isFetching}
            pageSizes={WEEK_GLANCE_PAGE_SIZES}
            emptyText={t('insight.weekGlance.empty', { account: data.account.username })}
            getRowId={(row) => row._id}
            exportHref={weekGlanceExport({ id: subjectId, fromDate: data.week.fromDate, sort, order })}
            serverPaging={urlPaging(
              setFilters,
              { page, pageSize, rowCount: data.total, totals: totalsByColumn(data.totals) },
              { columnId: sort, direction: order, filters: (column, direction) => ({ sort: column, order: direction }) },
            )}
          />
        </>
      )}
    </PageFrame>
  );
}
