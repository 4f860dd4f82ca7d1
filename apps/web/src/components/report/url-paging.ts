import { useEffect } from 'react';
import type { ServerPaging } from '../ui';

/**
 * A list paged and sorted on the server whose page, page size, sort and order live in the URL's
 * filters (useUrlFilters): what the filters ask for, checked; the DataTable's paging over them;
 * and the move to the last page when the list has shrunk below the page asked for.
 */

type Direction = 'asc' | 'desc';

/** What a change of page, page size or sort writes into the URL's filters. */
type PagingPatch = Record<string, string>;
type SetPaging = (patch: PagingPatch, options: { history: 'replace' }) => unknown;
/** The sort a table shows, and the filters a click on a sortable header sets. */
type UrlSort = { columnId: string; direction: Direction; filters: (columnId: string, direction: Direction) => PagingPatch };

/** A list's paging in the URL as its table needs it (UrlPagedTable). */
export interface TablePaging {
  /** The page (1 up) and page size asked. */
  page: number;
  pageSize: number;
  /** The sizes the pager offers. */
  pageSizes: readonly number[];
  sort: UrlSort;
  setFilters: SetPaging;
}

const positive = (value: string, fallback: number) => (/^[1-9]\d*$/.test(value) ? Number(value) : fallback);

/** The page (1 up), page size (one of `pageSizes`, else the first) and order (asc or desc, else `fallbackOrder`) the filters ask for. */
export function pagingOf(
  filters: { page: string; pageSize: string; order?: string },
  pageSizes: readonly number[],
  fallbackOrder: Direction = 'desc',
) {
  const [defaultSize] = pageSizes;
  if (defaultSize === undefined) throw new Error('pagingOf: no page sizes');
  const pageSize = pageSizes.includes(Number(filters.pageSize)) ? Number(filters.pageSize) : defaultSize;
  const order: Direction = filters.order === 'asc' || filters.order === 'desc' ? filters.order : fallbackOrder;
  return { page: positive(filters.page, 1), pageSize, order };
}

/** The sort the filters ask for when the call takes it, else `fallback`. */
export function sortOf<S extends string>(asked: string, sorts: readonly S[], fallback: S): S {
  return (sorts as readonly string[]).includes(asked) ? (asked as S) : fallback;
}

/**
 * Sorting by a table column whose id is not the server's sort name: the column shown sorted, and
 * the sort a click on a header asks for (`fallback` for a column the server does not sort by).
 */
export function columnSort<S extends string>(sortOfColumn: Partial<Record<string, S>>, sort: S, order: Direction, fallback: S) {
  const columnOfSort: Partial<Record<string, string>> = Object.fromEntries(
    Object.entries(sortOfColumn).map(([column, name]) => [name, column]),
  );
  return {
    columnId: columnOfSort[sort] ?? columnOfSort[fallback] ?? fallback,
    direction: order,
    filters: (column: string, direction: Direction) => ({ sort: sortOfColumn[column] ?? fallback, order: direction }),
  };
}

/** Sorting by a table column whose id is the server's sort name. */
export function keySort(sort: string, order: Direction) {
  return {
    columnId: sort,
    direction: order,
    filters: (column: string, direction: Direction) => ({ sort: column, order: direction }),
  };
}

/**
 * The DataTable's server paging: a new page or page size, or a sort, replaces the history entry
 * rather than adding one, and a new page size or sort goes back to page 1. `sort.filters` says
 * which filters a click on a sortable header sets.
 */
export function urlPaging(
  setFilters: SetPaging,
  at: { page: number; pageSize: number; rowCount: number; totals?: Readonly<Record<string, number>> },
  sort?: UrlSort,
): ServerPaging {
  const replace = (patch: PagingPatch) => setFilters(patch, { history: 'replace' });
  return {
    ...at,
    onPageChange: (next) => replace({ page: String(next) }),
    onPageSizeChange: (size) => replace({ page: '1', pageSize: String(size) }),
    ...(sort && {
      sort: {
        columnId: sort.columnId,
        direction: sort.direction,
        onSortChange: (column: string, direction: Direction) => replace({ ...sort.filters(column, direction), page: '1' }),
      },
    }),
  };
}

/** A page past the end (an old link, fewer rows now) goes to the last page, once the answer is the page's own. */
export function useLastPageWhenPastEnd(
  at: { page: number; pageSize: number },
  report: { data?: { total: number }; isPlaceholderData: boolean },
  setFilters: SetPaging,
): void {
  const { page, pageSize } = at;
  const pageCount = report.data ? Math.max(1, Math.ceil(report.data.total / pageSize)) : undefined;
  useEffect(() => {
    if (pageCount !== undefined && !report.isPlaceholderData && page > pageCount) {
      setFilters({ page: String(pageCount) }, { history: 'replace' });
    }
  }, [page, pageCount, report.isPlaceholderData, setFilters]);
}
