import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.js';
import type { IsoDay } from '../../lib/dates.js';
import { SETTLEMENT_LOCK_KEY } from '../settlement/index.js';

/**
 * Account and cafe events change who is whose (a subtree moves, a cafe changes hands) and the
 * database re-files the roll-up rows concerned. A batch with such events takes this lock alone,
 * every other batch shares it: no play is folded under a parent that is being changed.
 */
export const NETWORK_LOCK_KEY = 7_246_002;

/**
 * A batch's locks, until it commits. The weekly closing's lock (SETTLEMENT_LOCK_KEY of the
 * settlement) is shared: the closing takes it alone for the moment it seals the weeks it closes,
 * so a week is never sealed while a batch books plays into it, and a batch decides what is late
 * from the weeks closed or sealed before it began (tested: the seal waits for a batch that holds
 * it, feed.concurrency.test.ts). The closing itself then runs beside the batches. The network lock
 * as above.
 */
export async function takeBatchLocks(tx: Tx, options: { changesNetwork: boolean }): Promise<void> {
  const network = options.changesNetwork
    ? sql`pg_advisory_xact_lock(${NETWORK_LOCK_KEY})`
    : sql`pg_advisory_xact_lock_shared(${NETWORK_LOCK_KEY})`;
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${SETTLEMENT_LOCK_KEY}), ${network}`);
}

/**
 * Monday of the last closed week of each settlement, a week being closed (sealed: its row in
 * week_seals, settlement/close-weeks.ts) counting as closed; weeks are sealed and closed in order,
 * so every week up to it is final for the feed: what arrives for it is booked in the open week.
 */
export async function lastClosedWeeks(tx: Tx): Promise<{ games: IsoDay | null; poker: IsoDay | null }> {
  const rows = await queryRows<{ kind: string; week_start: string }>(
    tx,
    sql`SELECT kind::text AS kind, max(week_start)::text AS week_start
          FROM (SELECT kind, week_start FROM settled_weeks UNION ALL SELECT kind, week_start FROM week_seals) w
         GROUP BY kind`,
  );
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.week_start ?? null;
  return { games: of('games'), poker: of('poker') };
}
