import {
  type Row as EngineRow,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type HeaderGroup,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { engineColumns, type ResolvedColumn } from './columns';
import type { ServerPaging } from './types';
import { usePagingAndSorting } from './use-paging-and-sorting';

export interface TableModel<Row extends object> {
  headerGroups: HeaderGroup<Row>[];
  /** Every row of the result, sorted (with server paging, the page). */
  allRows: EngineRow<Row>[];
  /** The rows of the page shown. */
  pageRows: EngineRow<Row>[];
  paging: ReturnType<typeof usePagingAndSorting<Row>>;
}

/** The table engine (TanStack Table) over the rows: their sort order, the page shown and its header groups. */
export function useTable<Row extends object>({
  columns,
  rows,
  defaultPageSize,
  getRowId,
  serverPaging,
}: {
  columns: readonly ResolvedColumn<Row>[];
  rows: readonly Row[];
  defaultPageSize: number;
  getRowId?: (row: Row, index: number) => string;
  serverPaging?: ServerPaging;
}): TableModel<Row> {
  const columnDefs = useMemo(() => engineColumns(columns), [columns]);
  const paging = usePagingAndSorting(rows, defaultPageSize, serverPaging);

  const table = useReactTable<Row>({
    data: rows as Row[],
    columns: columnDefs,
    ...paging.engineOptions,
    enableSortingRemoval: false,
    enableMultiSort: false,
    autoResetPageIndex: false,
    getRowId: getRowId ? (row, index) => getRowId(row, index) : undefined,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  return {
    headerGroups: table.getHeaderGroups(),
    allRows: table.getPrePaginationRowModel().rows,
    pageRows: table.getRowModel().rows,
    paging,
  };
}
