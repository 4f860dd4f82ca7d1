import type { FeedBatchResponse, FeedEventResult } from '@playrep/contracts';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation, pgConstraint, pgErrorCode, SQLSTATE } from '../../db/errors.js';
import { istDay } from '../../lib/dates.js';
import { recordBatchApplied } from '../activity/feed.js';
import type { ActivityOrigin } from '../activity/record.js';
import { applyAccount } from './apply/accounts.js';
import { applyCafe } from './apply/cafes.js';
import { type ApplyContext, EventRefused, gameIdsReader, type Item } from './apply/context.js';
import { refuseDrawsTooClose } from './apply/draw-times.js';
import { applyDraws } from './apply/draws.js';
import { applyLoan } from './apply/loans.js';
import { applyPlays, applyPokerHands } from './apply/plays.js';
import { applyTransfer, applyTransferResolution, lockLedgerParties } from './apply/transfers.js';
import { applyVoids, firstVoids } from './apply/voids.js';
import type { AppliedEvent } from './events.js';
import { lastClosedWeeks, takeBatchLocks } from './locks.js';
import { type ParsedEvent, parseBatch } from './parse.js';
import { claimEventIds, recordKeyUse } from './record.js';
import { EventErrors, FeedBatchRefused, invalidEvents } from './refusal.js';

export interface FeedBatchInput extends ActivityOrigin {
  /** The feed key the batch comes with (its counts and last event are kept). */
  keyId: number;
  /** The batch's events as received: checked here. */
  events: unknown;
  /** Arrival time: late plays and hands are booked on its IST day. */
  now: Date;
}

/**
 * Deadlocks and serialisation failures roll the whole batch back: it is simply tried again. So does
 * a playId or handId that another batch registered while this one applied it (the registries'
 * primary keys, migration 0010): tried again, the id is known and that event is refused.
 */
const ATTEMPTS = 5;
const RETRYABLE = new Set<string>([SQLSTATE.deadlockDetected, SQLSTATE.serializationFailure]);
const RACED_REGISTRY_KEYS = new Set(['play_platform_ids_pkey', 'poker_hand_platform_ids_pkey']);

/**
 * Applies a batch of platform events (docs/domain.md, "Data from the game platform"): in order, in one transaction, all or
 * nothing. The one entry point of the feed, for the HTTP endpoint and for sources inside the
 * server (a demo feed) alike.
 *
 * - Every event's shape is checked first; any invalid one refuses the batch (422, all listed).
 * - An event id applied before with the same canonical body is a duplicate (acknowledged, nothing
 *   changes); with another body the batch is refused (409). Ids are claimed in the transaction
 *   (feed_events' primary key), so two batches racing with one id cannot both apply it.
 * - Events that depend on the data (unknown usernames, overdrafts, known business ids) are refused
 *   as they are applied; applying goes on to find every refusal, then everything is rolled back.
 *
 * Returns the 200 answer; throws FeedBatchRefused (409, 413, 422) or an HttpError (400).
 */
export async function applyFeedBatch(db: Db, input: FeedBatchInput): Promise<FeedBatchResponse> {
  const parsed = await parseBatch(input.events, input.now);
  const { unique, repeats } = firstOccurrences(parsed);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const duplicates = await applyInTransaction(tx, input, unique);
        return answer(parsed, duplicates, repeats);
      });
    } catch (err) {
      if (attempt >= ATTEMPTS || !retryable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}

/** The first event of each id; a later one with the same body is a duplicate, with another a 409. */
function firstOccurrences(parsed: ParsedEvent[]): { unique: ParsedEvent[]; repeats: Set<number> } {
  const first = new Map<string, ParsedEvent>();
  const repeats = new Set<number>();
  const conflicting = new Set<string>();
  for (const item of parsed) {
    const earlier = first.get(item.event.id);
    if (!earlier) first.set(item.event.id, item);
    else if (earlier.hash === item.hash) repeats.add(item.index);
    else conflicting.add(item.event.id);
  }
  if (conflicting.size > 0) throw conflictingIds([...conflicting], 'twice in this batch, with different bodies');
  return { unique: [...first.values()], repeats };
}

/** Applies the batch's new events; returns the ids that were applied before (duplicates). */
async function applyInTransaction(tx: Tx, input: FeedBatchInput, unique: ParsedEvent[]): Promise<Set<string>> {
  await takeBatchLocks(tx, { changesNetwork: unique.some((p) => changesNetwork(p.event)) });
  const claim = await claimEventIds(tx, input.keyId, unique, input.now);
  if (claim.conflicting.length > 0) throw conflictingIds(claim.conflicting, 'before with a different body');
  const fresh = unique.filter((p) => !claim.duplicates.has(p.event.id));
  await lockLedgerParties(
    tx,
    fresh.map((p) => p.event),
  );

  const ctx: ApplyContext = {
    tx,
    now: input.now,
    by: { actor: { feedKeyId: input.keyId }, address: input.address, userAgent: input.userAgent },
    today: istDay(input.now),
    lastClosed: await lastClosedWeeks(tx),
    errors: new EventErrors(),
    gameIds: gameIdsReader(tx),
    usedIds: new Map(),
  };
  await applyInOrder(ctx, fresh);
  if (ctx.errors.any) throw invalidEvents(ctx.errors.list);
  await recordKeyUse(tx, input.keyId, fresh, input.now);
  await recordBatchApplied(tx, input, fresh.length, unique.length - fresh.length, countByType(fresh));
  return claim.duplicates;
}

function countByType(events: ParsedEvent[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { event } of events) counts[event.type] = (counts[event.type] ?? 0) + 1;
  return counts;
}

/** Account and cafe events change who is whose and which cafe is whose. */
function changesNetwork(event: AppliedEvent): boolean {
  return event.type === 'account' || event.type === 'cafe';
}

/**
 * Events one by one, in order, except plays, poker hands, their voids and draw results: those are
 * gathered and applied set-based at the next account or cafe event (or the end). Nothing else
 * reads or changes what they write, so only the events they may depend on (accounts, cafes) must
 * come first; a draw result sent among plays lands the same either way (a play creates its draw
 * without a result, the draw event gives it one, in whichever order). Voids come after the plays
 * and hands of their run, so a void may name a play sent earlier in the same batch (such a play
 * is inserted voided). Draw results
 * and plays naming a new draw too close to another of its game are refused first, and left out.
 */
async function applyInOrder(ctx: ApplyContext, events: ParsedEvent[]): Promise<void> {
  let draws: Item<'draw'>[] = [];
  let plays: Item<'play'>[] = [];
  let hands: Item<'pokerHand'>[] = [];
  let voids: Item<'play.voided' | 'pokerHand.voided'>[] = [];
  const flush = async () => {
    const tooClose = await refuseDrawsTooClose(ctx, [...draws, ...plays]);
    const kept = <T extends { index: number }>(items: T[]) =>
      tooClose.size === 0 ? items : items.filter((i) => !tooClose.has(i.index));
    await applyDraws(ctx, kept(draws));
    // A void of a play or hand of this run is written with its insert (no update follows).
    const voidedPlays = await applyPlays(ctx, kept(plays), firstVoids(voids, 'play.voided'));
    const voidedHands = await applyPokerHands(ctx, hands, firstVoids(voids, 'pokerHand.voided'));
    await applyVoids(ctx, voids, { 'play.voided': voidedPlays, 'pokerHand.voided': voidedHands });
    draws = [];
    plays = [];
    hands = [];
    voids = [];
  };
  for (const { index, event } of events) {
    if (event.type === 'draw') draws.push({ index, event });
    else if (event.type === 'play') plays.push({ index, event });
    else if (event.type === 'pokerHand') hands.push({ index, event });
    else if (event.type === 'play.voided' || event.type === 'pokerHand.voided') voids.push({ index, event });
    else {
      if (changesNetwork(event)) await flush();
      await applyOne(ctx, { index, event });
    }
  }
  await flush();
}

async function applyOne(ctx: ApplyContext, item: Item): Promise<void> {
  try {
    switch (item.event.type) {
      case 'account':
        return await applyAccount(ctx, item as Item<'account'>);
      case 'cafe':
        return await applyCafe(ctx, item as Item<'cafe'>);
      case 'transfer':
        return await applyTransfer(ctx, item as Item<'transfer'>);
      case 'transfer.accepted':
      case 'transfer.rejected':
      case 'transfer.cancelled':
        return await applyTransferResolution(ctx, item as Item<'transfer.accepted' | 'transfer.rejected' | 'transfer.cancelled'>);
      case 'loan':
        return await applyLoan(ctx, item as Item<'loan'>);
      case 'draw':
      case 'play':
      case 'pokerHand':
      case 'play.voided':
      case 'pokerHand.voided':
        throw new Error('draws, plays, poker hands and their voids are applied in runs');
    }
  } catch (err) {
    if (!(err instanceof EventRefused)) throw err;
    ctx.errors.add(item.index, item.event.id, err.field, err.reason);
  }
}

function answer(parsed: ParsedEvent[], duplicates: Set<string>, repeats: Set<number>): FeedBatchResponse {
  const results: FeedEventResult[] = parsed.map(({ index, event }) => ({
    id: event.id,
    status: repeats.has(index) || duplicates.has(event.id) ? 'duplicate' : 'applied',
  }));
  const applied = results.filter((r) => r.status === 'applied').length;
  return { applied, duplicates: results.length - applied, results };
}

/** The 409: the message names the first few ids, `conflictingIds` every one. */
function conflictingIds(ids: string[], how: string): FeedBatchRefused {
  const shown = ids
    .slice(0, 5)
    .map((id) => `"${id}"`)
    .join(', ');
  const more = ids.length > 5 ? ` and ${ids.length - 5} more (listed in conflictingIds)` : '';
  const plural = ids.length === 1 ? 'Event id' : 'Event ids';
  return new FeedBatchRefused(409, {
    message: `${plural} ${shown}${more} came ${how}: an event id is bound to one body for ever. The batch was refused; nothing was applied.`,
    conflictingIds: ids,
  });
}

function retryable(err: unknown): boolean {
  return RETRYABLE.has(pgErrorCode(err) ?? '') || (isUniqueViolation(err) && RACED_REGISTRY_KEYS.has(pgConstraint(err) ?? ''));
}
