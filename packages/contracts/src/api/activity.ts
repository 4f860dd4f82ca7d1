import { z } from 'zod';
import { type EndpointDef, oneSheet, report } from '../endpoint-def.js';
import { ACTIVITY_COLUMNS, ACTIVITY_KINDS, ACTIVITY_PAGE_SIZES, ACTIVITY_SORTS } from '../tables/activity.js';
import { EXPORT_FORMATS } from '../tables/columns.js';
import { exportLanguageParam, queryObject } from './common.js';

/**
 * The entries the screen counts at most: past it the total reads "10,000 or more" (counting a
 * million entries on every page would cost more than the page). Filters narrow it down.
 */
export const ACTIVITY_COUNT_LIMIT = 10_000;

/** An export holds at most this many entries (a download of a million rows helps nobody). */
export const ACTIVITY_EXPORT_LIMIT = 100_000;
export const ACTIVITY_EXPORT_TOO_LARGE =
  'The export holds at most 100,000 entries: narrow it down with the dates or the filters.';

export const ActivityQuery = queryObject({
  kind: z.enum(ACTIVITY_KINDS, { error: `must be one of ${ACTIVITY_KINDS.join(', ')}` }).optional(),
  /** The username of whoever acted (exactly, ignoring case). */
  actor: z.string().trim().max(100, 'is too long').optional(),
  /** The username of the account the entry is about (exactly, ignoring case). */
  subject: z.string().trim().max(100, 'is too long').optional(),
  fromDate: z.string().optional(),
  toDate: z.string().optional(),
  page: z.coerce.number().int().min(1, 'must be 1 or more').max(10_000, 'must be at most 10000').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'must be at most 100').default(ACTIVITY_PAGE_SIZES[0]),
  sort: z.enum(ACTIVITY_SORTS, { error: `must be one of ${ACTIVITY_SORTS.join(', ')}` }).default('at'),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  /** Every entry the filters select (not one page) as CSV or XLSX. */
  format: z.enum(EXPORT_FORMATS).optional(),
  lang: exportLanguageParam(),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityRow = z.object({
  _id: z.string(),
  /** ISO instant. */
  at: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  /** Who acted: a username, `feed key NAME`, `command line`, or '' when nobody known (a failed sign-in). */
  actor: z.string(),
  /** The account the entry is about ('' for none). */
  subject: z.string(),
  address: z.string(),
  /** The browser or client, shortened from its user agent. */
  device: z.string(),
  /** What happened, in words (the reason of a failure, an export's call and filters, a batch's counts). */
  details: z.string(),
});
export type ActivityRow = z.infer<typeof ActivityRow>;

export const ActivityResponse = z.object({
  data: z.array(ActivityRow),
  /** Entries the filters select, counted up to ACTIVITY_COUNT_LIMIT. */
  total: z.number(),
  /** True when there are more than `total` (the count stopped at its limit). */
  totalIsLowerBound: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type ActivityResponse = z.infer<typeof ActivityResponse>;

/** Entries of the endpoint table (endpoints.ts): the Activity screen (docs/domain.md, "Access"). */
export const ACTIVITY_ENDPOINTS = {
  activity: {
    ...report('activity', 'One page of the access activity the caller may see: its own, its subtree’s, or all (admins)'),
    query: ActivityQuery,
    response: ActivityResponse,
    exports: oneSheet('activity', 'activity', 'Activity', ACTIVITY_COLUMNS),
  },
} as const satisfies Record<string, EndpointDef>;
