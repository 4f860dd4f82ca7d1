import { formatInt } from '../../../lib/format';
import { label, message } from '../../../lib/i18n/messages';

/**
 * The labels of total rows: a total says which rows it adds up, so that it never sits under rows
 * that do not add up to it unexplained (a paged table shows one page of the rows it totals).
 */

/** A total over every row of the result: 'Total of 7 rows', 'Total of 1 row'. */
export function totalRowLabel(rowCount: number, word = message('report.total')): string {
  return message('report.totalOf', { word: label(word), count: rowCount, n: formatInt(rowCount) });
}

/** A total over the rows of the page shown, by their positions in the result: 'Page total, rows 11-20'. */
export function pageTotalLabel(first: number, last: number): string {
  return message('report.pageTotal', { first, last });
}
