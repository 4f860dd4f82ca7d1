import { FEED_EVENT_TYPES, type FeedEventCheck, type FeedEventType } from '@playrep/contracts';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { feedEvents } from '../../db/schema/index.js';

/**
 * `GET /api/feed/v1/events/{id}`: whether the key applied this event id, when and in which batch.
 * Only the key's own ids: another key's use of the same id is "not applied" here.
 */
export async function feedEventCheck(db: Queryable, keyId: number, id: string): Promise<FeedEventCheck> {
  const [row] = await db
    .select({ type: feedEvents.type, appliedAt: feedEvents.appliedAt, batchId: feedEvents.batchId })
    .from(feedEvents)
    .where(and(eq(feedEvents.keyId, keyId), eq(feedEvents.id, id)));
  if (!row) return { id, applied: false, type: null, appliedAt: null, batchId: null };
  return {
    id,
    applied: true,
    type: (FEED_EVENT_TYPES as readonly string[]).includes(row.type) ? (row.type as FeedEventType) : null,
    appliedAt: row.appliedAt.toISOString(),
    batchId: row.batchId,
  };
}
