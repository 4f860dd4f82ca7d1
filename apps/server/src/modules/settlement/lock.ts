/**
 * Key of the transaction-level advisory lock under which a closing seals the weeks it is about to
 * close, and Cafe Trends' kept periods move to a new week. Those take it alone; the platform feed
 * shares it while a batch books plays (feed/locks.ts), and so does the database's trigger that
 * changes the kept periods (migration 0043, which names the number), so a batch either finishes
 * before the seal or the move, or sees it.
 */
export const SETTLEMENT_LOCK_KEY = 7_246_001;
