import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.js';
import type { ParsedEvent } from './parse.js';

export interface Claim {
  /** Ids applied before with the same body. */
  duplicates: Set<string>;
  /** Ids applied before with another body (the batch is refused). */
  conflicting: string[];
}

/**
 * Claims the batch's event ids for its key in feed_events, with their body hashes and the id of
 * this batch (`GET /api/feed/v1/events/{id}` answers it: the events one batch applied share it). Ids are the
 * key's own: another key's use of the same id is never met. An id another batch of the key is
 * claiming at the same moment waits for it (primary key), then counts as seen before; an id seen
 * before is a duplicate when its hash matches, a conflict otherwise.
 */
export async function claimEventIds(tx: Tx, keyId: number, events: ParsedEvent[], now: Date): Promise<Claim> {
  if (events.length === 0) return { duplicates: new Set(), conflicting: [] };
  const rows = JSON.stringify(events.map((p) => ({ id: p.event.id, type: p.event.type, hash: p.hash })));
  const batchId = randomUUID();
  // Answers only the ids it could not claim (none, as a rule), not the thousand it claimed. Their
  // hashes are read by a statement of their own: one that another batch committed while this one
  // waited for it is not in this statement's snapshot.
  const unclaimed = await queryRows<{ id: string }>(
    tx,
    sql`WITH r AS MATERIALIZED (
          SELECT * FROM json_to_recordset(${rows}::json) AS r(id text, type text, hash text)
        ), claimed AS (
          INSERT INTO feed_events (id, key_id, type, body_hash, applied_at, batch_id)
          SELECT r.id, ${keyId}, r.type, r.hash, ${now.toISOString()}::timestamptz, ${batchId}::uuid FROM r
          ON CONFLICT (key_id, id) DO NOTHING
          RETURNING id
        )
        SELECT r.id FROM r WHERE r.id NOT IN (SELECT id FROM claimed)`,
  );
  if (unclaimed.length === 0) return { duplicates: new Set(), conflicting: [] };
  const unclaimedIds = new Set(unclaimed.map((r) => r.id));
  const seen = events.filter((p) => unclaimedIds.has(p.event.id));
  const before = await queryRows<{ id: string; body_hash: string }>(
    tx,
    sql`SELECT id, body_hash FROM feed_events
         WHERE key_id = ${keyId}
           AND id = ANY (ARRAY(SELECT json_array_elements_text(${JSON.stringify(seen.map((p) => p.event.id))}::json)))`,
  );
  const hashOf = new Map(before.map((r) => [r.id, r.body_hash]));
  const duplicates = new Set<string>();
  const conflicting: string[] = [];
  for (const p of seen) {
    if (hashOf.get(p.event.id) === p.hash) duplicates.add(p.event.id);
    else conflicting.push(p.event.id);
  }
  return { duplicates, conflicting };
}

/** The key's use: last used now; with applied events, its last event and its counts per type. */
export async function recordKeyUse(tx: Tx, keyId: number, applied: ParsedEvent[], now: Date): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const last = applied.at(-1)?.event;
  if (!last) {
    await tx.execute(sql`UPDATE feed_keys SET last_used_at = ${at} WHERE id = ${keyId}`);
    return;
  }
  await tx.execute(sql`UPDATE feed_keys
       SET last_used_at = ${at}, events_applied = events_applied + ${applied.length},
           last_event_id = ${last.id}, last_event_type = ${last.type}, last_event_at = ${at}
     WHERE id = ${keyId}`);
  const counts = new Map<string, number>();
  for (const p of applied) counts.set(p.event.type, (counts.get(p.event.type) ?? 0) + 1);
  // In type order, so two batches of one key never wait for each other's rows crosswise.
  const rows = [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([type, events]) => ({ type, events }));
  await tx.execute(sql`INSERT INTO feed_key_counts (key_id, type, events)
       SELECT ${keyId}, r.type, r.events FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(type text, events bigint)
        ORDER BY r.type
       ON CONFLICT (key_id, type) DO UPDATE SET events = feed_key_counts.events + excluded.events`);
}
