import { addDays, weekStartOf } from '../apps/server/src/lib/dates.js';
import { childrenDailyProfit } from '../apps/server/src/modules/insight/week-glance.js';
import type { Aim, BenchCase, BenchContext, BenchUser } from './cases.js';

const WEEK_GLANCE_AIM: Aim = { ms: 50, source: 'Week at a Glance at c=1 (issue 36)' };

/** The open week's Monday, or the last finished week's. */
const mondayOf = (ctx: BenchContext, open: boolean) => addDays(weekStartOf(ctx.today), open ? 0 : -7);

/**
 * Week at a Glance of the superadmin (the whole network below it: every master's days) and of am1,
 * on the open week (the screen's default) and on the last finished one, as its week picker asks.
 */
export function weekGlanceCases(): BenchCase[] {
  const users: BenchUser[] = ['superadmin', 'am1'];
  return users.flatMap((user) =>
    [true, false].map(
      (open): BenchCase => ({
        endpoint: 'weekglance',
        user,
        note: open ? 'open week' : 'last week',
        path: (ctx) => (open ? '/weekglance' : `/weekglance?fromDate=${mondayOf(ctx, false)}`),
        aim: WEEK_GLANCE_AIM,
        bare: (db, ctx) =>
          childrenDailyProfit(db, {
            accountId: ctx.ids[user]!,
            monday: mondayOf(ctx, open),
          }),
      }),
    ),
  );
}
