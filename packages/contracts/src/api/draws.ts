import { z } from 'zod';
import { FUN_AB_CODE, FUN_AB_SUITS, TRIPLE_FUN_CODE } from '../games.js';
import { type ColumnDef, EXPORT_FORMATS, queryObject, RangeEcho } from './common.js';

export const DRAW_PAGE_SIZES = [10, 20, 30, 40, 50] as const;

export const DrawDetailsQuery = queryObject({
  id: z.string().trim().optional(),
  gameId: z.string().trim().min(1, 'gameId is required'),
  fromDate: z.string().optional(),
  toDate: z.string().optional(),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  pageSize: z.coerce.number().int().min(1).max(200, 'pageSize must be at most 200').default(10),
  sort: z.enum(['asc', 'desc']).default('desc'),
  /** Every draw of the range (not one page) as CSV or XLSX. */
  format: z.enum(EXPORT_FORMATS).optional(),
});
export type DrawDetailsQuery = z.infer<typeof DrawDetailsQuery>;

export const DrawRow = z.object({
  _id: z.string(),
  drawno: z.string(),
  date: z.string(),
  color: z.enum(['c', 'k', 'l', 'f']).nullable(),
});
export type DrawRow = z.infer<typeof DrawRow>;

export const DrawDetailsResponse = z.object({
  gameId: z.string(),
  gameName: z.string(),
  range: RangeEcho,
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  data: z.array(DrawRow),
});
export type DrawDetailsResponse = z.infer<typeof DrawDetailsResponse>;

export const DRAW_COLUMNS: ColumnDef<'srNo' | 'drawno' | 'date'>[] = [
  { key: 'srNo', header: 'Sr. No.', type: 'int' },
  { key: 'drawno', header: 'Winning No', type: 'custom' },
  { key: 'date', header: 'Draw Time', type: 'datetime' },
];

/** Triple Fun results are stored 'd-d-d' and shown without hyphens. */
export function displayDrawNo(gameCode: string, drawno: string): string {
  return gameCode === TRIPLE_FUN_CODE ? drawno.replaceAll('-', '') : drawno;
}

/** What a Fun AB draw without a colour shows in place of its suit. */
export const NOT_OPEN = 'Not Open';

/**
 * The winning number as text, the way the screen shows it (spec section 9): Triple Fun without
 * hyphens; Fun AB followed by its suit symbol, or by 'Not Open' when it has no colour.
 */
export function drawResultText(gameCode: string, drawno: string, color: DrawRow['color']): string {
  const shown = displayDrawNo(gameCode, drawno);
  if (gameCode !== FUN_AB_CODE) return shown;
  return `${shown} ${color ? FUN_AB_SUITS[color].symbol : NOT_OPEN}`;
}
