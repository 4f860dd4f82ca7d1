import { formatAmount, formatDate, formatDateTime, formatInt, toNumber, toTimestamp } from '../../../lib/format';
import type { ColumnType } from './types';

/** The text a cell of this type shows for a raw value. */
export function formatCellValue(type: ColumnType, value: unknown): string {
  switch (type) {
    case 'int':
      return formatInt(value);
    case 'float':
      return formatAmount(value);
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

export function isNumericType(type: ColumnType): boolean {
  return type === 'int' || type === 'float';
}

/** The value a column sorts by: numbers for int/float, milliseconds for dates, text otherwise. */
export function sortKey(type: ColumnType, value: unknown): number | string | null {
  if (value === null || value === undefined || value === '') return null;
  if (isNumericType(type)) return toNumber(value);
  if (type === 'date' || type === 'datetime') return toTimestamp(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return String(value);
}

// Made at the first comparison of text, not when the page loads: a page's first Intl object
// loads the browser's locale data, which a table sorted on the server never needs.
let collator: Intl.Collator | undefined;

/** Ascending order; missing values after present ones. */
export function compareSortKeys(a: number | string | null, b: number | string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return collator.compare(String(a), String(b));
}

/**
 * Sum of a column over rows. Floats are summed in hundredths, as the server keeps points, so
 * 0.1 + 0.2 totals 0.30 and long columns do not drift.
 */
export function sumColumn(type: ColumnType, values: readonly unknown[]): number {
  if (type === 'float') {
    let hundredths = 0;
    for (const v of values) hundredths += Math.round((toNumber(v) ?? 0) * 100);
    return hundredths / 100;
  }
  let total = 0;
  for (const v of values) total += toNumber(v) ?? 0;
  return total;
}
