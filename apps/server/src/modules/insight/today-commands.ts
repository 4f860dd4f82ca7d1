import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';

/** Today's one write (its reads are in today.ts): the caller's big-win threshold, in hundredths. */
export async function setBigWinThreshold(db: Queryable, accountId: string, cents: bigint): Promise<void> {
  await db.execute(sql`UPDATE accounts SET big_win_threshold_cents = ${cents.toString()}::bigint WHERE id = ${accountId}::uuid`);
}
