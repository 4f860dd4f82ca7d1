import type { OneTable } from '@playrep/contracts';
import { useMemo } from 'react';
import type { ScreenPageProps } from '../../config/navigation';
import { FIRST_REPORT_DAY, withinReportYears } from '../../config/report-years';
import { useMessages } from '../../lib/i18n/messages';
import { reportCall } from '../../lib/report-call';
import { useUrlFilters } from '../../lib/url-state';
import { ReportToolbar } from '../ui';
import { DateRangePicker } from '../ui/DatePicker';
import { LIST_PAGING_DEFAULTS, useListReport } from './list-paging';
import { PageFrame } from './PageFrame';
import { SubjectPicker, useReportSubject } from './ReportSubject';
import { ReportTable } from './ReportTable';
import { lastSevenDays } from './report-dates';
import { SubjectFilters } from './SubjectFilters';
import { tableColumns } from './table-columns';
import { useRangeFilters } from './use-range-filters';

type Row = { _id: string };
type Params = { id?: string; fromDate?: string; toDate?: string; sort?: string; order?: 'asc' | 'desc' };
type PageParams = Params & { page: number; pageSize: number };

/**
 * What this page needs of a report call, whichever call a screen names: rows under `data`, paged
 * and sorted on the server by the table's columns (the contracts' listPaging).
 */
interface OneTableCall {
  useReport: (params: PageParams) => {
    data?: { data: readonly { _id: string }[]; total?: number };
    error: unknown;
    isFetching: boolean;
    isPlaceholderData: boolean;
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

/**
 * The report, one page of it from the server, its failure logged under the screen's label; the
 * download has every row, in the order shown. Sr. No. is the row's position in the list.
 */
function useOneTable({ label, call, oneTable }: TableProps, params: Params) {
  const { label: labelIn } = useMessages();
  const url = useUrlFilters(LIST_PAGING_DEFAULTS);
  const sorts = useMemo(() => oneTable.columns.map((column) => column.key).filter((key) => key !== 'srNo'), [oneTable]);
  const { report, table } = useListReport(call, params, { label, url, sorts });
  const columns = useMemo(() => tableColumns<Row>(oneTable.columns), [oneTable]);
  return { report, table: <ReportTable {...table} columns={columns} ariaLabel={labelIn(label)} /> };
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
