import { Anchor } from '@mantine/core';
import { type CafeTrendRow, cafeTrendsColumns, FIELD_LABELS, type Role, screenOf, trendWeekKey } from '@playrep/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { SUBJECT_ID_PARAM, SUBJECT_NAME_PARAM } from '../../components/report/ReportSubject';
import { type ColumnOverrides, tableColumns } from '../../components/report/table-columns';
import { NEGATIVE_COLOR } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { screenPath } from '../../config/paths';
import { formatAmount, formatDate } from '../../lib/format';
import { message, useMessages } from '../../lib/i18n/messages';
import { reportCall } from '../../lib/report-call';
import { useSession } from '../../lib/session';
import { trendHeaders } from './components/child-columns';
import { TrendFrame } from './components/TrendFrame';
import { useTrendReport, type WithWeekFields, weekFields, withWeekFields } from './components/trend-filters';

/**
 * `GET /api/playrep/cafetrends?id&weeks&page&pageSize&sort&order`: one page of the cafes of the
 * subject's masters with their profit per week, sorted on the server; totals over every cafe. Its
 * export is every cafe.
 */
const { useReport: useCafeTrends, exportHref: cafeTrendsExport } = reportCall('cafeTrends');

type TableRow = WithWeekFields<CafeTrendRow>;

/** Cafe Profit's route, from the permission table. */
const CAFE_PROFIT_PATH = screenOf('cafeProfit').path;

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
  const { session } = useSession();
  const { language } = useMessages();
  const { trend, query, report } = useTrendReport(screen.label, ['cafe', 'master'], useCafeTrends);
  const { data } = report;

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

  const rows = useMemo(() => (data?.data ?? []).map(withWeekFields), [data]);
  const totals = useMemo(
    () =>
      data && {
        ...weekFields(data.totals.profits),
        total: data.totals.total,
        previous: data.totals.previous,
        change: data.totals.change,
      },
    [data],
  );

  return (
    <TrendFrame
      title={screen.label}
      report={report}
      trend={trend}
      weeksLabel={FIELD_LABELS.cafeTrends.weeks}
      periodTexts={{ closed: 'insight.cafeTrends.period', open: 'insight.cafeTrends.periodOpen' }}
      totals={totals}
      columns={columns}
      rows={rows}
      getRowId={(row) => row.cafeId}
      exportHref={cafeTrendsExport(query)}
    />
  );
}
