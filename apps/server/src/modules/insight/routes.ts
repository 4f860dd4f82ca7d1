import { trendsColumns } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { istDay, resolveRange } from '../../lib/dates.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { EndpointHandlers } from '../../plugins/endpoints.js';
import { cafeProfit, cafeProfitPage } from './cafe-profit.js';
import { cafeInSubtree, cafeTerminals } from './cafe-terminals.js';
import {
  accountRefOf,
  cafeProfitRow,
  cafeProfitTotals,
  cafeTerminalRow,
  previousRangeOf,
  sortFits,
  sortTrends,
  trendExportRow,
  trendOf,
  trendRow,
  trendTotals,
  trendWeeksOf,
} from './present.js';
import { childrenWeeklyProfit, trendWeeks } from './queries.js';

/** The insight screens (docs/domain.md, "Insight"); every account parameter has passed the scope guard. */
export function insightHandlers(app: FastifyInstance): EndpointHandlers<'trends' | 'cafeProfit' | 'cafeTerminals'> {
  return {
    cafeProfit: async (request) => {
      const { subject, query } = request;
      const range = resolveRange(query, istDay(app.clock.now()));
      const order = { sort: query.sort, order: query.order };
      return {
        json: async () => {
          const page = { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
          const { cafes, totals } = await cafeProfitPage(app.db, subject, range, order, page);
          return {
            range: { fromDate: range.from, toDate: range.to },
            account: accountRefOf(subject),
            data: cafes.map(cafeProfitRow),
            totals: cafeProfitTotals(totals),
            total: totals.cafes,
            page: query.page,
            pageSize: query.pageSize,
          };
        },
        download: async () => ({
          about: [subject.username, `${range.from}-to-${range.to}`],
          sheets: { cafes: (await cafeProfit(app.db, subject, range, order)).map(cafeProfitRow) },
        }),
      };
    },

    // One cafe of Cafe Profit per terminal: only a cafe whose master is in the subject's subtree.
    cafeTerminals: async (request) => {
      const { subject, query } = request;
      const range = resolveRange(query, istDay(app.clock.now()));
      const cafe = await cafeInSubtree(app.db, subject.id, query.cafeId);
      if (!cafe) throw notFound('No such cafe');
      const data = (await cafeTerminals(app.db, cafe.cafeId, range)).map(cafeTerminalRow);
      return {
        json: () => ({ range: { fromDate: range.from, toDate: range.to }, cafe, data }),
        download: () => ({
          about: [cafe.master, cafe.cafe, `${range.from}-to-${range.to}`],
          sheets: { terminals: { rows: data, titled: cafe.cafe } },
        }),
      };
    },

    trends: async (request) => {
      const { subject, query } = request;
      if (!sortFits(query)) throw badRequest(`sort must name one of the ${query.weeks} weeks shown: week1 to week${query.weeks}`);
      const today = istDay(app.clock.now());
      const { shown, before } = trendWeeks(today, query.weeks);
      const { children, openWeeks } = await childrenWeeklyProfit(app.db, {
        accountId: subject.id,
        weekStarts: [...before, ...shown],
        today,
      });
      const trends = sortTrends(
        children.map((child) => trendOf(child, query.weeks)),
        query.sort,
        query.order,
      );
      const weeks = trendWeeksOf(shown, openWeeks);
      const offset = (query.page - 1) * query.pageSize;
      return {
        json: () => ({
          account: accountRefOf(subject),
          weeks,
          previousRange: previousRangeOf(before),
          data: trends.slice(offset, offset + query.pageSize).map(trendRow),
          totals: trendTotals(trends, query.weeks),
          total: trends.length,
          page: query.page,
          pageSize: query.pageSize,
        }),
        download: () => ({
          about: [subject.username, `${query.weeks}-weeks-to-${today}`],
          sheets: {
            children: { columns: trendsColumns(weeks), rows: trends.map((t) => trendExportRow(trendRow(t))) },
          },
        }),
      };
    },
  };
}
