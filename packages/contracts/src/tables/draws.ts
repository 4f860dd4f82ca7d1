import type { DrawRow } from '../api/draws.js';
import { FUN_AB_CODE, FUN_AB_SUITS, TRIPLE_FUN_CODE } from '../games.js';
import { type ColumnDef, SR_NO_COLUMN } from './columns.js';

export const DRAW_PAGE_SIZES = [10, 20, 30, 40, 50] as const;

export const DRAW_COLUMNS: ColumnDef<'srNo' | 'drawno' | 'date'>[] = [
  SR_NO_COLUMN,
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
 * The winning number as text, the way the screen shows it (docs/screens.md, Draw details): Triple Fun without
 * hyphens; Fun AB followed by its suit symbol, or by 'Not Open' when it has no colour.
 */
export function drawResultText(gameCode: string, drawno: string, color: DrawRow['color']): string {
  const shown = displayDrawNo(gameCode, drawno);
  if (gameCode !== FUN_AB_CODE) return shown;
  return `${shown} ${color ? FUN_AB_SUITS[color].symbol : NOT_OPEN}`;
}
