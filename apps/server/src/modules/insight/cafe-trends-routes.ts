import { cafeTrendsColumns } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { istDay, weekStartOf } from '../../lib/dates.js';
import { badRequest } from '../../lib/http-error.js';
import type { EndpointHandlers } from '../../plugins/endpoints.js';
import { isFinal, settlementCalendar } from '../weeks/index.js';
import { type CafeTrendWeeks, cafeTrends } from './cafe-trends.js';
import { cafeTrendExportRow, cafeTrendRow, cafeTrendTotals } from './cafe-trends-present.js';
import { accountRefOf, previousRangeOf, sortFits, trendWeeksOf } from './present.js';
import { trendWeeks } from './queries.js';

/**
 * Cafe Trends (docs/domain.md, "The owner's week"): the cafes of the masters in the subject's
 * subtree over the last 4, 8, 12 or 26 weeks, as Trends shows the subject's children; the subject
 * has passed the scope guard.
 */
export function cafeTrendsHandlers(app: FastifyInstance): EndpointHandlers<'cafeTrends'> {
  return {
    cafeTrends: async (request) => {
      const { subject, query } = request;
      if (!sortFits(query)) throw badRequest(`sort must name one of the ${query.weeks} weeks shown: week1 to week${query.weeks}`);
      const today = istDay(app.clock.now());
      const { shown, before } = trendWeeks(today, query.weeks);
      const calendar = await settlementCalendar(app.db, 'games', weekStartOf(today));
      // Read from cafe_week only where the job has closed the week, as Cafe Profit does; "open" as Trends says it.
      const weeks: CafeTrendWeeks = { shown, before, closed: calendar.closed };
      const shownWeeks = trendWeeksOf(
        shown,
        shown.filter((week) => !isFinal(calendar, week)),
      );
      const order = { sort: query.sort, order: query.order };
      return {
        json: async () => {
          const page = { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
          const { cafes, totals } = await cafeTrends(app.db, subject, weeks, order, page);
          return {
            account: accountRefOf(subject),
            weeks: shownWeeks,
            previousRange: previousRangeOf(before),
            data: cafes.map(cafeTrendRow),
            totals: cafeTrendTotals(totals),
            total: totals.cafes,
            page: query.page,
            pageSize: query.pageSize,
          };
        },
        download: async () => ({
          about: [subject.username, `${query.weeks}-weeks-to-${today}`],
          sheets: {
            cafes: {
              columns: cafeTrendsColumns(shownWeeks),
              rows: (await cafeTrends(app.db, subject, weeks, order)).cafes.map((c) => cafeTrendExportRow(cafeTrendRow(c))),
            },
          },
        }),
      };
    },
  };
}
