import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tstz } from './columns.js';

/**
 * The platform feed (docs/domain.md, "Data from the game platform"): its keys, their counts and the
 * events applied.
 */

/** Keys of the platform feed: only the SHA-256 of a key is kept. A name is unique among live keys. */
export const feedKeys = pgTable(
  'feed_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: tstz('created_at').notNull(),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
    eventsApplied: bigint('events_applied', { mode: 'number' }).notNull().default(0),
    lastEventId: text('last_event_id'),
    lastEventType: text('last_event_type'),
    lastEventAt: tstz('last_event_at'),
  },
  (t) => [uniqueIndex('feed_keys_live_name_key').on(sql`lower(${t.name})`).where(sql`${t.revokedAt} IS NULL`)],
);

/** Events applied through each key, by event type. */
export const feedKeyCounts = pgTable(
  'feed_key_counts',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => feedKeys.id),
    type: text('type').notNull(),
    events: bigint('events', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.type] })],
);

/**
 * Every event id ever applied through each key, with the hash of its canonical body: an id the key
 * sends again with the same body is a duplicate (acknowledged, nothing changes); with another body
 * the batch is refused. Ids are the key's own: another key may use the same id (migration 0013, feed ids per key).
 */
export const feedEvents = pgTable(
  'feed_events',
  {
    id: text('id').notNull(),
    // Checked per statement, as plays' references (migration 0012).
    keyId: integer('key_id').notNull(),
    type: text('type').notNull(),
    bodyHash: text('body_hash').notNull(),
    appliedAt: tstz('applied_at').notNull(),
    // The batch that applied it: one id for every event of that batch; null before migration 0018.
    batchId: uuid('batch_id'),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.id] })],
);
