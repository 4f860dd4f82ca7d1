import type { OneTable } from '@playrep/contracts';
import { useMemo } from 'react';
import type { ScreenPageProps } from '../../config/navigation';
import { FIRST_REPORT_DAY, withinReportYears } from '../../config/report-years';
import { reportCall } from '../../lib/report-call';
import { ReportToolbar } from '../ui';
import { DateRangePicker } from '../ui/DatePicker';
import { PageFrame } from './PageFrame';
import { SubjectPicker, useReportSubject } from './ReportSubject';
import { ReportTable } from './ReportTable';
import { lastSevenDays } from './report-dates';
import { SubjectFilters } from './SubjectFilters';
import { type Numbered, numbered, tableColumns } from './table-columns';
import { useRangeFilters } from './use-range-filters';
import { useReportErrorLog } from './use-report-error-log';

type Row = Numbered<{ _id: string }>;
type Params = { id?: string; fromDate?: string; toDate?: string };

/** What this page needs of a report call, whichever call a screen names: rows under `data`. */
interface OneTableCall {
  useReport: (params: Params) => {
    data?: { data: readonly { _id: string }[] };
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
    live?: Parameters<typeof PageFrame>[0]['live'];
  };
  exportHref: (params: Params) => (format: 'csv' | 'xlsx' | 'pdf') => string;
}

interface TableProps {
  label: string;
  call: OneTableCall;
  oneTable: OneTable;
}

/** The report, its failure logged under the screen's label, and its rows numbered (Sr. No.). */
function useOneTable({ label, call, oneTable }: TableProps, params: Params) {
  const report = call.useReport(params);
  useReportErrorLog(label, report.error);
  const rows = useMemo(() => numbered(report.data?.data ?? []), [report.data]);
  const columns = useMemo(() => tableColumns<Row>(oneTable.columns), [oneTable]);
  const table = (
    <ReportTable report={report} columns={columns} rows={rows} ariaLabel={label} exportHref={call.exportHref(params)} />
  );
  return { report, table };
}

function SubjectReport(props: TableProps) {
  const { subjectId } = useReportSubject();
  const { report, table } = useOneTable(props, { id: subjectId });
  return (
    <PageFrame title={props.label} error={report.error} live={report.live}>
      <SubjectFilters />
      {table}
    </PageFrame>
  );
}

function RangeReport(props: TableProps) {
  const { subjectId } = useReportSubject();
  const { filters, draft, setDraft, apply } = useRangeFilters(lastSevenDays());
  const { report, table } = useOneTable(props, { id: subjectId, fromDate: filters.fromDate, toDate: filters.toDate });
  const showDetails = () => {
    if (!apply()) void report.refetch();
  };
  return (
    <PageFrame title={props.label} error={report.error} live={report.live}>
      <ReportToolbar onSubmit={showDetails} loading={report.isFetching}>
        <SubjectPicker />
        <DateRangePicker value={draft} onChange={(range) => setDraft(withinReportYears(range))} minDate={FIRST_REPORT_DAY} />
      </ReportToolbar>
      {table}
    </PageFrame>
  );
}

/**
 * The page of every screen that is one table (`oneTable` in its permission-table row): the report
 * kit's filters, its main call's rows in a table of the row's columns, and the call's downloads.
 * A screen with more than that has a page of its own.
 */
export default function OneTableReport({ screen }: ScreenPageProps) {
  const { oneTable, api, label } = screen;
  if (!oneTable || !api[0]) throw new Error(`The screen ${screen.key} is not a one-table report`);
  // The call's own types name its parameters exactly; this page needs only what every such call has.
  const props = { label, call: reportCall(api[0]) as unknown as OneTableCall, oneTable };
  return oneTable.filters === 'range' ? <RangeReport {...props} /> : <SubjectReport {...props} />;
}
