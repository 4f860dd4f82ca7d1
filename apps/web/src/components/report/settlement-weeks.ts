import { type ApiDate, addDays, todayIst } from '../../lib/format';
import { mondayOf } from './report-dates';

/** Monday of the current (open) settlement week. */
export const currentWeekMonday = (today: ApiDate = todayIst()): ApiDate => mondayOf(today);

/** Monday of the last finished week: the mail reports' default (docs/domain.md, "Weekly settlement"). */
export const lastWeekMonday = (today: ApiDate = todayIst()): ApiDate => addDays(mondayOf(today), -7);

/** The last finished week, Monday to Sunday. */
export function lastFinishedWeek(today: ApiDate = todayIst()): { from: ApiDate; to: ApiDate } {
  const from = lastWeekMonday(today);
  return { from, to: addDays(from, 6) };
}
