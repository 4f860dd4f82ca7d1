import { Table } from '@mantine/core';
import { formatCellValue } from './cells';
import type { ResolvedColumn } from './columns';
import { type KeyFigurePin, keyFigureCell } from './key-figures';
import type { TotalRow } from './totals';
import { ValueCell } from './ValueCell';

/** The total rows: each label in the first column, each sum under its column. */
export function TotalRows<Row extends object>({
  columns,
  totals,
  pins,
}: {
  columns: readonly ResolvedColumn<Row>[];
  totals: readonly TotalRow[];
  /** The key-figure columns' pins, by column id. */
  pins: ReadonlyMap<string, KeyFigurePin>;
}) {
  return (
    <Table.Tfoot>
      {totals.map((total) => (
        <Table.Tr key={total.key} fw={700} data-total={total.key}>
          {columns.map((column, index) => {
            const sum = total.sums.get(column.id);
            if (sum === undefined) {
              return (
                <Table.Td key={column.id} {...keyFigureCell(pins.get(column.id))}>
                  {index === 0 ? total.label : null}
                </Table.Td>
              );
            }
            return (
              <ValueCell key={column.id} column={column} value={sum} pin={pins.get(column.id)}>
                {formatCellValue(column.type, sum)}
              </ValueCell>
            );
          })}
        </Table.Tr>
      ))}
    </Table.Tfoot>
  );
}
