import { type FeedBatchRow, type FeedKeyRow, PLATFORM_BATCH_COUNT, PLATFORM_MESSAGES } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Queryable, queryRows } from '../../db/client.js';
import { definite } from '../../lib/definite.js';
import { conflict, notFound } from '../../lib/http-error.js';
import type { EndpointHandlers, SignedInRequest } from '../../plugins/endpoints.js';
import { detailsText } from '../activity/present.js';
import { createFeedKey, FeedKeyNameTaken, revokeFeedKey } from '../feed/keys.js';

/**
 * The Platform screen (superadmin; docs/domain.md, "Access"): the feed keys without the command
 * line (created, shown once; revoked) and the last 100 batches, read from the activity, which
 * records every batch applied or refused.
 */
export function platformHandlers(app: FastifyInstance): EndpointHandlers<'platform' | 'feedKeyCreate' | 'feedKeyRevoke'> {
  // Keys change on the primary, whatever replica the reads go to.
  const primary = app.database.db;
  const by = (request: SignedInRequest) => ({
    actor: { accountId: request.auth.accountId },
    address: request.ip,
    userAgent: request.headers['user-agent'],
  });
  return {
    platform: async () => {
      const [keys, batches] = await Promise.all([feedKeyRows(app.db), lastBatches(app.db)]);
      return { json: () => ({ keys, batches }), download: () => ({ about: [], sheets: { keys, batches } }) };
    },
    feedKeyCreate: async (request) => {
      const { name } = request.query;
      try {
        const created = await createFeedKey(primary, name, app.clock.now(), by(request));
        return { message: PLATFORM_MESSAGES.created(created.name), name: created.name, key: created.key };
      } catch (err) {
        if (err instanceof FeedKeyNameTaken) throw conflict(PLATFORM_MESSAGES.nameTaken(name));
        throw err;
      }
    },
    feedKeyRevoke: async (request) => {
      const { name } = request.query;
      if (!(await revokeFeedKey(primary, name, app.clock.now(), by(request)))) throw notFound(PLATFORM_MESSAGES.noSuchKey(name));
      return { message: PLATFORM_MESSAGES.revoked(name) };
    },
  };
}

async function feedKeyRows(db: Queryable): Promise<FeedKeyRow[]> {
  const rows = await queryRows<{
    name: string;
    created_at: string;
    last_used_at: string | null;
    revoked_at: string | null;
    events_applied: string;
    counts: string | null;
  }>(
    db,
    sql`SELECT k.name, k.created_at::text AS created_at, k.last_used_at::text AS last_used_at, k.revoked_at::text AS revoked_at,
               k.events_applied::text AS events_applied,
               (SELECT string_agg(c.type || ' ' || c.events, ', ' ORDER BY c.type) FROM feed_key_counts c WHERE c.key_id = k.id) AS counts
          FROM feed_keys k
         ORDER BY k.revoked_at IS NOT NULL, k.created_at, k.id`,
  );
  const iso = (text: string | null) => (text === null ? null : new Date(text).toISOString());
  return rows.map((r) => ({
    name: r.name,
    state: r.revoked_at === null ? 'Live' : 'Revoked',
    createdAt: definite(iso(r.created_at), 'created_at'),
    lastUsedAt: iso(r.last_used_at),
    eventsApplied: Number(r.events_applied),
    counts: r.counts ?? '',
    live: r.revoked_at === null,
  }));
}

/** The last batches, newest first: the activity's feed-batch entries (index activity_kind_at_idx). */
async function lastBatches(db: Queryable): Promise<FeedBatchRow[]> {
  const rows = await queryRows<{
    id: string;
    at: string;
    kind: string;
    name: string | null;
    details: unknown;
    address: string | null;
  }>(
    db,
    sql`SELECT e.id::text AS id, e.at::text AS at, e.kind, k.name, e.details, e.address
          FROM (SELECT * FROM activity WHERE kind = 'feed-batch-applied'
                UNION ALL SELECT * FROM activity WHERE kind = 'feed-batch-refused'
                ORDER BY at DESC, id DESC LIMIT ${PLATFORM_BATCH_COUNT}) e
          LEFT JOIN feed_keys k ON k.id = e.feed_key_id
         ORDER BY e.at DESC, e.id DESC`,
  );
  return rows.map((r) => {
    const details = (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown>;
    return {
      _id: r.id,
      at: new Date(r.at).toISOString(),
      key: r.name ?? '',
      outcome: r.kind === 'feed-batch-applied' ? 'Applied' : 'Refused',
      details: detailsText(r.kind, details),
      address: r.address ?? '',
    };
  });
}
