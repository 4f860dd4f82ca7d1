import { CAFE_COLUMN, type ColumnDef, NAME_COLUMN, PROFIT_COLUMN } from './columns.js';
import { dayMonYear } from './statement.js';

/** How many weeks Trends shows (docs/screens.md, Trends). */
export const TREND_WEEK_COUNTS = [4, 8, 12, 26] as const;

/** A week column's key in Trends' table and export: `week1` is the oldest week shown. */
export const trendWeekKey = (position: number): `week${number}` => `week${position}`;

/** The columns before and after the week columns: fixed. */
const TRENDS_LEAD: ColumnDef[] = [{ key: 'username', header: 'Account', type: 'string' }, NAME_COLUMN];
const TRENDS_TAIL: ColumnDef[] = [
  { key: 'total', header: 'Total', type: 'float', total: true, negativeRed: true },
  { key: 'previous', header: 'Period Before', type: 'float', total: true, negativeRed: true },
  { key: 'change', header: 'Change', type: 'float', total: true, negativeRed: true },
];

/**
 * Trends' table, on screen and in its CSV/XLSX export: the account, then one column per week
 * shown (headed by its Monday, oldest first), then the period's total, the period before and the
 * change.
 */
export function trendsColumns(weeks: readonly { fromDate: string }[]): ColumnDef[] {
  const weekColumns: ColumnDef[] = weeks.map((week, i) => ({
    key: trendWeekKey(i + 1),
    header: `Week of ${dayMonYear(week.fromDate)}`,
    type: 'float',
    total: true,
    negativeRed: true,
  }));
  return [...TRENDS_LEAD, ...weekColumns, ...TRENDS_TAIL];
}

/** How many rows each of Today's lists holds at most: big wins, losing cafes, open loans, masters with no play. */
export const TODAY_LIST_LIMIT = 20;

/** Today's tables, on screen and in its CSV/XLSX export (docs/screens.md, Today). */
export const BIG_WIN_COLUMNS: ColumnDef<'playedAt' | 'member' | 'cafe' | 'game' | 'drawAt' | 'stake' | 'win'>[] = [
  { key: 'playedAt', header: 'Played', type: 'datetime' },
  { key: 'member', header: 'Member', type: 'string' },
  CAFE_COLUMN,
  { key: 'game', header: 'Game', type: 'string' },
  { key: 'drawAt', header: 'Draw', type: 'datetime' },
  { key: 'stake', header: 'Play', type: 'float' },
  { key: 'win', header: 'Win', type: 'float' },
];
export const LOSING_CAFE_COLUMNS: ColumnDef<'cafe' | 'master' | 'plays' | 'stake' | 'profit'>[] = [
  CAFE_COLUMN,
  { key: 'master', header: 'Agent', type: 'string' },
  { key: 'plays', header: 'Plays', type: 'int' },
  { key: 'stake', header: 'Play', type: 'float' },
  { key: 'profit', header: 'Profit', type: 'float', negativeRed: true },
];
export const WAITING_TRANSFER_COLUMNS: ColumnDef<'createdAt' | 'from' | 'channel' | 'amount'>[] = [
  { key: 'createdAt', header: 'Sent', type: 'datetime' },
  { key: 'from', header: 'From', type: 'string' },
  { key: 'channel', header: 'Channel', type: 'string' },
  { key: 'amount', header: 'Amount', type: 'float', total: true },
];
export const OPEN_LOAN_COLUMNS: ColumnDef<'username' | 'totalLoan' | 'outstanding'>[] = [
  { key: 'username', header: 'Agent', type: 'string' },
  { key: 'totalLoan', header: 'Total Loan', type: 'float', total: true },
  { key: 'outstanding', header: 'Outstanding', type: 'float', total: true },
];
export const IDLE_MASTER_COLUMNS: ColumnDef<'username' | 'name' | 'address'>[] = [
  { key: 'username', header: 'Agent', type: 'string' },
  NAME_COLUMN,
  { key: 'address', header: 'Location', type: 'string' },
];

/** Cafe Profit's table (docs/screens.md, Cafe Profit). */
export const CAFE_PROFIT_COLUMNS: ColumnDef<
  'cafe' | 'master' | 'plays' | 'stake' | 'wins' | 'profit' | 'ownProfit' | 'otherProfit' | 'members'
>[] = [
  CAFE_COLUMN,
  { key: 'master', header: 'Agent', type: 'string' },
  { key: 'plays', header: 'Plays', type: 'int', total: true },
  { key: 'stake', header: 'Play', type: 'float', total: true },
  { key: 'wins', header: 'Win', type: 'float', total: true },
  PROFIT_COLUMN,
  { key: 'ownProfit', header: 'Own Members', type: 'float', total: true, negativeRed: true },
  { key: 'otherProfit', header: 'Other Members', type: 'float', total: true, negativeRed: true },
  { key: 'members', header: 'Members', type: 'int' },
];

/** How a terminal is shown when the feed named none for the plays (docs/screens.md, Cafe Profit). */
export const UNKNOWN_TERMINAL = 'unknown terminal';

/** The terminals of one cafe (Cafe Profit's popup and its export). */
export const CAFE_TERMINAL_COLUMNS: ColumnDef<'terminal' | 'plays' | 'stake' | 'wins' | 'profit' | 'members'>[] = [
  { key: 'terminal', header: 'Terminal', type: 'string' },
  { key: 'plays', header: 'Plays', type: 'int', total: true },
  { key: 'stake', header: 'Play', type: 'float', total: true },
  { key: 'wins', header: 'Win', type: 'float', total: true },
  PROFIT_COLUMN,
  { key: 'members', header: 'Members', type: 'int' },
];

export const TRENDS_PAGE_SIZES = [10, 20, 30, 40, 50] as const;

export const CAFE_PROFIT_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
/** The columns Cafe Profit sorts on; without `sort`, by agent then cafe. */
export const CAFE_PROFIT_SORTS = [
  'cafe',
  'master',
  'plays',
  'stake',
  'wins',
  'profit',
  'ownProfit',
  'otherProfit',
  'members',
] as const;
export type CafeProfitSort = (typeof CAFE_PROFIT_SORTS)[number];
