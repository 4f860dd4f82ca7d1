import { DataTable, type DataTableProps } from '../ui';
import { type TablePaging, urlPaging, useLastPageWhenPastEnd } from './url-paging';

interface UrlPagedTableProps<Row extends object>
  extends Omit<DataTableProps<Row>, 'rows' | 'loading' | 'pageSizes' | 'serverPaging'> {
  /** The call's answer: one page of the list, and how many rows the list has in all. */
  report: { data?: { data: readonly Row[]; total: number }; error: unknown; isFetching: boolean; isPlaceholderData: boolean };
  paging: TablePaging;
  /** The server's sums over every row, by column, for the total row. */
  totals?: Readonly<Record<string, number>>;
}

/**
 * One page of a list paged and sorted on the server, its page, page size and sort in the URL: the
 * table of the answer, left out until there is one and when the call failed (the page frame shows
 * the error); a page past the end (an old link, fewer rows now) moves to the last page.
 */
export function UrlPagedTable<Row extends object>({ report, paging, totals, ...table }: UrlPagedTableProps<Row>) {
  const { page, pageSize, pageSizes, sort, setFilters } = paging;
  useLastPageWhenPastEnd({ page, pageSize }, report, setFilters);
  const { data, error, isFetching } = report;
  if (!data || error) return null;
  return (
    <DataTable
      {...table}
      rows={data.data}
      loading={isFetching}
      pageSizes={pageSizes}
      serverPaging={urlPaging(setFilters, { page, pageSize, rowCount: data.total, totals }, sort)}
    />
  );
}

/**
 * The table of a list screen under filter fields (Accounts, Activity, Mail): named after the
 * screen, its rows keyed by their record's `_id`, downloading the list its filters and order ask.
 */
export function listTable<Row extends { _id: string }>(
  name: string,
  report: UrlPagedTableProps<Row>['report'],
  paging: TablePaging,
  exportHref: NonNullable<DataTableProps<Row>['exportHref']>,
) {
  return { report, paging, ariaLabel: name, getRowId: (row: Row) => row._id, exportHref };
}
