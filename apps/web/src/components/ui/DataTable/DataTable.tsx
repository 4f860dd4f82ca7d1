import { Box, Table } from '@mantine/core';
import { type ReactNode, useMemo, useRef } from 'react';
import { message } from '../../../lib/i18n/messages';
import { ExportLinks } from '../../report/ExportLinks';
import { SideScroll } from '../SideScroll';
import { BodyRows } from './BodyRows';
import { resolveColumns } from './columns';
import emptyTable from './EmptyTable.module.css';
import { HeaderRows } from './HeaderRows';
import { useKeyFigurePins } from './key-figures';
import { LoadingCover } from './LoadingCover';
import { Pager } from './Pager';
import { pageSizeOptions as sizeOptions } from './pager-math';
import { TotalRows } from './TotalRows';
import { useTotalRows } from './totals';
import type { DataTableColumn, ExportFormat, ServerPaging } from './types';
import { useTable } from './use-table';

export const DEFAULT_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const DEFAULT_EMPTY_TEXT = 'No data available';

export interface DataTableProps<Row extends object> {
  columns: readonly DataTableColumn<Row>[];
  /** The whole (already filtered) result; the table sorts, pages and totals it. */
  rows: readonly Row[];
  /** 10, or 3 on Revenue Recovery, Multiple Cybers, Computer Loan, Non Performing CCS, Balance Report (docs/screens.md). */
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
  /** With `exportHref`, also a 'PDF' link (the statements). */
  exportPdf?: boolean;
  /** Stable row ids (default: position in `rows`). */
  getRowId?: (row: Row, index: number) => string;
  /**
   * Paging done by the server: `rows` is the current page only, and the pager reports page and
   * size changes instead of slicing. Sorting is the server's when `serverPaging.sort` is given;
   * the total row is the server's `serverPaging.totals` when given, otherwise the page's (it says
   * so when there is more than one page).
   */
  serverPaging?: ServerPaging;
}

/**
 * The report table every screen uses: sort per column (click or Enter/Space on a header toggles
 * ascending/descending), paging with a page size select and a windowed pager, a total row over the
 * whole result that says how many rows it adds up (with the page's own total above it when there
 * is more than one page), 'No data available' when empty, and a loading state. On a narrow screen
 * it scrolls sideways in its own box, the columns marked `keyFigure` held in view (key-figures.ts);
 * an empty one leaves its header row out there, so that it fits and says nothing about scrolling.
 */
export function DataTable<Row extends object>({
  columns,
  rows,
  defaultPageSize = 10,
  pageSizes = DEFAULT_PAGE_SIZES,
  loading = false,
  emptyText: givenEmptyText,
  totalLabel = message('report.total'),
  caption,
  ariaLabel,
  exportHref,
  exportPdf = false,
  getRowId,
  serverPaging,
}: DataTableProps<Row>) {
  const emptyText =
    givenEmptyText === undefined || givenEmptyText === DEFAULT_EMPTY_TEXT ? message('report.noData') : givenEmptyText;
  const resolved = useMemo(() => resolveColumns(columns), [columns]);
  const { headerGroups, allRows, pageRows, paging } = useTable({
    columns: resolved,
    rows,
    defaultPageSize,
    getRowId,
    serverPaging,
  });
  const totals = useTotalRows({
    columns: resolved,
    allRows,
    pageRows,
    firstIndex: paging.firstIndex,
    rowCount: paging.rowCount,
    pageCount: paging.pageCount,
    totalLabel,
    serverPaged: serverPaging !== undefined,
    serverTotals: serverPaging?.totals,
  });

  // The figure a row exists for stays in view on a phone while the other columns scroll.
  const tableRef = useRef<HTMLTableElement>(null);
  const pins = useKeyFigurePins(
    tableRef,
    resolved.filter((c) => c.keyFigure).map((c) => c.id),
  );

  const hasRows = rows.length > 0;
  const tableName = ariaLabel ?? (typeof caption === 'string' ? caption : undefined);

  return (
    <Box>
      {exportHref && <ExportLinks href={exportHref} pdf={exportPdf} />}
      <SideScroll label={tableName ?? message('report.table')} aria-busy={loading} style={{ position: 'relative' }}>
        <LoadingCover visible={loading} />
        <Table
          ref={tableRef}
          className={hasRows ? undefined : emptyTable.empty}
          striped
          highlightOnHover
          withTableBorder
          withColumnBorders
          aria-label={caption ? undefined : ariaLabel}
        >
          {caption && (
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left', color: 'var(--mantine-color-text)' }}>
              {caption}
            </Table.Caption>
          )}
          <HeaderRows groups={headerGroups} columns={resolved} pins={pins} />
          <BodyRows
            columns={resolved}
            rows={pageRows}
            firstIndex={paging.firstIndex}
            empty={!hasRows}
            loading={loading}
            emptyText={emptyText}
            pins={pins}
          />
          {hasRows && totals.length > 0 && <TotalRows columns={resolved} totals={totals} pins={pins} />}
        </Table>
      </SideScroll>
      {paging.rowCount > 0 && (
        <Pager
          page={paging.page}
          pageCount={paging.pageCount}
          onPageChange={paging.goToPage}
          pageSize={paging.pageSize}
          pageSizeOptions={sizeOptions(pageSizes, serverPaging?.pageSize ?? defaultPageSize)}
          onPageSizeChange={paging.changePageSize}
          rowCount={paging.rowCount}
          label={tableName ? message('report.tablePagination', { table: tableName }) : undefined}
        />
      )}
    </Box>
  );
}
