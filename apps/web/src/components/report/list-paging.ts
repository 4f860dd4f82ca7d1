import { DEFAULT_PAGE_SIZES, type ServerPaging } from '../ui';
import { pagingOf, urlPaging, useLastPageWhenPastEnd } from './url-paging';

/**
 * A list report paged and sorted on the server (the contracts' listPaging: a call that answers the
 * whole list without `page`): its page, page size, sort and order live in the URL. No sort in the
 * URL is the server's default order, shown with no column marked (as the list always came); a
 * click on a header sorts by that column, whose key is the server's sort name.
 */

type SetFilters = Parameters<typeof urlPaging>[0];

/**
 * The URL filters of such a list, for useUrlFilters' defaults: all blank, so that the default view
 * (first page, default size and order) keeps the address as it was; a filter's Show Details sets
 * `page` blank again.
 */
export const LIST_PAGING_DEFAULTS = { page: '', pageSize: '', sort: '', order: '' } as const;

/**
 * What the URL asks of the list: the call's paging parameters (`sort` left out for the default
 * order). `sorts` are the columns the server sorts by; `pageSizes` the sizes it may ask, the first
 * its default.
 */
export function listPagingOf<S extends string>(
  filters: { page: string; pageSize: string; sort: string; order: string },
  sorts: readonly S[],
  pageSizes: readonly number[] = DEFAULT_PAGE_SIZES,
) {
  const { page, pageSize, order } = pagingOf(filters, pageSizes, 'asc');
  const sort = (sorts as readonly string[]).includes(filters.sort) ? (filters.sort as S) : undefined;
  // The default order asks for no order: the call's default.
  return { page, pageSize, sort, order: sort === undefined ? undefined : order };
}

/**
 * The DataTable's server paging of the answer (`total` rows in all, `totals` the server's sums by
 * column), once there is one; a page past the end (an old link) moves to the last page.
 */
export function useListServerPaging(
  asked: { page: number; pageSize: number; sort?: string; order?: 'asc' | 'desc' },
  report: { data?: { total?: number; data: readonly unknown[] }; isPlaceholderData: boolean },
  setFilters: SetFilters,
  totals?: Readonly<Record<string, number>>,
): ServerPaging | undefined {
  const { page, pageSize, sort, order } = asked;
  const total = report.data ? (report.data.total ?? report.data.data.length) : undefined;
  useLastPageWhenPastEnd(
    { page, pageSize },
    { data: total === undefined ? undefined : { total }, isPlaceholderData: report.isPlaceholderData },
    setFilters,
  );
  if (total === undefined) return undefined;
  return urlPaging(
    setFilters,
    { page, pageSize, rowCount: total, totals },
    { columnId: sort ?? '', direction: order ?? 'asc', filters: (column, direction) => ({ sort: column, order: direction }) },
  );
}
