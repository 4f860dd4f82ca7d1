import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { cents, platformIdKey, tstz } from './columns.js';

/**
 * The ledger: point transfers between accounts (docs/domain.md, "Points and the ledger").
 */

export const channelEnum = pgEnum('transfer_channel', ['single', 'multiplayer']);

export const transferStatusEnum = pgEnum('transfer_status', ['pending', 'accepted', 'rejected', 'cancelled']);

export const transfers = pgTable(
  'transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromId: uuid('from_id')
      .notNull()
      .references(() => accounts.id),
    toId: uuid('to_id')
      .notNull()
      .references(() => accounts.id),
    amountCents: cents('amount_cents').notNull(),
    channel: channelEnum('channel').notNull(),
    status: transferStatusEnum('status').notNull().default('pending'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    resolvedAt: tstz('resolved_at'),
    /** The game platform's `transferId` (feed); null for a transfer it did not send. */
    platformId: text('platform_id'),
  },
  (t) => [
    platformIdKey('transfers', t.platformId),
    index('transfers_from_created_idx').on(t.fromId, t.createdAt),
    index('transfers_to_created_idx').on(t.toId, t.createdAt),
    index('transfers_pending_idx').on(t.status).where(sql`${t.status} = 'pending'`),
    check('transfers_amount_positive', sql`${t.amountCents} > 0`),
    check('transfers_not_self', sql`${t.fromId} <> ${t.toId}`),
    check('transfers_resolved_consistent', sql`(${t.status} = 'pending') = (${t.resolvedAt} IS NULL)`),
  ],
);
