import { z } from 'zod';
import { COLUMNS_GIVEN, type EndpointDef, report } from '../endpoint-def.js';
import { WEEK_GLANCE_FIXED_SORTS, WEEK_GLANCE_PAGE_SIZES } from '../tables/insight-week-glance.js';
import { SubjectEcho } from './common.js';
import { ChildPeriodsRow, childPeriodsQuery } from './insight.js';
import { PageEcho } from './list-paging.js';

// ---------------------------------------------------------------- Week at a Glance (docs/domain.md, "The owner's week")

const WEEK_GLANCE_SORT = /^(username|name|total|day[1-7])$/;

/** Trends' paging, over the days of one week. */
export const WeekGlanceQuery = childPeriodsQuery(
  {
    /** The week's Monday (YYYY-MM-DD or DD-Mon-YYYY); without it, the week of today. */
    fromDate: z.string().optional(),
  },
  {
    pageSizes: WEEK_GLANCE_PAGE_SIZES,
    sorts: WEEK_GLANCE_SORT,
    sortsMessage: `must be one of ${WEEK_GLANCE_FIXED_SORTS.join(', ')} or day1 (Monday) to day7 (Sunday)`,
  },
);
export type WeekGlanceQuery = z.infer<typeof WeekGlanceQuery>;

/** A direct child: its profit per day, Monday first (each its Daily Status profit of that day). */
export const WeekGlanceRow = ChildPeriodsRow;
export type WeekGlanceRow = z.infer<typeof WeekGlanceRow>;

export const WeekGlanceResponse = z.object({
  account: SubjectEcho,
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
  /** Children in all, the page and its size. */
  ...PageEcho.shape,
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
