import { type SQL, sql } from 'drizzle-orm';

/**
 * Non Performing's condition over the masters that play-sums/masters-page.ts lists in order (the
 * list reports' server paging, shared with the loan reports): masters switched off (over
 * `accounts a`).
 */
export const INACTIVE_MASTERS: SQL = sql`NOT a.user_status`;
