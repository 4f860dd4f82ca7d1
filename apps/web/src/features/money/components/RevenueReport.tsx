import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { type CallParams, REVENUE_COLUMNS, type RevenueRow, type RevenueTotals } from '@playrep/contracts';
import { useMemo, useState } from 'react';
import { AmountButton } from '../../../components/report/AmountButton';
import { FigureList } from '../../../components/report/FigureList';
import { statementTexts, useStatementTexts } from '../../../components/report/GiftPointsFigures';
import { PageFrame } from '../../../components/report/PageFrame';
import { SubjectPicker, useReportSubject } from '../../../components/report/ReportSubject';
import { DEFAULT_WEEKS, recentWeeks } from '../../../components/report/report-dates';
import { type Numbered, numbered, tableColumns } from '../../../components/report/table-columns';
import { useRangeFilters } from '../../../components/report/use-range-filters';
import { useReportErrorLog } from '../../../components/report/use-report-error-log';
import { DataTable, NEGATIVE_COLOR, ReportToolbar } from '../../../components/ui';
import { DateRangePicker } from '../../../components/ui/DatePicker';
import { FIRST_REPORT_DAY, withinReportYears } from '../../../config/report-years';
import { formatAmount, formatDate } from '../../../lib/format';
import { message, useMessages } from '../../../lib/i18n/messages';
import type { ReportCallApi } from '../../../lib/report-call';
import { RevenueChart } from './RevenueChart';
import { type WeekOf, WeekPopup } from './WeekPopup';

type Row = Numbered<RevenueRow>;

/** The revenue calls (`revenuereport`, `pokerrevenuereport`) share one query and one answer. */
type RevenueCall = ReportCallApi<'revenue'>;
type RevenueParams = CallParams<'revenue'>;

export interface RevenueReportDefinition {
  title: string;
  useReport: RevenueCall['useReport'];
  exportHref: RevenueCall['exportHref'];
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
      {message('money.revenue.open')}
    </Badge>
  );
}

function TotalsFigures({ totals }: { totals: RevenueTotals }) {
  const { t, label } = useMessages();
  const texts = useStatementTexts();
  return (
    <FigureList
      label={t('money.revenue.totals')}
      cols={5}
      figures={[
        { label: t('money.revenue.totalProfit'), value: formatAmount(totals.totalProfit), negative: totals.totalProfit < 0 },
        {
          label: t('money.revenue.totalCommission'),
          value: formatAmount(totals.totalCommission),
          negative: totals.totalCommission < 0,
        },
        { label: t('money.revenue.coms'), value: formatAmount(totals.coms), negative: totals.coms < 0 },
        {
          label: label('Revenue %'),
          value: `${totals.totalRevenuePercentage}%`,
          negative: totals.totalRevenuePercentage < 0,
        },
        {
          label: t('money.revenue.finalCarryForward'),
          value: formatAmount(totals.finalCarryForward),
          negative: totals.finalCarryForward < 0,
          note: totals.finalCarryForwardWeek ? texts.afterWeek(totals.finalCarryForwardWeek) : undefined,
        },
      ]}
    />
  );
}

/** Where Total Remaining Loan stands: after the deductions of the last closed week. */
export function remainingLoanNote(totals: RevenueTotals): string {
  return totals.totalRemainingLoanWeek
    ? message('money.revenue.asAtCloseOf', { date: formatDate(totals.totalRemainingLoanWeek.fromDate) })
    : message('money.revenue.noWeekClosedNothingDeducted');
}

/** 'Of the profit of the week of 10-Nov-2026 (open week, live), 120.00 is late: ...' */
export function lateProfitText(row: RevenueRow): string {
  const date = formatDate(row.fromDate);
  const week = row.open
    ? message('money.revenue.weekOfOpen', { date, open: statementTexts().openWeek })
    : message('money.revenue.weekOf', { date });
  return message('money.revenue.lateProfit', { week, amount: formatAmount(row.lateProfit) });
}

/**
 * Revenue and Poker Revenue: Total Remaining Loan, From Date / To Date and Search, a chart of the
 * weekly profit and revenue, then one row per settlement week with its total row and the totals
 * of the settlement, each total naming the week it stands at; how much of a week's profit is late
 * has a line of its own under the table. The open (current) week is marked. The dates live in the URL: Search adds a
 * history entry, so Back restores the previous view. On Revenue a profit opens the week popup.
 */
export function RevenueReport({ definition }: { definition: RevenueReportDefinition }) {
  const { title, useReport, exportHref, weekPopup, note } = definition;
  const { t, label, language } = useMessages();
  const { subjectId } = useReportSubject();
  const { filters, draft, setDraft, apply } = useRangeFilters(recentWeeks(DEFAULT_WEEKS));
  const params: RevenueParams = { id: subjectId, fromDate: filters.fromDate, toDate: filters.toDate };
  const [week, setWeek] = useState<WeekOf | null>(null);

  const report = useReport(params);
  const { data, error, isFetching } = report;
  useReportErrorLog(title, error);

  const rows = useMemo(() => numbered(data?.data ?? []), [data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes the cells' words
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
                    description={message('money.revenue.showWeek', {
                      from: formatDate(row.fromDate),
                      to: formatDate(row.toDate),
                    })}
                    onClick={() => setWeek({ subjectId, monday: row.fromDate })}
                  />
                ),
              },
            }
          : {}),
      }),
    [weekPopup, subjectId, language],
  );

  const search = () => {
    // Search with the same dates loads the report again.
    if (!apply()) void report.refetch();
  };

  const remainingLoan = data?.totals.totalRemainingLoan;
  // Exports use the range the server answered with, so the file covers exactly what is shown.
  const exportParams: RevenueParams = data ? { id: subjectId, fromDate: data.range.fromDate, toDate: data.range.toDate } : params;

  return (
    <PageFrame title={title} loading={isFetching} error={error} live={report.live}>
      <Paper component="dl" withBorder p="sm" radius="sm" maw={360} m={0}>
        <Text component="dt" size="sm" c="gray.7">
          {t('money.revenue.totalRemainingLoan')}
        </Text>
        <Text
          component="dd"
          m={0}
          fw={700}
          fz="xl"
          style={remainingLoan !== undefined && remainingLoan < 0 ? { color: NEGATIVE_COLOR } : undefined}
        >
          {remainingLoan === undefined ? (error ? '-' : '…') : formatAmount(remainingLoan)}
        </Text>
        {data && (
          <Text component="dd" m={0} size="xs" c="gray.7">
            {remainingLoanNote(data.totals)}
          </Text>
        )}
      </Paper>
      <ReportToolbar onSubmit={search} submitLabel="Search" loading={isFetching}>
        <SubjectPicker />
        <DateRangePicker value={draft} onChange={(range) => setDraft(withinReportYears(range))} minDate={FIRST_REPORT_DAY} />
      </ReportToolbar>
      {data && !error && (
        <Stack gap="sm">
          <Group gap="xs">
            <Text size="sm">
              <span translate="no">{data.account.username}</span>:{' '}
              {t('money.revenue.range', { from: formatDate(data.range.fromDate), to: formatDate(data.range.toDate) })}
            </Text>
            {data.data.some((r) => r.open) && (
              <Text size="sm" c="gray.7">
                {t('money.revenue.openWeeksNote')}
              </Text>
            )}
          </Group>
          {note && (
            <Text size="sm" c="gray.7">
              {note}
            </Text>
          )}
          {rows.length > 0 && <RevenueChart rows={data.data} />}
          <DataTable
            columns={columns}
            rows={rows}
            loading={isFetching}
            ariaLabel={label(title)}
            exportHref={exportHref(exportParams)}
            getRowId={(row) => row.fromDate}
          />
          {data.data
            .filter((row) => row.lateProfit !== 0)
            .map((row) => (
              <Text key={row.fromDate} size="sm" data-late-profit={row.fromDate}>
                {lateProfitText(row)}
              </Text>
            ))}
          <TotalsFigures totals={data.totals} />
        </Stack>
      )}
      {weekPopup && <WeekPopup of={week} onClose={() => setWeek(null)} />}
    </PageFrame>
  );
}
