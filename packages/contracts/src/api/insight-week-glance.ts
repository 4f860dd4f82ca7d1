import { z } from 'zod';
import { COLUMNS_GIVEN, type EndpointDef, report } from '../endpoint-def.js';
import { EXPORT_FORMATS } from '../tables/columns.js';
import { WEEK_GLANCE_FIXED_SORTS, WEEK_GLANCE_PAGE_SIZES } from '../tables/insight-week-glance.js';
import { exportLanguageParam, queryObject } from './common.js';

// ---------------------------------------------------------------- Week at a Glance (docs/domain.md, "The owner's week")

const WEEK_GLANCE_SORT = /^(username|name|total|day[1-7])$/;

export const WeekGlanceQuery = queryObject({
  id: z.string().trim().optional(),
  /** The week's Monday (YYYY-MM-DD or DD-Mon-YYYY); without it, the week of today. */
  fromDate: z.string().optional(),
  page: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be 1 or more').default(1),
  pageSize: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1, 'must be 1 or more')
    .max(50, 'must be at most 50')
    .default(WEEK_GLANCE_PAGE_SIZES[0]),
  sort: z
    .string()
    .regex(WEEK_GLANCE_SORT, `must be one of ${WEEK_GLANCE_FIXED_SORTS.join(', ')} or day1 (Monday) to day7 (Sunday)`)
    .default('total'),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  format: z.enum(EXPORT_FORMATS).optional(),
  lang: exportLanguageParam(),
});
export type WeekGlanceQuery = z.infer<typeof WeekGlanceQuery>;

export const WeekGlanceRow = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.string(),
  /** Draw-games profit per day, Monday first: each the child's Daily Status profit of that day. */
  profits: z.array(z.number()),
  /** Σ profits. */
  total: z.number(),
});
export type WeekGlanceRow = z.infer<typeof WeekGlanceRow>;

export const WeekGlanceResponse = z.object({
  account: z.object({ _id: z.string(), username: z.string() }),
  week: z.object({
    /** Monday. */
    fromDate: z.string(),
    /** Sunday. */
    toDate: z.string(),
    /** The week of today: its figures are so far (the screen refreshes itself). */
    open: z.boolean(),
  }),
  /** The seven days, Monday first. */
  days: z.array(z.string()),
  /** One page of the subject's direct children. */
  data: z.array(WeekGlanceRow),
  /** Over every child, not only the page. */
  totals: z.object({ profits: z.array(z.number()), total: z.number() }),
  /** Children in all. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type WeekGlanceResponse = z.infer<typeof WeekGlanceResponse>;

/** Entries of the endpoint table (endpoints.ts): Week at a Glance (docs/domain.md, "The owner's week"). */
export const WEEK_GLANCE_ENDPOINTS = {
  weekGlance: {
    ...report('weekGlance', 'Profit per day of one week (Monday to Sunday) of each direct child of the subject'),
    query: WeekGlanceQuery,
    response: WeekGlanceResponse,
    // One column per day, headed by its date: the handler gives weekGlanceColumns(days).
    exports: { file: 'week-at-a-glance', sheets: { children: { title: 'Week at a Glance', columns: COLUMNS_GIVEN } } },
  },
} as const satisfies Record<string, EndpointDef>;
