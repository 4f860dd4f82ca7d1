import type { Db } from '../apps/server/src/db/client.js';
import { addDays, type IsoDay, weekStartOf } from '../apps/server/src/lib/dates.js';
import { cafeTrends } from '../apps/server/src/modules/insight/cafe-trends.js';
import { trendWeeks } from '../apps/server/src/modules/insight/queries.js';
import { settlementCalendar } from '../apps/server/src/modules/weeks/index.js';
import type { BenchCase, BenchContext } from './cases.js';

/** Issue 36: Cafe Trends over 26 weeks for the superadmin, p95 at most 50 ms at c=1. */
const CAFE_TRENDS_AIM = { ms: 50, source: 'Cafe Trends (26 weeks, superadmin) at c=1 (docs/domain.md, "The owner\'s week")' };

/** What the route does: the settlement calendar, then one statement for the first page of 10 by total. */
async function firstPage(db: Db, ctx: BenchContext, today: IsoDay) {
  const { shown, before } = trendWeeks(today, 26);
  const calendar = await settlementCalendar(db, 'games', weekStartOf(today));
  return cafeTrends(
    db,
    { id: ctx.ids.superadmin!, role: 'superadmin' },
    { shown, before, closed: calendar.closed },
    { sort: 'total', order: 'desc' },
    { offset: 0, limit: 10 },
  );
}

/** Every cafe of the network over the 26 weeks ending with the open one, and the 26 before. */
export const cafeTrendsCase: BenchCase = {
  endpoint: 'cafetrends',
  user: 'superadmin',
  note: '26 weeks',
  path: () => '/cafetrends?weeks=26',
  aim: CAFE_TRENDS_AIM,
  bare: (db, ctx) => firstPage(db, ctx, ctx.today),
};

/**
 * Cafe Trends' part that the closings fixed (the scale table's row): 26 weeks and the 26 before
 * them as of last week, all closed, so read from cafe_week alone.
 */
export const cafeTrendsClosedScaleCase = {
  label: 'cafetrends superadmin 26 closed weeks (bare only)',
  closedWeeks: true,
  bare: (db: Db, ctx: BenchContext) => firstPage(db, ctx, addDays(weekStartOf(ctx.today), -1)),
};
