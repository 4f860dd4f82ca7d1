import type { Queryable } from '../../db/client.js';
import { type ActivityOrigin, recordActivity } from './record.js';

interface BatchOf extends ActivityOrigin {
  keyId: number;
  now: Date;
}

/** A batch the feed applied (in its transaction): the key, what was applied by type and the duplicates. */
export function recordBatchApplied(
  tx: Queryable,
  batch: BatchOf,
  applied: number,
  duplicates: number,
  types: Record<string, number>,
): Promise<void> {
  return recordBatch(tx, batch, 'feed-batch-applied', { applied, duplicates, types });
}

/** A batch the feed refused as a whole (after its transaction rolled back): its status and why. */
export function recordBatchRefused(db: Queryable, batch: BatchOf, status: number, message: string): Promise<void> {
  return recordBatch(db, batch, 'feed-batch-refused', { status, message });
}

function recordBatch(
  db: Queryable,
  batch: BatchOf,
  kind: 'feed-batch-applied' | 'feed-batch-refused',
  details: Record<string, unknown>,
): Promise<void> {
  return recordActivity(db, {
    at: batch.now,
    kind,
    actor: { feedKeyId: batch.keyId },
    address: batch.address,
    userAgent: batch.userAgent,
    details,
  });
}
