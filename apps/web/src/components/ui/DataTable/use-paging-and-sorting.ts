import type { SortingState, TableOptions } from '@tanstack/react-table';
import { useState } from 'react';
import { useLiveAnswer } from '../../report/live-answer';
import { clampPage } from './pager-math';
import type { ServerPaging } from './types';

/**
 * The page and the sort order of a table. Without `serverPaging` the table holds them itself and
 * pages and sorts `rows` (a new result or a new sort starts on the first page); with it, they are
 * the server's, and changes are reported to it instead.
 */
export function usePagingAndSorting<Row extends object>(
  rows: readonly Row[],
  defaultPageSize: number,
  serverPaging: ServerPaging | undefined,
) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [ownPageSize, setOwnPageSize] = useState(defaultPageSize);
  const [pageIndex, setPageIndex] = useState(0);

  // A new result starts on the first page; a live report's refreshed answer to the same query
  // keeps the page (clamped below if it has fewer pages now).
  const live = useLiveAnswer();
  const [seen, setSeen] = useState({ rows, live });
  if (seen.rows !== rows) {
    const refreshed =
      live !== undefined &&
      seen.live !== undefined &&
      live.queryHash === seen.live.queryHash &&
      live.updatedAt !== seen.live.updatedAt;
    setSeen({ rows, live });
    if (!refreshed) setPageIndex(0);
  }

  const pageSize = serverPaging?.pageSize ?? ownPageSize;
  const rowCount = serverPaging?.rowCount ?? rows.length;
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  const page = clampPage(serverPaging?.page ?? pageIndex + 1, pageCount);

  const serverSort = serverPaging?.sort;
  const sortingState: SortingState = serverSort ? [{ id: serverSort.columnId, desc: serverSort.direction === 'desc' }] : sorting;

  /** The part of the table engine's options that pages and sorts. */
  const engineOptions: Pick<TableOptions<Row>, 'state' | 'manualPagination' | 'manualSorting' | 'onSortingChange'> = {
    state: { sorting: sortingState, pagination: { pageIndex: page - 1, pageSize: ownPageSize } },
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
  };

  return {
    /** Current page, 1-based, within 1..pageCount. */
    page,
    pageCount,
    pageSize,
    /** Rows in the whole result. */
    rowCount,
    /** Position in the whole result of the first row of the page, 0-based. */
    firstIndex: (page - 1) * pageSize,
    engineOptions,
    goToPage: (p: number) => (serverPaging ? serverPaging.onPageChange(p) : setPageIndex(p - 1)),
    changePageSize: (size: number) => {
      if (serverPaging) serverPaging.onPageSizeChange(size);
      else {
        setOwnPageSize(size);
        setPageIndex(0);
      }
    },
  };
}
