import { DataTable, type DataTableProps } from '../ui';

/**
 * A report's table, left out when the report failed (PageFrame shows the error in its place);
 * loading while the report is fetched, each row keyed by its `_id`.
 */
export function ReportTable<Row extends { _id: string }>({
  report,
  ...table
}: { report: { error: unknown; isFetching: boolean } } & Omit<DataTableProps<Row>, 'loading' | 'getRowId'>) {
  if (report.error) return null;
  return <DataTable {...table} loading={report.isFetching} getRowId={(row) => row._id} />;
}
