export { formatCellValue } from './cells';
export {
  DataTable,
  type DataTableProps,
  DEFAULT_EMPTY_TEXT,
  DEFAULT_PAGE_SIZES,
  NEGATIVE_COLOR,
  type ServerPaging,
} from './DataTable';
export type { CellContext, ColumnType, DataTableColumn, ExportFormat } from './types';
