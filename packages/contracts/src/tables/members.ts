import { FIELD_LABELS, fieldMessage } from '../field-labels.js';
import { CAFE_COLUMN, type ColumnDef, PROFIT_COLUMN } from './columns.js';

/**
 * The member page (docs/screens.md, Member): one player's figures, reached from a player's
 * username in any report. Its tables, on screen and in its CSV/XLSX exports.
 */

/** How many settlement weeks the member page shows, the current one included. */
export const MEMBER_WEEK_COUNT = 12;

/** The answer when the call names no member. */
export const MEMBER_REQUIRED_MESSAGE = fieldMessage(FIELD_LABELS.member.username, 'is required');

/** The answer when the username names an account in scope that is not a player. */
export function notAMemberMessage(username: string, role: string): string {
  return `${username} is a ${role}, not a member: the member page is about players`;
}

/** The weeks table: one row per settlement week, newest first; the draw games' profit per game, its sum, poker's rake. */
export const MEMBER_WEEK_COLUMNS: ColumnDef<
  'fromDate' | 'toDate' | 'funtarget' | 'funroullet' | 'triplefun' | 'funab' | 'profit' | 'poker'
>[] = [
  { key: 'fromDate', header: 'From Date', type: 'date' },
  { key: 'toDate', header: 'To Date', type: 'date' },
  { key: 'funtarget', header: 'Fun Target', type: 'float', total: true, negativeRed: true },
  { key: 'funroullet', header: 'Fun Roullet', type: 'float', total: true, negativeRed: true },
  { key: 'triplefun', header: 'Triple Fun', type: 'float', total: true, negativeRed: true },
  { key: 'funab', header: 'Fun AB', type: 'float', total: true, negativeRed: true },
  PROFIT_COLUMN,
  { key: 'poker', header: 'Poker Rake', type: 'float', total: true },
];

/** The plays list (paged and sorted on the server). */
export const MEMBER_PLAY_COLUMNS: ColumnDef<'playedAt' | 'game' | 'drawAt' | 'cafe' | 'stake' | 'win' | 'profit'>[] = [
  { key: 'playedAt', header: 'Played', type: 'datetime' },
  { key: 'game', header: 'Game', type: 'string' },
  { key: 'drawAt', header: 'Draw', type: 'datetime' },
  CAFE_COLUMN,
  { key: 'stake', header: 'Play', type: 'float' },
  { key: 'win', header: 'Win', type: 'float' },
  { key: 'profit', header: 'Profit', type: 'float', negativeRed: true, keyFigure: true },
];

/** The transfers list (paged and sorted on the server): both channels, both directions, every status. */
export const MEMBER_TRANSFER_COLUMNS: ColumnDef<
  'createdAt' | 'from' | 'to' | 'type' | 'channel' | 'status' | 'amount' | 'resolvedAt'
>[] = [
  { key: 'createdAt', header: 'Transfer Time', type: 'datetime' },
  { key: 'from', header: 'From', type: 'string' },
  { key: 'to', header: 'To', type: 'string' },
  { key: 'type', header: 'Type', type: 'string' },
  { key: 'channel', header: 'Channel', type: 'string' },
  { key: 'status', header: 'Status', type: 'string' },
  { key: 'amount', header: 'Amount', type: 'float', keyFigure: true },
  { key: 'resolvedAt', header: 'Resolved', type: 'datetime' },
];

/** Page sizes and sorts of the two lists. */
export const MEMBER_LIST_PAGE_SIZES = [10, 20, 50, 100] as const;
export const MEMBER_PLAY_SORTS = ['playedAt', 'stake', 'win', 'profit'] as const;
export const MEMBER_TRANSFER_SORTS = ['createdAt', 'amount'] as const;
