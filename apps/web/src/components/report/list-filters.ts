import { useUrlFilters } from '../../lib/url-state';
import { columnSort, pagingOf, sortOf, type TablePaging } from './url-paging';
import { useDraft } from './use-draft';

type Direction = 'asc' | 'desc';

/**
 * The URL state of a list paged and sorted on the server under a row of filter fields: the
 * filters as the URL gives them, the fields' draft (edited, applied by Search), the page, page
 * size, sort and order asked for, each checked against what the call takes, and the table's paging
 * over them (UrlPagedTable). `fields` names the filter fields with their empty values; a page's own
 * extra state stays in its own hooks. `sortOfColumn` names the server's sort of each column the
 * table sorts by (`sort` is the default).
 */
export function useListFilters<F extends Record<string, string>, S extends string>(
  fields: F,
  list: {
    pageSizes: readonly number[];
    sorts: readonly S[];
    sort: S;
    order: Direction;
    sortOfColumn: Partial<Record<string, S>>;
  },
) {
  const { filters, setFilters } = useUrlFilters({
    ...fields,
    page: '1',
    pageSize: String(list.pageSizes[0]),
    sort: list.sort as string,
    order: list.order as string,
  });
  const names = Object.keys(fields) as (keyof F & string)[];
  const applied = Object.fromEntries(names.map((name) => [name, filters[name]])) as { [K in keyof F]: string };
  const [draft, setDraft] = useDraft(applied, JSON.stringify(applied));
  const { page, pageSize, order } = pagingOf(filters, list.pageSizes, list.order);
  const sort = sortOf(filters.sort, list.sorts, list.sort);
  /** Search: the draft from page 1, or the same list asked again when nothing changed. */
  const search = (refetch: () => unknown) => {
    if (!setFilters({ ...draft, page: '1' })) void refetch();
  };
  const tablePaging: TablePaging = {
    page,
    pageSize,
    pageSizes: list.pageSizes,
    sort: columnSort(list.sortOfColumn, sort, order, list.sort),
    // The table writes only page, pageSize, sort and order, which are among the filters.
    setFilters: (patch, options) => setFilters(patch as Partial<typeof filters>, options),
  };
  /** One filter field's draft value and its change (FilterSelect, FilterText). */
  const field = (name: keyof F & string) => ({
    value: draft[name],
    onChange: (value: string) => setDraft({ ...draft, [name]: value }),
  });
  return { filters, setFilters, draft, field, page, pageSize, order, sort, search, tablePaging };
}
