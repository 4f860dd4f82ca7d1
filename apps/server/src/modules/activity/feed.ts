import type { Queryable } from '../../db/client.js';
import { type ActivityOrigin, recordActivity } from './record.js';

interface BatchOf extends ActivityOrigin {
  keyId: number;
  now: Date;
}

/** A batch the feed applied (in its transaction): the key, what was applied by type and the duplicates. */
export async function recordBatchApplied(
  tx: Queryable,
  batch: BatchOf,
  applied: number,
  duplicates: number,
  types: Record<string, number>,
): Promise<void> {
  await recordActivity(tx, {
    at: batch.now,
    kind: 'feed-batch-applied',
    actor: { feedKeyId: batch.keyId },
    address: batch.address,
    userAgent: batch.userAgent,
    details: { applied, duplicates, types },
  });
}

/** A batch the feed refused as a whole (after its transaction rolled back): its status and why. */
export async function recordBatchRefused(db: Queryable, batch: BatchOf, status: number, message: string): Promise<void> {
  await recordActivity(db, {
    at: batch.now,
    kind: 'feed-batch-refused',
    actor: { feedKeyId: batch.keyId },
    address: batch.address,
    userAgent: batch.userAgent,
    details: { status, message },
  });
}
