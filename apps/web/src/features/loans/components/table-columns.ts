import type { ColumnDef } from '@playrep/contracts';
import type { DataTableColumn } from '../../../components/ui';
import { formatInt } from '../../../lib/format';

/** A row with its Sr. No. (its position in the server's order). */
export type Numbered<T> = T & { srNo: number };

export function numbered<T extends object>(rows: readonly T[]): Numbered<T>[] {
  return rows.map((row, index) => ({ ...row, srNo: index + 1 }));
}

/**
 * Table columns from a contract column list (the labels the server's CSV/Excel files use too),
 * with screen-only touches per key. Sr. No. counts the rows as shown, whatever the sort.
 */
export function tableColumns<Row extends object>(
  defs: readonly ColumnDef[],
  overrides: Partial<Record<string, Partial<DataTableColumn<Row>>>> = {},
): DataTableColumn<Row>[] {
  return defs.map((def) => {
    const column: DataTableColumn<Row> = {
      key: def.key as keyof Row & string,
      header: def.header,
      type: def.type,
      total: def.total,
      negativeRed: def.negativeRed,
    };
    if (def.key === 'srNo') {
      column.render = (_row, { index }) => formatInt(index + 1);
      column.sortable = false;
    }
    return { ...column, ...overrides[def.key] };
  });
}
