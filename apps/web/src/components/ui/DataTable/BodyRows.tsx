import { Table } from '@mantine/core';
import type { Row as EngineRow } from '@tanstack/react-table';
import { message } from '../../../lib/i18n/messages';
import { formatCellValue } from './cells';
import type { ResolvedColumn } from './columns';
import { EmptyRow } from './EmptyRow';
import type { KeyFigurePin } from './key-figures';
import { ValueCell } from './ValueCell';

/**
 * The rows of the page shown, each cell formatted by its column's type or drawn by its `render`;
 * one row saying so when there are none. While loading, rows already shown stay, dimmed.
 */
export function BodyRows<Row extends object>({
  columns,
  rows,
  firstIndex,
  empty,
  loading,
  emptyText,
  pins,
}: {
  columns: readonly ResolvedColumn<Row>[];
  rows: readonly EngineRow<Row>[];
  /** Position in the whole result of the first of `rows`, for `render`'s index. */
  firstIndex: number;
  empty: boolean;
  loading: boolean;
  emptyText: string;
  /** The key-figure columns' pins, by column id. */
  pins: ReadonlyMap<string, KeyFigurePin>;
}) {
  return (
    <Table.Tbody style={loading && !empty ? { opacity: 0.5 } : undefined}>
      {empty && <EmptyRow colSpan={Math.max(1, columns.length)} text={loading ? message('report.loadingTable') : emptyText} />}
      {rows.map((row, i) => (
        <Table.Tr key={row.id}>
          {columns.map((column) => {
            const value = row.original[column.key] as unknown;
            return (
              <ValueCell key={column.id} column={column} value={value} pin={pins.get(column.id)}>
                {column.render ? column.render(row.original, { index: firstIndex + i }) : formatCellValue(column.type, value)}
              </ValueCell>
            );
          })}
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}
