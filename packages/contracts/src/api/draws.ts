import { z } from 'zod';
import { type EndpointDef, report } from '../endpoint-def.js';
import { EXPORT_FORMATS } from '../tables/columns.js';
import { DRAW_COLUMNS } from '../tables/draws.js';
import { ErrorBody, exportLanguageParam, queryObject, RangeEcho } from './common.js';

export const DrawDetailsQuery = queryObject({
  id: z.string().trim().optional(),
  gameId: z.string().trim().min(1, 'gameId is required'),
  fromDate: z.string().optional(),
  toDate: z.string().optional(),
  page: z.coerce.number().int().min(1, 'must be 1 or more').default(1),
  pageSize: z.coerce.number().int().min(1).max(200, 'must be at most 200').default(10),
  sort: z.enum(['asc', 'desc']).default('desc'),
  /** Every draw of the range (not one page) as CSV or XLSX. */
  format: z.enum(EXPORT_FORMATS).optional(),
  lang: exportLanguageParam(),
});
export type DrawDetailsQuery = z.infer<typeof DrawDetailsQuery>;

export const DrawRow = z.object({
  _id: z.string(),
  drawno: z.string(),
  date: z.string(),
  color: z.enum(['c', 'k', 'l', 'f']).nullable(),
});
export type DrawRow = z.infer<typeof DrawRow>;

export const DrawDetailsResponse = z.object({
  gameId: z.string(),
  gameName: z.string(),
  range: RangeEcho,
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  data: z.array(DrawRow),
});
export type DrawDetailsResponse = z.infer<typeof DrawDetailsResponse>;

/** Entries of the endpoint table (endpoints.ts): Draw Details. */
export const DRAW_ENDPOINTS = {
  drawDetails: {
    ...report('drawDetails', 'One page of a game’s open draws in a range'),
    query: DrawDetailsQuery,
    response: DrawDetailsResponse,
    otherResponses: { 404: ErrorBody },
    exports: { file: 'draws', sheets: { draws: { title: (game: string) => game, columns: DRAW_COLUMNS } } },
  },
} as const satisfies Record<string, EndpointDef>;
