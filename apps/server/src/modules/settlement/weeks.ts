import { addDays, type IsoDay, istDayStart } from '../../lib/dates.js';

/** The two settlements: draw games (play − win) and poker (rake), each with its own carry-forward. */
export type SettlementKind = 'games' | 'poker';
export const SETTLEMENT_KINDS: readonly SettlementKind[] = ['games', 'poker'];

/** Sunday of the week starting on `weekStart` (a Monday). */
export function weekEndDay(weekStart: IsoDay): IsoDay {
  return addDays(weekStart, 6);
}

/** The instant the week ends (next Monday 00:00 IST): loans issued before it count for the week. */
export function weekEndInstant(weekStart: IsoDay): Date {
  return istDayStart(addDays(weekStart, 7));
}

/** Mondays from `first` to `last`, both included (empty when last < first). */
export function weekStartsBetween(first: IsoDay, last: IsoDay): IsoDay[] {
  const weeks: IsoDay[] = [];
  for (let week = first; week <= last; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

export function minDay(a: IsoDay, b: IsoDay): IsoDay {
  return a < b ? a : b;
}
