import { Box, LoadingOverlay, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { type CSSProperties, type ReactNode, useMemo, useState } from 'react';
import { toNumber } from '../../../lib/format';
import { ExportLinks } from '../../report/ExportLinks';
import { SideScroll } from '../SideScroll';
import { compareSortKeys, formatCellValue, isNumericType, sortKey, sumColumn } from './cells';
import { Pager } from './Pager';
import { clampPage, pageSizeOptions as sizeOptions } from './pager-math';
import { pageTotalLabel, totalRowLabel } from './total-labels';
import type { ColumnType, DataTableColumn, ExportFormat } from './types';

export const DEFAULT_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const DEFAULT_EMPTY_TEXT = 'No data available';

// Red 9 keeps AA contrast (about 5.5:1) on white and on the striped row background.
export const NEGATIVE_COLOR = 'var(--mantine-color-red-9)';

export interface DataTableProps<Row extends object> {
  columns: readonly DataTableColumn<Row>[];
  /** The whole (already filtered) result; the table sorts, pages and totals it. */
  rows: readonly Row[];
  /** Spec section 9: 10, or 3 on Revenue Recovery, Multiple Cybers, Computer Loan, Non Performing CCS, Balance Report. */
  defaultPageSize?: number;
  /** Default 10, 20, 30, 40, 50; the default page size is added when missing. */
  pageSizes?: readonly number[];
  /** While fetching: previous rows stay, dimmed, under a loader; the table is aria-busy. */
  loading?: boolean;
  emptyText?: string;
  /**
   * First word of the total row's label, which says how many rows it adds up: 'Total of 7 rows'.
   * Default 'Total'. The row shows when a column has `total`; when the rows fill more than one
   * page, a 'Page total, rows 11-20' row over the page shown stands above it.
   */
  totalLabel?: string;
  /** Visible caption above the table (also its accessible name). */
  caption?: ReactNode;
  /** Accessible name when there is no visible caption. */
  ariaLabel?: string;
  /** Shows 'CSV' and 'Excel' download links to the files the server builds for the whole result. */
  exportHref?: (format: ExportFormat) => string;
  /** Stable row ids (default: position in `rows`). */
  getRowId?: (row: Row, index: number) => string;
  /**
   * Paging done by the server: `rows` is the current page only, and the pager reports page and
   * size changes instead of slicing. Sorting and totals then cover only that page (its total row
   * says so when there is more than one page), so such tables usually have no sortable or total
   * columns.
   */
  serverPaging?: ServerPaging;
}

export interface ServerPaging {
  /** Current page, 1-based. */
  page: number;
  pageSize: number;
  /** Rows in the whole result on the server. */
  rowCount: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /**
   * Sorting done by the server: the header of the sorted column shows `direction`, and a click on
   * a sortable header reports the column and the next direction instead of sorting the page.
   */
  sort?: { columnId: string; direction: 'asc' | 'desc'; onSortChange: (columnId: string, direction: 'asc' | 'desc') => void };
}

interface ResolvedColumn<Row extends object> extends DataTableColumn<Row> {
  id: string;
  type: ColumnType;
}

function cellStyle(column: ResolvedColumn<object>, value: unknown): CSSProperties | undefined {
  const numeric = isNumericType(column.type);
  const negative = column.negativeRed && (toNumber(value) ?? 0) < 0;
  if (!numeric && !negative) return undefined;
  return {
    textAlign: numeric ? 'right' : undefined,
    whiteSpace: numeric ? 'nowrap' : undefined,
    color: negative ? NEGATIVE_COLOR : undefined,
  };
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** The sums of the total columns over `rows`, by column id. */
function columnSums<Row extends object>(
  columns: readonly ResolvedColumn<Row>[],
  rows: readonly { original: Row }[],
): Map<string, number> {
  const sums = new Map<string, number>();
  for (const column of columns) {
    sums.set(
      column.id,
      sumColumn(
        column.type,
        rows.map((r) => r.original[column.key]),
      ),
    );
  }
  return sums;
}

/**
 * The report table every screen uses: sort per column (click or Enter/Space on a header toggles
 * ascending/descending), paging with a page size select and a windowed pager, a total row over the
 * whole result that says how many rows it adds up (with the page's own total above it when there
 * is more than one page), 'No data available' when empty, and a loading state.
 */
export function DataTable<Row extends object>({
  columns,
  rows,
  defaultPageSize = 10,
  pageSizes = DEFAULT_PAGE_SIZES,
  loading = false,
  emptyText = DEFAULT_EMPTY_TEXT,
  totalLabel = 'Total',
  caption,
  ariaLabel,
  exportHref,
  getRowId,
  serverPaging,
}: DataTableProps<Row>) {
  const resolved = useMemo(
    () => columns.map((c) => ({ ...c, id: c.id ?? c.key, type: c.type ?? 'string' }) as ResolvedColumn<Row>),
    [columns],
  );

  const columnDefs = useMemo<ColumnDef<Row, unknown>[]>(
    () =>
      resolved.map((column) => {
        const keyOf = (row: Row) =>
          column.sortValue ? (column.sortValue(row) ?? null) : sortKey(column.type, row[column.key] as unknown);
        return {
          id: column.id,
          header: column.header,
          accessorFn: (row: Row) => row[column.key] as unknown,
          enableSorting: column.sortable !== false,
          sortDescFirst: false,
          sortingFn: (a, b) => compareSortKeys(keyOf(a.original), keyOf(b.original)),
        };
      }),
    [resolved],
  );

  const [sorting, setSorting] = useState<SortingState>([]);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [pageIndex, setPageIndex] = useState(0);

  // A new result starts on the first page.
  const [rowsSeen, setRowsSeen] = useState(rows);
  if (rowsSeen !== rows) {
    setRowsSeen(rows);
    setPageIndex(0);
  }

  const effectivePageSize = serverPaging?.pageSize ?? pageSize;
  const rowCount = serverPaging?.rowCount ?? rows.length;
  const pageCount = Math.max(1, Math.ceil(rowCount / effectivePageSize));
  const page = clampPage(serverPaging?.page ?? pageIndex + 1, pageCount);

  const serverSort = serverPaging?.sort;
  const sortingState: SortingState = serverSort ? [{ id: serverSort.columnId, desc: serverSort.direction === 'desc' }] : sorting;

  const table = useReactTable<Row>({
    data: rows as Row[],
    columns: columnDefs,
    state: { sorting: sortingState, pagination: { pageIndex: page - 1, pageSize } },
    manualPagination: serverPaging !== undefined,
    manualSorting: serverSort !== undefined,
    onSortingChange: (updater) => {
      if (serverSort) {
        const [next] = typeof updater === 'function' ? updater(sortingState) : updater;
        if (next) serverSort.onSortChange(next.id, next.desc ? 'desc' : 'asc');
        return;
      }
      setSorting(updater);
      setPageIndex(0);
    },
    enableSortingRemoval: false,
    enableMultiSort: false,
    autoResetPageIndex: false,
    getRowId: getRowId ? (row, index) => getRowId(row, index) : undefined,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const allRows = table.getPrePaginationRowModel().rows;
  const pageRows = table.getRowModel().rows;
  const firstIndex = (page - 1) * effectivePageSize;
  const byId = new Map(resolved.map((c) => [c.id, c]));

  const totalColumns = useMemo(() => resolved.filter((c) => c.total && isNumericType(c.type)), [resolved]);
  // Over every row of the sorted result, not just the visible page.
  const totals = useMemo(() => columnSums(totalColumns, allRows), [allRows, totalColumns]);
  // The rows shown are not all the rows: the page's total too, labelled with its rows.
  const paged = pageCount > 1;
  const pageTotals = paged ? columnSums(totalColumns, pageRows) : null;
  const pageLabel = pageTotalLabel(firstIndex + 1, firstIndex + pageRows.length);
  // With server paging only the page is here: its total is a page total.
  const totalRows: { key: string; label: string; sums: Map<string, number> }[] = serverPaging
    ? [{ key: 'total', label: paged ? pageLabel : totalRowLabel(rowCount, totalLabel), sums: totals }]
    : [
        ...(pageTotals ? [{ key: 'page', label: pageLabel, sums: pageTotals }] : []),
        { key: 'total', label: totalRowLabel(rowCount, totalLabel), sums: totals },
      ];

  const hasRows = rows.length > 0;
  const tableName = ariaLabel ?? (typeof caption === 'string' ? caption : undefined);
  const colSpan = Math.max(1, resolved.length);

  return (
    <Box>
      {exportHref && <ExportLinks href={exportHref} />}
      <SideScroll label={tableName ?? 'Table'} aria-busy={loading} style={{ position: 'relative' }}>
        <LoadingOverlay visible={loading} zIndex={2} overlayProps={{ blur: 0, backgroundOpacity: 0.35 }} />
        {loading && <VisuallyHidden role="status">Loading…</VisuallyHidden>}
        <Table striped highlightOnHover withTableBorder withColumnBorders aria-label={caption ? undefined : ariaLabel}>
          {caption && (
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left', color: 'var(--mantine-color-text)' }}>
              {caption}
            </Table.Caption>
          )}
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id)!;
                  const numeric = isNumericType(column.type);
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  if (!header.column.getCanSort()) {
                    return (
                      <Table.Th key={header.id} style={numeric ? { textAlign: 'right' } : undefined}>
                        {label}
                      </Table.Th>
                    );
                  }
                  const sorted = header.column.getIsSorted();
                  return (
                    <Table.Th key={header.id} aria-sort={sorted ? ARIA_SORT[sorted] : 'none'} p={0}>
                      <UnstyledButton
                        onClick={header.column.getToggleSortingHandler()}
                        w="100%"
                        px="sm"
                        py={7}
                        fw={700}
                        fz="sm"
                        style={{ display: 'flex', gap: 4, justifyContent: numeric ? 'flex-end' : 'flex-start' }}
                      >
                        <span>{label}</span>
                        <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody style={loading && hasRows ? { opacity: 0.5 } : undefined}>
            {!hasRows && (
              <Table.Tr>
                <Table.Td colSpan={colSpan} style={{ textAlign: 'center' }}>
                  {loading ? 'Loading…' : emptyText}
                </Table.Td>
              </Table.Tr>
            )}
            {pageRows.map((row, i) => (
              <Table.Tr key={row.id}>
                {resolved.map((column) => {
                  const value = row.original[column.key] as unknown;
                  const content = column.render
                    ? column.render(row.original, { index: firstIndex + i })
                    : formatCellValue(column.type, value);
                  return (
                    <Table.Td
                      key={column.id}
                      style={cellStyle(column as ResolvedColumn<object>, value)}
                      data-negative={column.negativeRed && (toNumber(value) ?? 0) < 0 ? true : undefined}
                    >
                      {content}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {hasRows && totalColumns.length > 0 && (
            <Table.Tfoot>
              {totalRows.map((total) => (
                <Table.Tr key={total.key} fw={700} data-total={total.key}>
                  {resolved.map((column, index) => {
                    const sum = total.sums.get(column.id);
                    if (sum === undefined) {
                      return <Table.Td key={column.id}>{index === 0 ? total.label : null}</Table.Td>;
                    }
                    return (
                      <Table.Td
                        key={column.id}
                        style={cellStyle(column as ResolvedColumn<object>, sum)}
                        data-negative={column.negativeRed && sum < 0 ? true : undefined}
                      >
                        {formatCellValue(column.type, sum)}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tfoot>
          )}
        </Table>
      </SideScroll>
      {rowCount > 0 && (
        <Pager
          page={page}
          pageCount={pageCount}
          onPageChange={(p) => (serverPaging ? serverPaging.onPageChange(p) : setPageIndex(p - 1))}
          pageSize={effectivePageSize}
          pageSizeOptions={sizeOptions(pageSizes, serverPaging?.pageSize ?? defaultPageSize)}
          onPageSizeChange={(size) => {
            if (serverPaging) serverPaging.onPageSizeChange(size);
            else {
              setPageSize(size);
              setPageIndex(0);
            }
          }}
          rowCount={rowCount}
          label={tableName ? `${tableName} pagination` : undefined}
        />
      )}
    </Box>
  );
}
