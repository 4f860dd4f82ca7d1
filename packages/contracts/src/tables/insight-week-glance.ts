import { type ColumnDef, NAME_COLUMN } from './columns.js';
import { dayMonYear } from './statement.js';

/** Week at a Glance (docs/screens.md, Week at a Glance): the subject's children x Monday to Sunday. */
export const WEEK_GLANCE_PAGE_SIZES = [10, 20, 30, 40, 50] as const;

/** Its sorts besides the days: `day1` (Monday) to `day7` (Sunday). */
export const WEEK_GLANCE_FIXED_SORTS = ['username', 'name', 'total'] as const;

/** A day column's key in the table and the export: `day1` is Monday, `day7` Sunday. */
export const weekGlanceDayKey = (position: number): `day${number}` => `day${position}`;

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A day's column header: 'Mon 23-Nov-2026'. */
export const weekGlanceDayHeader = (day: string, position: number): string =>
  `${WEEKDAYS[position - 1] ?? ''} ${dayMonYear(day)}`.trim();

/**
 * The table, on screen and in its CSV/XLSX export: the account (held in view on a phone), its
 * name, one column per day of the week (headed by its weekday and date), then the week's total.
 */
export function weekGlanceColumns(days: readonly string[]): ColumnDef[] {
  const dayColumns: ColumnDef[] = days.map((day, i) => ({
    key: weekGlanceDayKey(i + 1),
    header: weekGlanceDayHeader(day, i + 1),
    type: 'float',
    total: true,
    negativeRed: true,
  }));
  return [
    { key: 'username', header: 'Account', type: 'string', keyFigure: true },
    NAME_COLUMN,
    ...dayColumns,
    { key: 'total', header: 'Total', type: 'float', total: true, negativeRed: true },
  ];
}
