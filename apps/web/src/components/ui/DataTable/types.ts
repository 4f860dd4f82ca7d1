import type { ColumnType } from '@playrep/contracts';
import type { ReactNode } from 'react';

/** How a column's values are shown, aligned, sorted and totalled; a report's export format. */
export type { ColumnType, ExportFormat } from '@playrep/contracts';

export interface CellContext {
  /** Position of the row in the whole sorted result (0-based), not just the visible page: use index + 1 for Sr No. */
  index: number;
}

export interface DataTableColumn<Row extends object> {
  /** Field of the row the column reads; it is also the column id unless `id` is given. */
  key: keyof Row & string;
  /** Needed only when two columns read the same key. */
  id?: string;
  /** Header label, shown as is. */
  header: string;
  /**
   * int: '12,34,567', right-aligned; float: '12,34,567.00', right-aligned; date: '05-Mar-2025';
   * datetime: '05/03/2025, 2:07:09 pm' (IST); string: as is; custom: `render` decides.
   * Numbers and dates sort as numbers and dates. Default 'string'.
   */
  type?: ColumnType;
  /** Overrides what the cell shows; sorting and totals still use the raw value and the type. */
  render?: (row: Row, context: CellContext) => ReactNode;
  /** Value used for sorting a custom column (default: the raw value). */
  sortValue?: (row: Row) => number | string | null | undefined;
  /** Default true. */
  sortable?: boolean;
  /** Include an int or float column in the total row (summed over the whole result, not just the page). */
  total?: boolean;
  /** Show negative numbers in red (AA contrast on white and on striped rows). */
  negativeRed?: boolean;
  /** The figure a row exists for: on a narrow screen it stays in view while the other columns scroll sideways. */
  keyFigure?: boolean;
}

export interface ServerPaging {
  /** Current page, 1-based. */
  page: number;
  pageSize: number;
  /** Rows in the whole result on the server. */
  rowCount: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /**
   * The server's sums over every row, by column id, for the `total` columns: the total row then
   * covers the whole result (with the page's own total above it when there is more than one page).
   */
  totals?: Readonly<Record<string, number>>;
  /**
   * Sorting done by the server: the header of the sorted column shows `direction`, and a click on
   * a sortable header reports the column and the next direction instead of sorting the page.
   */
  sort?: { columnId: string; direction: 'asc' | 'desc'; onSortChange: (columnId: string, direction: 'asc' | 'desc') => void };
}
