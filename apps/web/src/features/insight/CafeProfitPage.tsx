import { Text, UnstyledButton } from '@mantine/core';
import { CAFE_PROFIT_COLUMNS, CAFE_PROFIT_NOTE, type CafeProfitRow } from '@playrep/contracts';
import { useMemo, useState } from 'react';
import { PageFrame } from '../../components/report/PageFrame';
import { SubjectPicker, useReportSubject } from '../../components/report/ReportSubject';
import { lastSevenDays } from '../../components/report/report-dates';
import { tableColumns } from '../../components/report/table-columns';
import { useRangeFilters } from '../../components/report/use-range-filters';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable, DateRangePicker, ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { FIRST_REPORT_DAY, LAST_REPORT_DAY, withinReportYears } from '../../config/report-years';
import { reportCall } from '../../lib/report-call';
import { CafeTerminalsPopup, type TerminalsOf } from './components/CafeTerminalsPopup';

/** `GET /api/playrep/cafeprofit?id&fromDate&toDate`: every cafe of the subject's masters with the plays made there. */
const { useReport: useCafeProfit, exportHref: cafeProfitExport } = reportCall('cafeProfit');

/**
 * Cafe Profit (docs/screens.md, Cafe Profit): every cafe of the subject's masters with the plays
 * made there over the range, whoever played, split into the owner's own members and the others.
 * Each cafe's name opens its terminals.
 */
export default function CafeProfitPage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const { filters, draft, setDraft, apply } = useRangeFilters(lastSevenDays());
  const params = { id: subjectId, fromDate: filters.fromDate, toDate: filters.toDate };
  const report = useCafeProfit(params);
  const { data, error, isFetching } = report;
  useReportErrorLog(screen.label, error);
  const [terminals, setTerminals] = useState<TerminalsOf | null>(null);
  const range = data?.range;

  const columns = useMemo(
    () =>
      tableColumns<CafeProfitRow>(CAFE_PROFIT_COLUMNS, {
        cafe: {
          render: (row) => (
            <UnstyledButton
              fz="sm"
              td="underline"
              c="blue.9"
              aria-label={`${row.cafe}: show its terminals`}
              onClick={() =>
                range &&
                setTerminals({ subjectId, cafeId: row.cafeId, cafe: row.cafe, fromDate: range.fromDate, toDate: range.toDate })
              }
            >
              {row.cafe}
            </UnstyledButton>
          ),
        },
      }),
    [subjectId, range],
  );

  const showDetails = () => {
    if (!apply()) void report.refetch();
  };

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error} live={report.live}>
      <ReportToolbar onSubmit={showDetails} loading={isFetching}>
        <SubjectPicker />
        <DateRangePicker
          value={draft}
          onChange={(range) => setDraft(withinReportYears(range))}
          minDate={FIRST_REPORT_DAY}
          maxDate={LAST_REPORT_DAY}
        />
      </ReportToolbar>
      <Text size="sm">{CAFE_PROFIT_NOTE}</Text>
      {data && !error && (
        <DataTable
          columns={columns}
          rows={data.data}
          ariaLabel={screen.label}
          loading={isFetching}
          getRowId={(row) => row.cafeId}
          exportHref={cafeProfitExport({ id: subjectId, fromDate: data.range.fromDate, toDate: data.range.toDate })}
        />
      )}
      <CafeTerminalsPopup of={terminals} onClose={() => setTerminals(null)} />
    </PageFrame>
  );
}
