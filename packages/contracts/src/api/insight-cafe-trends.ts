import { z } from 'zod';
import { COLUMNS_GIVEN, type EndpointDef, report } from '../endpoint-def.js';
import { CAFE_TRENDS_FIXED_SORTS } from '../tables/insight-cafe-trends.js';
import { queryObject } from './common.js';
import { TrendsQuery, TrendsResponse } from './insight.js';

// ---------------------------------------------------------------- Cafe Trends (docs/domain.md, "The owner's week")

const CAFE_TRENDS_SORT = /^(cafe|master|total|previous|change|week([1-9]|1\d|2[0-6]))$/;

/** Trends' weeks and paging (TRENDS_PAGE_SIZES), and its own sorts: a fixed column or `week{n}`. */
export const CafeTrendsQuery = queryObject({
  ...TrendsQuery.shape,
  sort: z
    .string()
    .regex(CAFE_TRENDS_SORT, `must be one of ${CAFE_TRENDS_FIXED_SORTS.join(', ')} or week1 to week26`)
    .default('total'),
});
export type CafeTrendsQuery = z.infer<typeof CafeTrendsQuery>;

export const CafeTrendRow = z.object({
  cafeId: z.string(),
  cafe: z.string(),
  /** The master who owns the cafe: its Cafe Profit lists the cafe. */
  masterId: z.string(),
  master: z.string(),
  /** Draw-games profit per week shown, oldest first: each the cafe's Cafe Profit of that week. */
  profits: z.array(z.number()),
  /** Σ profits. */
  total: z.number(),
  /** The profit of the same number of weeks just before. */
  previous: z.number(),
  /** total − previous. */
  change: z.number(),
});
export type CafeTrendRow = z.infer<typeof CafeTrendRow>;

export const CafeTrendsResponse = TrendsResponse.extend({
  /** One page of the cafes of the masters in the subject's subtree (ties by agent, then cafe). */
  data: z.array(CafeTrendRow),
});
export type CafeTrendsResponse = z.infer<typeof CafeTrendsResponse>;

/** Entries of the endpoint table (endpoints.ts): Cafe Trends. */
export const CAFE_TRENDS_ENDPOINTS = {
  cafeTrends: {
    ...report('cafeTrends', 'Profit per week of each cafe of the masters in the subject’s subtree, with the change'),
    query: CafeTrendsQuery,
    response: CafeTrendsResponse,
    // One column per week shown: the handler gives cafeTrendsColumns(weeks).
    exports: { file: 'cafe-trends', sheets: { cafes: { title: 'Cafe Trends', columns: COLUMNS_GIVEN } } },
  },
} as const satisfies Record<string, EndpointDef>;
