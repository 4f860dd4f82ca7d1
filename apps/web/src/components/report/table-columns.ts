import type { ColumnDef } from '@playrep/contracts';
import { formatInt } from '../../lib/format';
import type { DataTableColumn } from '../ui';

/** A row with its Sr. No. (its position in the server's order). */
export type Numbered<T> = T & { srNo: number };

export function numbered<T extends object>(rows: readonly T[]): Numbered<T>[] {
  return rows.map((row, index) => ({ ...row, srNo: index + 1 }));
}

/** Screen-only touches of a table's columns (a clickable cell, another type), by column key. */
export type ColumnOverrides<Row extends object> = Partial<Record<string, Partial<DataTableColumn<Row>>>>;

/**
 * A table's columns from the contracts' column list (the same labels the server's CSV/Excel files
 * use), with screen-only touches given per key. Sr. No. counts the rows as shown, whatever the
 * sort, and is never sorted itself.
 */
export function tableColumns<Row extends object>(
  defs: readonly ColumnDef[],
  overrides: ColumnOverrides<Row> = {},
): DataTableColumn<Row>[] {
  return defs.map((def) => {
    const column: DataTableColumn<Row> = {
      key: def.key as keyof Row & string,
      header: def.header,
      type: def.type,
      total: def.total,
      negativeRed: def.negativeRed,
      keyFigure: def.keyFigure,
    };
    if (def.key === 'srNo') {
      column.render = (_row, { index }) => formatInt(index + 1);
      column.sortable = false;
    }
    return { ...column, ...overrides[def.key] };
  });
}

/**
 * Sr. No. as a plain count, left-aligned like text: how the transfer and draw tables show it (a
 * draw table is paged on the server, so its count restarts on every page).
 */
export function plainSrNo<Row extends object>(): Partial<DataTableColumn<Row>> {
  return { type: 'custom', render: (_row, { index }) => index + 1 };
}
