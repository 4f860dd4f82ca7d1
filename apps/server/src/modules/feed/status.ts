import { FEED_EVENT_TYPES, type FeedEventType, type FeedStatusResponse } from '@playrep/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { feedKeyCounts, feedKeys } from '../../db/schema/index.js';
import { notFound } from '../../lib/http-error.js';

/** `GET /api/feed/v1/status`: the key's name, its last applied event and its counts per type. */
export async function feedStatus(db: Queryable, keyId: number): Promise<FeedStatusResponse> {
  const [key] = await db.select().from(feedKeys).where(eq(feedKeys.id, keyId));
  if (!key) throw notFound('No such feed key');
  const rows = await db
    .select({ type: feedKeyCounts.type, events: feedKeyCounts.events })
    .from(feedKeyCounts)
    .where(eq(feedKeyCounts.keyId, keyId));
  const counts = Object.fromEntries(FEED_EVENT_TYPES.map((type) => [type, 0])) as Record<FeedEventType, number>;
  for (const row of rows) if (isEventType(row.type)) counts[row.type] = Number(row.events);
  const lastEvent =
    key.lastEventId && key.lastEventAt && isEventType(key.lastEventType)
      ? { id: key.lastEventId, type: key.lastEventType, appliedAt: key.lastEventAt.toISOString() }
      : null;
  return {
    name: key.name,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    lastEvent,
    eventsApplied: Number(key.eventsApplied),
    counts,
  };
}

function isEventType(value: unknown): value is FeedEventType {
  return typeof value === 'string' && (FEED_EVENT_TYPES as readonly string[]).includes(value);
}
