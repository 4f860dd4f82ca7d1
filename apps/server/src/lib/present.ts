/**
 * Presentation rules every report shares, applied at the API edge (each report's present.ts)
 * with lib/money.ts: the one "Sr. No." numbering (a person's name: fullName in the contracts).
 */

/** Rows with their "Sr. No." (from 1), for the exports that number their rows. */
export function numbered<T extends object>(rows: readonly T[]): ({ srNo: number } & T)[] {
  return rows.map((row, i) => ({ srNo: i + 1, ...row }));
}

/**
 * What the answer of a list paged on the server adds when the call asked for a `page` (the
 * contracts' ListPageEcho): the rows in the whole list, the page and its size; nothing for the
 * whole list.
 */
export const pageEcho = (query: { page?: number; pageSize: number }, total: number | undefined) =>
  query.page === undefined || total === undefined ? {} : { total, page: query.page, pageSize: query.pageSize };
