import type { ColumnDef } from '@tanstack/react-table';
import { compareSortKeys, sortKey } from './cells';
import type { ColumnType, DataTableColumn } from './types';

/** A column with its defaults filled in: its id (the key unless given) and its type ('string' unless given). */
export interface ResolvedColumn<Row extends object> extends DataTableColumn<Row> {
  id: string;
  type: ColumnType;
}

export function resolveColumns<Row extends object>(columns: readonly DataTableColumn<Row>[]): ResolvedColumn<Row>[] {
  return columns.map((c) => ({ ...c, id: c.id ?? c.key, type: c.type ?? 'string' }) as ResolvedColumn<Row>);
}

/** The columns as the table engine takes them: each sorts by its type's sort key, ascending first. */
export function engineColumns<Row extends object>(columns: readonly ResolvedColumn<Row>[]): ColumnDef<Row, unknown>[] {
  return columns.map((column) => {
    const keyOf = (row: Row) =>
      column.sortValue ? (column.sortValue(row) ?? null) : sortKey(column.type, row[column.key] as unknown);
    return {
      id: column.id,
      header: column.header,
      accessorFn: (row: Row) => row[column.key] as unknown,
      enableSorting: column.sortable !== false,
      sortDescFirst: false,
      sortingFn: (a, b) => compareSortKeys(keyOf(a.original), keyOf(b.original)),
    };
  });
}
