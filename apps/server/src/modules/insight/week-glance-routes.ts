import { weekGlanceColumns } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { formatDayMon, type IsoDay, istDay, resolveDay, weekStartOf } from '../../lib/dates.js';
import { badRequest } from '../../lib/http-error.js';
import type { EndpointHandlers } from '../../plugins/endpoints.js';
import { weekEndDay } from '../weeks/index.js';
import { accountRefOf } from './present.js';
import { childrenDailyProfit, weekDays } from './week-glance.js';
import { childWeekOf, sortChildWeeks, weekGlanceExportRow, weekGlanceRow, weekGlanceTotals } from './week-glance-present.js';

/** The week asked (From Date, its Monday), the week of today without one; never a week after it. */
function weekAsked(fromDate: string | undefined, today: IsoDay): IsoDay {
  const current = weekStartOf(today);
  const monday = resolveDay(fromDate, current, 'fromDate');
  if (weekStartOf(monday) !== monday) {
    throw badRequest(
      `From Date must be a Monday: Week at a Glance shows one week, Monday to Sunday (${formatDayMon(monday)} is not)`,
    );
  }
  if (monday > current) {
    throw badRequest(`From Date must not be after ${formatDayMon(current)}, the Monday of the current week`);
  }
  return monday;
}

/**
 * Week at a Glance (docs/domain.md, "The owner's week"): the subject's direct children x the days
 * of one week, each cell the child's Daily Status profit of that day; sorted and paged here over
 * every child, the totals over every child. The subject has passed the scope guard.
 */
export function weekGlanceHandlers(app: FastifyInstance): EndpointHandlers<'weekGlance'> {
  return {
    weekGlance: async (request) => {
      const { subject, query } = request;
      const today = istDay(app.clock.now());
      const monday = weekAsked(query.fromDate, today);
      const children = await childrenDailyProfit(app.db, { accountId: subject.id, monday });
      const weeks = sortChildWeeks(children.map(childWeekOf), query.sort, query.order);
      const days = weekDays(monday);
      const offset = (query.page - 1) * query.pageSize;
      return {
        json: () => ({
          account: accountRefOf(subject),
          week: { fromDate: monday, toDate: weekEndDay(monday), open: monday === weekStartOf(today) },
          days,
          data: weeks.slice(offset, offset + query.pageSize).map(weekGlanceRow),
          totals: weekGlanceTotals(weeks),
          total: weeks.length,
          page: query.page,
          pageSize: query.pageSize,
        }),
        download: () => ({
          about: [subject.username, `week-of-${monday}`],
          sheets: {
            children: { columns: weekGlanceColumns(days), rows: weeks.map((w) => weekGlanceExportRow(weekGlanceRow(w))) },
          },
        }),
      };
    },
  };
}
