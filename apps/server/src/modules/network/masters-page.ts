import { type SQL, sql } from 'drizzle-orm';

/**
 * The masters of a subtree in a list report's order, whole or one page: shared with the loan
 * reports, so kept in play-sums (play-sums/masters-page.ts); the network's lists reach it here.
 */
export {
  type AccountSort,
  type Direction,
  mastersCount,
  mastersInOrder,
  mastersOrderBy,
  type RowWindow,
  windowOf,
} from '../play-sums/masters-page.js';

/** The condition of Non Performing's list: masters switched off (over `accounts a`). */
export const INACTIVE_MASTERS: SQL = sql`NOT a.user_status`;
