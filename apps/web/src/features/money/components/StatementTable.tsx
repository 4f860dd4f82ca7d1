import { Table } from '@mantine/core';
import type { ColumnDef } from '@playrep/contracts';
import { type ReactNode, useRef } from 'react';
import {
  formatCellValue,
  keyFigureCell,
  NEGATIVE_COLOR,
  SideScroll,
  sumColumn,
  totalRowLabel,
  useKeyFigurePins,
} from '../../../components/ui';
import { toNumber } from '../../../lib/format';
import { useMessages } from '../../../lib/i18n/messages';

const numeric = (def: ColumnDef) => def.type === 'int' || def.type === 'float';

function cellStyle(def: ColumnDef, value: unknown) {
  const negative = def.negativeRed && (toNumber(value) ?? 0) < 0;
  return {
    textAlign: numeric(def) ? ('right' as const) : undefined,
    whiteSpace: numeric(def) ? ('nowrap' as const) : undefined,
    color: negative ? NEGATIVE_COLOR : undefined,
  };
}

export interface StatementTableProps<Row extends object> {
  caption: string;
  columns: readonly ColumnDef[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Screen-only touches per column key (the raw value still decides the colour). */
  render?: Partial<Record<string, (row: Row) => ReactNode>>;
  emptyText?: string;
  /** The rows the total row sums (default: `rows`); `null` leaves the total row out. Its label counts them. */
  totalOf?: readonly Row[] | null;
}

/**
 * A table of the printed statement: every row (a statement is a document, so it is not paged, and
 * it prints whole), a total row over the columns the contract totals that says how many rows it
 * adds up ('Total of 7 rows': under the second half of a list printed in two, all of them),
 * negatives in red. On a narrow screen the table scrolls sideways in its own box, the columns
 * marked keyFigure held in view.
 */
export function StatementTable<Row extends object>({
  caption,
  columns,
  rows,
  rowKey,
  render = {},
  emptyText,
  totalOf = rows,
}: StatementTableProps<Row>) {
  const { t, label } = useMessages();
  const summed = totalOf && totalOf.length > 0 && columns.some((c) => c.total) ? totalOf : null;
  const tableRef = useRef<HTMLTableElement>(null);
  const pins = useKeyFigurePins(
    tableRef,
    columns.filter((c) => c.keyFigure).map((c) => c.key),
  );
  const pinOf = (def: ColumnDef) => pins.get(def.key);
  return (
    <SideScroll className="mail-statement-scroll" label={caption}>
      <Table ref={tableRef} withTableBorder withColumnBorders striped className="mail-statement-table">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700, color: 'var(--mantine-color-text)' }}>
          {/* A caption is as wide as its table: on a narrow screen the text wraps within the screen instead. */}
          <span style={{ display: 'inline-block', maxWidth: 'calc(100vw - 2.5rem)' }}>{caption}</span>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((def) => (
              <Table.Th key={def.key} {...keyFigureCell(pinOf(def), numeric(def) ? { textAlign: 'right' } : undefined)}>
                {label(def.header)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length} style={{ textAlign: 'center' }}>
                {emptyText ?? t('report.noData')}
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((def) => {
                const value = (row as Record<string, unknown>)[def.key];
                const custom = render[def.key];
                return (
                  <Table.Td
                    key={def.key}
                    {...keyFigureCell(pinOf(def), cellStyle(def, value))}
                    data-negative={def.negativeRed && (toNumber(value) ?? 0) < 0 ? true : undefined}
                  >
                    {custom ? custom(row) : formatCellValue(def.type, value)}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {summed && (
          <Table.Tfoot>
            <Table.Tr fw={700}>
              {columns.map((def, index) => {
                if (!def.total)
                  return (
                    <Table.Td key={def.key} {...keyFigureCell(pinOf(def))}>
                      {index === 0 ? totalRowLabel(summed.length) : null}
                    </Table.Td>
                  );
                const sum = sumColumn(
                  def.type,
                  summed.map((row) => (row as Record<string, unknown>)[def.key]),
                );
                return (
                  <Table.Td
                    key={def.key}
                    {...keyFigureCell(pinOf(def), cellStyle(def, sum))}
                    data-negative={def.negativeRed && sum < 0 ? true : undefined}
                  >
                    {formatCellValue(def.type, sum)}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </SideScroll>
  );
}
