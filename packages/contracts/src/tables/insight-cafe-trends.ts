import { CAFE_COLUMN, type ColumnDef } from './columns.js';
import { trendsColumns } from './insight.js';

/** The columns Cafe Trends sorts on besides `week{n}` (n from 1, the oldest week shown). */
export const CAFE_TRENDS_FIXED_SORTS = ['cafe', 'master', 'total', 'previous', 'change'] as const;

/** The columns before the week columns: the cafe and the master who owns it. */
const CAFE_TRENDS_LEAD: ColumnDef[] = [CAFE_COLUMN, { key: 'master', header: 'Agent', type: 'string' }];

/**
 * Cafe Trends' table, on screen and in its CSV/XLSX export (docs/screens.md, Cafe Trends): the
 * cafe and its agent, then Trends' own week columns and tail (one column per week shown, headed by
 * its Monday, oldest first; Total, Period Before, Change), so that the two read alike.
 */
export function cafeTrendsColumns(weeks: readonly { fromDate: string }[]): ColumnDef[] {
  // trendsColumns leads with its two account columns; the rest is the same here.
  return [...CAFE_TRENDS_LEAD, ...trendsColumns(weeks).slice(2)];
}
