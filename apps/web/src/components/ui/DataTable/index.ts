export { formatCellValue, sumColumn } from './cells';
export {
  DataTable,
  type DataTableProps,
  DEFAULT_EMPTY_TEXT,
  DEFAULT_PAGE_SIZES,
  NEGATIVE_COLOR,
  type ServerPaging,
} from './DataTable';
export { pageTotalLabel, totalRowLabel } from './total-labels';
export type { CellContext, ColumnType, DataTableColumn, ExportFormat } from './types';
