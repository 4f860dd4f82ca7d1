export { formatCellValue, sumColumn } from './cells';
export { DataTable, type DataTableProps, DEFAULT_EMPTY_TEXT, DEFAULT_PAGE_SIZES } from './DataTable';
export { keyFigureCell, useKeyFigurePins } from './key-figures';
export { pageTotalLabel, totalRowLabel } from './total-labels';
export type { CellContext, ColumnType, DataTableColumn, ExportFormat, ServerPaging } from './types';
export { NEGATIVE_COLOR } from './ValueCell';
