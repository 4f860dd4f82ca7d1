import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import type { IsoDay } from '../../../lib/dates.js';
import type { ActivityBy } from '../../activity/record.js';
import type { AppliedEvent, AppliedEventOf } from '../events.js';
import type { EventErrors } from '../refusal.js';

/** What every event of a batch is applied with: the batch's transaction, its clock and its errors. */
export interface ApplyContext {
  tx: Tx;
  now: Date;
  /** The batch's feed key, address and device: the actor of the access facts it causes (links ended). */
  by: ActivityBy;
  /** The IST day the batch arrived: late plays and hands are booked on it. */
  today: IsoDay;
  /** Monday of the last closed week of each settlement (null: none closed yet). */
  lastClosed: { games: IsoDay | null; poker: IsoDay | null };
  errors: EventErrors;
  /** Game ids by code (read once per batch, when needed). */
  gameIds(): Promise<Map<string, number>>;
  /** Business ids used so far in this batch, by kind ('play', 'pokerHand', ...): id -> event index. */
  usedIds: Map<string, Map<string, number>>;
}

export interface Item<T extends AppliedEvent['type'] = AppliedEvent['type']> {
  index: number;
  event: AppliedEventOf<T>;
}

/** A refusal of one event, on one of its fields: listed in the 422, the batch is not applied. */
export class EventRefused extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** An event of the batch, as errors name it. */
export interface EventRef {
  index: number;
  event: { id: string };
}

export function refuse(ctx: ApplyContext, item: EventRef, field: string, reason: string): void {
  ctx.errors.add(item.index, item.event.id, field, reason);
}

/**
 * Claims a business id for this event within the batch: false (and the event refused) when an
 * earlier event of the same batch already used it.
 */
export function claimBatchId(ctx: ApplyContext, item: EventRef, kind: string, field: string, value: string): boolean {
  const used = ctx.usedIds.get(kind) ?? new Map<string, number>();
  ctx.usedIds.set(kind, used);
  const earlier = used.get(value);
  if (earlier !== undefined) {
    refuse(ctx, item, field, `is already used by event ${earlier} of this batch`);
    return false;
  }
  used.set(value, item.index);
  return true;
}

export function gameIdsReader(tx: Tx): () => Promise<Map<string, number>> {
  let ids: Promise<Map<string, number>> | undefined;
  return () => {
    ids ??= queryRows<{ id: number; code: string }>(tx, sql`SELECT id, code FROM games`).then(
      (rows) => new Map(rows.map((r) => [r.code, Number(r.id)])),
    );
    return ids;
  };
}
