/**
 * What a list call paged on the server (the contracts' listPaging) answers to the query `q`: the
 * whole list without `page`, else the page asked of `rows`, with the rows in all and the page echoed.
 */
export function pageOf<T>(rows: readonly T[], q: Record<string, string | undefined>) {
  if (!q.page) return { data: rows };
  const page = Number(q.page);
  const pageSize = Number(q.pageSize ?? 10);
  return { data: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize };
}
