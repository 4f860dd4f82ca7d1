import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { tstz } from './columns.js';
import { feedKeys } from './feed.js';

/**
 * The activity record (docs/domain.md, "Access"): who did what.
 */

/** Who did what the activity records: an account, a feed key, the command line, or nobody known (a failed sign-in). */
export const activityActorEnum = pgEnum('activity_actor', ['account', 'feed', 'cli', 'anonymous']);

/**
 * The activity: every access fact, append-only (migration 0017's trigger refuses an UPDATE, a
 * TRUNCATE and any DELETE but prune_activity's of entries older than the retention).
 */
export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tstz('at').notNull(),
    kind: text('kind').notNull(),
    actorType: activityActorEnum('actor_type').notNull(),
    actorId: uuid('actor_id').references(() => accounts.id),
    feedKeyId: integer('feed_key_id').references(() => feedKeys.id),
    subjectId: uuid('subject_id').references(() => accounts.id),
    address: text('address'),
    /** The user agent, shortened. */
    device: text('device'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('activity_at_idx').on(t.at, t.id),
    index('activity_kind_at_idx').on(t.kind, t.at, t.id),
    index('activity_actor_at_idx').on(t.actorId, t.at, t.id).where(sql`${t.actorId} IS NOT NULL`),
    // With the kind: a subtree's Activity filtered by kind is counted from the index alone (0024).
    index('activity_subject_at_idx').on(t.subjectId, t.at, t.id, t.kind).where(sql`${t.subjectId} IS NOT NULL`),
    // The entries an account made about another account or about none (link issued, block,
    // export...), with their subject and kind: a subtree's Activity reads them member by member,
    // and leaves out those whose subject is in the subtree too without reading the table (0024).
    index('activity_actor_other_at_idx')
      .on(t.actorId, t.at, t.id, t.subjectId, t.kind)
      .where(sql`${t.actorId} IS NOT NULL AND ${t.actorId} IS DISTINCT FROM ${t.subjectId}`),
    check('activity_actor_account', sql`(${t.actorType} = 'account') = (${t.actorId} IS NOT NULL)`),
    check('activity_actor_feed', sql`(${t.actorType} = 'feed') = (${t.feedKeyId} IS NOT NULL)`),
  ],
);
