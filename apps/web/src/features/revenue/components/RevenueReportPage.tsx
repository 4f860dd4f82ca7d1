import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { REVENUE_COLUMNS, type RevenueRow, type RevenueTotals } from '@playrep/contracts';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { PageFrame } from '../../../app/page-frame';
import { SubjectPicker, useReportSubject } from '../../../components/report/ReportSubject';
import { DataTable, type DateRange, DateRangePicker, NEGATIVE_COLOR, ReportToolbar } from '../../../components/ui';
import { formatAmount, formatDate } from '../../../lib/format';
import { useUrlFilters } from '../../../lib/url-state';
import type { RevenueCall, RevenueParams } from '../api/revenue-call';
import type { RevenueWeekParams } from '../api/revenue-week';
import { AmountButton } from './AmountButton';
import { FigureList } from './FigureList';
import { recentWeeks, urlDay } from './report-dates';
import { type Numbered, numbered, tableColumns } from './table-columns';
import { useDraft } from './use-draft';
import { WeekPopup } from './WeekPopup';

type Row = Numbered<RevenueRow>;

// The chart library is most of this page's code: the table shows without waiting for it.
const RevenueChart = lazy(() => import('./RevenueChart').then((m) => ({ default: m.RevenueChart })));
const CHART_HEIGHT = 270;

/** Weeks a visit without dates shows (the current one included). */
export const DEFAULT_WEEKS = 4;

export interface RevenueReportDefinition {
  title: string;
  call: RevenueCall;
  /** Profit opens the week popup (draw games only: the popup is the draw-games statement). */
  weekPopup: boolean;
  /** A line under the figures explaining what the report covers. */
  note?: string;
}

function OpenBadge() {
  // The badge clips its label, so a table would size its column without it and let it spill over
  // the next column: min-width keeps the whole badge in the cell.
  return (
    <Badge size="sm" color="yellow.3" c="dark.9" variant="filled" miw="max-content">
      Open
    </Badge>
  );
}

function TotalsFigures({ totals }: { totals: RevenueTotals }) {
  return (
    <FigureList
      label="Totals of the report"
      cols={5}
      figures={[
        { label: 'Total Profit', value: formatAmount(totals.totalProfit), negative: totals.totalProfit < 0 },
        { label: 'Total Commission', value: formatAmount(totals.totalCommission), negative: totals.totalCommission < 0 },
        { label: 'Coms (after loan)', value: formatAmount(totals.coms), negative: totals.coms < 0 },
        {
          label: 'Revenue %',
          value: `${totals.totalRevenuePercentage}%`,
          negative: totals.totalRevenuePercentage < 0,
        },
        {
          label: 'Final Carry Forward',
          value: formatAmount(totals.finalCarryForward),
          negative: totals.finalCarryForward < 0,
        },
      ]}
    />
  );
}

/**
 * Revenue and Poker Revenue: Total Remaining Loan, From Date / To Date and Search, a chart of the
 * weekly profit and revenue, then one row per settlement week with its total row and the totals
 * of the settlement. The open (current) week is marked. The dates live in the URL: Search adds a
 * history entry, so Back restores the previous view. On Revenue a profit opens the week popup.
 */
export function RevenueReportPage({ definition }: { definition: RevenueReportDefinition }) {
  const { title, call, weekPopup, note } = definition;
  const { subjectId } = useReportSubject();
  const start = recentWeeks(DEFAULT_WEEKS);
  const { filters, setFilters } = useUrlFilters({ fromDate: start.from, toDate: start.to });
  const params: RevenueParams = { id: subjectId, fromDate: filters.fromDate, toDate: filters.toDate };

  const applied: DateRange = { from: urlDay(filters.fromDate), to: urlDay(filters.toDate) };
  const [draft, setDraft] = useDraft(applied, `${filters.fromDate}|${filters.toDate}`);
  const [week, setWeek] = useState<RevenueWeekParams | null>(null);

  const report = call.useReport(params);
  const { data, error, isFetching } = report;
  useEffect(() => {
    if (error) console.error(`${title}: the report could not be loaded`, error);
  }, [title, error]);

  const rows = useMemo(() => numbered(data?.data ?? []), [data]);
  const columns = useMemo(
    () =>
      tableColumns<Row>(REVENUE_COLUMNS, {
        fromDate: {
          // On a narrow screen the badge goes under the date rather than widening the column.
          render: (row) => (
            <Group gap={6} style={{ rowGap: 2 }}>
              <span style={{ whiteSpace: 'nowrap' }}>{formatDate(row.fromDate)}</span>
              {row.open && <OpenBadge />}
            </Group>
          ),
        },
        ...(weekPopup
          ? {
              profit: {
                render: (row: Row) => (
                  <AmountButton
                    value={row.profit}
                    description={`show the week ${formatDate(row.fromDate)} to ${formatDate(row.toDate)}`}
                    onClick={() => setWeek({ id: subjectId, fromDate: row.fromDate })}
                  />
                ),
              },
            }
          : {}),
      }),
    [weekPopup, subjectId],
  );

  const search = () => {
    const changed = setFilters({ fromDate: draft.from ?? '', toDate: draft.to ?? '' });
    // Search with the same dates loads the report again.
    if (!changed) void report.refetch();
  };

  const remainingLoan = data?.totals.totalRemainingLoan;
  // Exports use the range the server answered with, so the file covers exactly what is shown.
  const exportParams: RevenueParams = data ? { id: subjectId, fromDate: data.range.fromDate, toDate: data.range.toDate } : params;

  return (
    <PageFrame title={title} loading={isFetching} error={error}>
      <Paper component="dl" withBorder p="sm" radius="sm" maw={360} m={0}>
        <Text component="dt" size="sm" c="gray.7">
          Total Remaining Loan
        </Text>
        <Text
          component="dd"
          m={0}
          fw={700}
          fz="xl"
          style={remainingLoan !== undefined && remainingLoan < 0 ? { color: NEGATIVE_COLOR } : undefined}
        >
          {remainingLoan === undefined ? '…' : formatAmount(remainingLoan)}
        </Text>
      </Paper>
      <ReportToolbar onSubmit={search} submitLabel="Search" loading={isFetching}>
        <SubjectPicker />
        <DateRangePicker value={draft} onChange={setDraft} />
      </ReportToolbar>
      {data && !error && (
        <Stack gap="sm">
          <Group gap="xs">
            <Text size="sm">
              {data.account.username}: {formatDate(data.range.fromDate)} to {formatDate(data.range.toDate)}
            </Text>
            {data.data.some((r) => r.open) && (
              <Text size="sm" c="gray.7">
                (weeks marked Open are not closed yet and are computed live)
              </Text>
            )}
          </Group>
          {note && (
            <Text size="sm" c="gray.7">
              {note}
            </Text>
          )}
          {rows.length > 0 && (
            <Suspense fallback={<Box h={CHART_HEIGHT} aria-hidden />}>
              <RevenueChart rows={data.data} />
            </Suspense>
          )}
          <DataTable
            columns={columns}
            rows={rows}
            loading={isFetching}
            ariaLabel={title}
            exportHref={call.exportHref(exportParams)}
            getRowId={(row) => row.fromDate}
          />
          <TotalsFigures totals={data.totals} />
        </Stack>
      )}
      {weekPopup && <WeekPopup params={week} onClose={() => setWeek(null)} />}
    </PageFrame>
  );
}
