import { Anchor, Text } from '@mantine/core';
import {
  type CafeTrendRow,
  type CafeTrendsResponse,
  cafeTrendsColumns,
  FIELD_LABELS,
  type Role,
  screenOf,
  TREND_WEEK_COUNTS,
  TRENDS_PAGE_SIZES,
  trendWeekKey,
} from '@playrep/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../components/report/PageFrame';
import { SUBJECT_ID_PARAM, SUBJECT_NAME_PARAM, SubjectPicker, useReportSubject } from '../../components/report/ReportSubject';
import { type ColumnOverrides, tableColumns } from '../../components/report/table-columns';
import { pagingOf, urlPaging, useLastPageWhenPastEnd } from '../../components/report/url-paging';
import { useDraft } from '../../components/report/use-draft';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable, NEGATIVE_COLOR, ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { screenPath } from '../../config/paths';
import { formatAmount, formatDate } from '../../lib/format';
import { label, message, useMessages } from '../../lib/i18n/messages';
import { reportCall } from '../../lib/report-call';
import { useSession } from '../../lib/session';
import { useUrlFilters } from '../../lib/url-state';
import { trendHeaders } from './components/child-columns';
import { TrendWeeksSelect } from './components/TrendWeeksSelect';

/**
 * `GET /api/playrep/cafetrends?id&weeks&page&pageSize&sort&order`: one page of the cafes of the
 * subject's masters with their profit per week, sorted on the server; totals over every cafe. Its
 * export is every cafe.
 */
const { useReport: useCafeTrends, exportHref: cafeTrendsExport } = reportCall('cafeTrends');

/** A cafe's row with one `week{n}` field per week shown, as the columns read it. */
type TableRow = CafeTrendRow & Record<`week${number}`, number>;

const DEFAULTS = {
  weeks: String(TREND_WEEK_COUNTS[0]),
  page: '1',
  pageSize: String(TRENDS_PAGE_SIZES[0]),
  sort: 'total',
  order: 'desc',
};

const SORT = /^(cafe|master|total|previous|change|week\d+)$/;

/** Cafe Profit's route, from the permission table. */
const CAFE_PROFIT_PATH = screenOf('cafeProfit').path;

function tableRow(row: CafeTrendRow): TableRow {
  const weeks = Object.fromEntries(row.profits.map((profit, i) => [trendWeekKey(i + 1), profit]));
  return { ...row, ...weeks } as TableRow;
}

/** The line under the filters: what the weeks are and what the change is measured against. */
function periodText(data: CafeTrendsResponse): string {
  const first = data.weeks[0];
  const last = data.weeks.at(-1);
  if (!first || !last) return '';
  return message(last.open ? 'insight.cafeTrends.periodOpen' : 'insight.cafeTrends.period', {
    from: formatDate(first.fromDate),
    to: formatDate(last.toDate),
    previousFrom: formatDate(data.previousRange.fromDate),
    previousTo: formatDate(data.previousRange.toDate),
  });
}

/**
 * Cafe Profit of the cafe's master over `range`: the cafe is one of its rows. A master's own
 * cafes need no subject.
 */
function cafeProfitHref(role: Role, selfId: string | undefined, row: CafeTrendRow, range: { fromDate: string; toDate: string }) {
  const query = new URLSearchParams(
    row.masterId === selfId ? {} : { [SUBJECT_ID_PARAM]: row.masterId, [SUBJECT_NAME_PARAM]: row.master },
  );
  query.set('fromDate', range.fromDate);
  query.set('toDate', range.toDate);
  return `${screenPath(role, CAFE_PROFIT_PATH)}?${query}`;
}

/**
 * Cafe Trends (docs/screens.md, Cafe Trends): the cafes of the subject's masters over the last 4,
 * 8, 12 or 26 weeks, each cell the cafe's Cafe Profit of that week and a link to it, the total, the
 * period before and the change; paged and sorted on the server, the total row over every cafe.
 */
export default function CafeTrendsPage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const { session } = useSession();
  const { language } = useMessages();
  const { filters, setFilters } = useUrlFilters(DEFAULTS);
  const weeks = (TREND_WEEK_COUNTS as readonly number[]).includes(Number(filters.weeks))
    ? Number(filters.weeks)
    : TREND_WEEK_COUNTS[0];
  const [draft, setDraft] = useDraft({ weeks: String(weeks) }, String(weeks));
  const { page, pageSize, order } = pagingOf(filters, TRENDS_PAGE_SIZES);
  const sort = SORT.test(filters.sort) ? filters.sort : 'total';
  const query = { id: subjectId, weeks, sort, order } as const;
  // The weeks always end with the current (open) one: always live.
  const report = useCafeTrends({ ...query, page, pageSize }, { live: true });
  const { data, error, isFetching } = report;
  useReportErrorLog(screen.label, error);
  useLastPageWhenPastEnd({ page, pageSize }, report, setFilters);

  const role = session?.role as Role;
  const selfId = session?.user._id;
  // The headers are in the chosen language: made again when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: language
  const columns = useMemo(() => {
    const shown = data?.weeks ?? [];
    const first = shown[0];
    const last = shown.at(-1);
    const link = (row: CafeTrendRow, range: { fromDate: string; toDate: string }) => cafeProfitHref(role, selfId, row, range);
    const overrides: ColumnOverrides<TableRow> = {
      // The cafe opens its Cafe Profit over every week shown.
      cafe: {
        render: (row) =>
          first && last ? (
            <Anchor component={Link} to={link(row, { fromDate: first.fromDate, toDate: last.toDate })} inherit>
              {row.cafe}
            </Anchor>
          ) : (
            row.cafe
          ),
      },
    };
    // Each week's profit opens the cafe's Cafe Profit of that week.
    shown.forEach((week, i) => {
      overrides[trendWeekKey(i + 1)] = {
        render: (row) => {
          const value = row.profits[i] ?? 0;
          return (
            <Anchor
              component={Link}
              to={link(row, week)}
              inherit
              aria-label={message('insight.cafeTrends.weekCell', {
                amount: formatAmount(value),
                cafe: row.cafe,
                day: formatDate(week.fromDate),
              })}
              style={{ color: value < 0 ? NEGATIVE_COLOR : 'var(--mantine-color-blue-9)' }}
            >
              {formatAmount(value)}
            </Anchor>
          );
        },
      };
    });
    return tableColumns<TableRow>(trendHeaders(cafeTrendsColumns(shown), shown), overrides);
  }, [data?.weeks, role, selfId, language]);

  const rows = useMemo(() => (data?.data ?? []).map(tableRow), [data]);
  const totals = useMemo(
    () =>
      data && {
        ...Object.fromEntries(data.totals.profits.map((profit, i) => [trendWeekKey(i + 1), profit])),
        total: data.totals.total,
        previous: data.totals.previous,
        change: data.totals.change,
      },
    [data],
  );

  const search = () => {
    if (!setFilters({ weeks: draft.weeks, page: '1' })) void report.refetch();
  };

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error} live={report.live}>
      <ReportToolbar onSubmit={search} loading={isFetching}>
        <SubjectPicker />
        <TrendWeeksSelect label={FIELD_LABELS.cafeTrends.weeks} value={draft.weeks} onChange={(weeks) => setDraft({ weeks })} />
      </ReportToolbar>
      {data && !error && (
        <>
          <Text size="sm">{periodText(data)}</Text>
          <DataTable
            columns={columns}
            rows={rows}
            ariaLabel={label(screen.label)}
            loading={isFetching}
            pageSizes={TRENDS_PAGE_SIZES}
            getRowId={(row) => row.cafeId}
            exportHref={cafeTrendsExport(query)}
            serverPaging={urlPaging(
              setFilters,
              { page, pageSize, rowCount: data.total, totals },
              { columnId: sort, direction: order, filters: (column, direction) => ({ sort: column, order: direction }) },
            )}
          />
        </>
      )}
    </PageFrame>
  );
}
