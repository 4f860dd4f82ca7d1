import { z } from 'zod';

/** The largest page a list report serves (docs/screens.md, Every report screen: 10 to 50 rows a page). */
const MAX_PAGE_SIZE = 50;

/**
 * Paging and sorting on the server of a list report whose call answers the whole list
 * (docs/screens.md, Every report screen): without `page` the answer is every row, as it always
 * did; with it, the `pageSize` rows of that page in `sort` and `order`. `sorts` are the columns
 * the list sorts by, the first its default order (ascending).
 */
export function listPaging<const S extends readonly [string, ...string[]]>(sorts: S) {
  return {
    page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').optional(),
    pageSize: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
      .default(10),
    sort: z.enum(sorts, { error: `must be one of ${sorts.join(', ')}` }).default(sorts[0] as S[number] & string),
    order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('asc'),
  };
}

/** What a paged answer says of its page: rows in the whole list, the page and its size. */
export const PageEcho = z.object({ total: z.number(), page: z.number(), pageSize: z.number() });

/** What a list report's answer adds (only when the call asked for a `page`): its PageEcho. */
export const ListPageEcho = PageEcho.partial();
