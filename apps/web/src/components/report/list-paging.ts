import { useMemo } from 'react';
import { DEFAULT_PAGE_SIZES, type ExportFormat, type ServerPaging } from '../ui';
import { keySort, pagingOf, urlPaging, useLastPageWhenPastEnd } from './url-paging';
import { useReportErrorLog } from './use-report-error-log';

/**
 * A list report paged and sorted on the server (the contracts' listPaging: a call that answers the
 * whole list without `page`): its page, page size, sort and order live in the URL. No sort in the
 * URL is the server's default order, shown with no column marked (as the list always came); a
 * click on a header sorts by that column, whose key is the server's sort name.
 */

type SetFilters = Parameters<typeof urlPaging>[0];
type ListFilters = { page: string; pageSize: string; sort: string; order: string };

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
function listPagingOf<S extends string>(
  filters: ListFilters,
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
function useListServerPaging(
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
  return urlPaging(setFilters, { page, pageSize, rowCount: total, totals }, keySort(sort ?? '', order ?? 'asc'));
}

type ListAsk<S extends string> = ReturnType<typeof listPagingOf<S>>;

/** A list report's answer as its page reads it. */
interface ListAnswer {
  data?: { data: readonly unknown[]; total?: number };
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
}

/** What a list report's page needs of its call (reportCall): one page of the list, and the download of all of it. */
interface ListCall<P, S extends string, A extends ListAnswer> {
  useReport: (params: P & ListAsk<S>) => A;
  exportHref: (params: P & Pick<ListAsk<S>, 'sort' | 'order'>) => (format: ExportFormat) => string;
}

interface ListOptions<S extends string, A extends ListAnswer> {
  /** The screen's label, under which a failure is logged. */
  label: string;
  /** The URL's filters (useUrlFilters with LIST_PAGING_DEFAULTS among its defaults). */
  url: { filters: ListFilters; setFilters: SetFilters };
  /** The columns the server sorts by. */
  sorts: readonly S[];
  /** The page sizes the call may ask for, the first its default. */
  pageSizes?: readonly number[];
  /** The server's sums over every row, by column, for the total row. */
  totals?: (answer: NonNullable<A['data']>) => Readonly<Record<string, number>> | undefined;
}

/**
 * One page of a list report, the page the URL asks for with `params`, its failure logged under
 * the screen's label: the answer, and what its ReportTable shows but for the columns and label
 * (the rows, the server paging, the download of every row in the order shown).
 */
export function useListReport<P extends object, S extends string, A extends ListAnswer>(
  call: ListCall<P, S, A>,
  params: P,
  { label, url, sorts, pageSizes, totals }: ListOptions<S, A>,
) {
  const paging = listPagingOf(url.filters, sorts, pageSizes);
  const report = call.useReport({ ...params, ...paging });
  useReportErrorLog(label, report.error);
  const rows: NonNullable<A['data']>['data'] = useMemo(() => report.data?.data ?? [], [report.data]);
  const serverPaging = useListServerPaging(paging, report, url.setFilters, report.data && totals?.(report.data));
  const exportHref = call.exportHref({ ...params, sort: paging.sort, order: paging.order });
  return { report, table: { report, rows, serverPaging, exportHref } };
}
