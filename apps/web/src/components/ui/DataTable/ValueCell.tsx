import { Table } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { toNumber } from '../../../lib/format';
import { isNumericType } from './cells';
import { type KeyFigurePin, keyFigureCell } from './key-figures';
import type { ColumnType } from './types';

// Red 9 keeps AA contrast (about 5.5:1) on white and on the striped row background.
export const NEGATIVE_COLOR = 'var(--mantine-color-red-9)';

interface ValueColumn {
  type: ColumnType;
  negativeRed?: boolean;
}

function cellStyle(numeric: boolean, negative: boolean): CSSProperties | undefined {
  if (!numeric && !negative) return undefined;
  return {
    textAlign: numeric ? 'right' : undefined,
    whiteSpace: numeric ? 'nowrap' : undefined,
    color: negative ? NEGATIVE_COLOR : undefined,
  };
}

/**
 * A cell of a row or of a total row: numbers right-aligned on one line, negatives in red when the
 * column asks; held in view on a narrow screen when `pin` is given (a key-figure column).
 */
export function ValueCell({
  column,
  value,
  pin,
  children,
}: {
  column: ValueColumn;
  value: unknown;
  pin?: KeyFigurePin;
  children: ReactNode;
}) {
  const negative = column.negativeRed === true && (toNumber(value) ?? 0) < 0;
  return (
    <Table.Td
      {...keyFigureCell(pin, cellStyle(isNumericType(column.type), negative))}
      data-negative={negative ? true : undefined}
    >
      {children}
    </Table.Td>
  );
}
