import { formatCount } from '../../../lib/format';

/**
 * The labels of total rows: a total says which rows it adds up, so that it never sits under rows
 * that do not add up to it unexplained (a paged table shows one page of the rows it totals).
 */

/** A total over every row of the result: 'Total of 7 rows', 'Total of 1 row'. */
export function totalRowLabel(rowCount: number, word = 'Total'): string {
  return `${word} of ${formatCount(rowCount, 'row')}`;
}

/** A total over the rows of the page shown, by their positions in the result: 'Page total, rows 11-20'. */
export function pageTotalLabel(first: number, last: number): string {
  return `Page total, rows ${first}-${last}`;
}
