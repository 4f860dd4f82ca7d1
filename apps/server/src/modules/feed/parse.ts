import { FEED_MAX_AHEAD_MS, FEED_MAX_DRAW_AHEAD_MS, FEED_MAX_EVENTS, FeedEvent, type FeedEventError } from '@playrep/contracts';
import { z } from 'zod';
import { badRequest } from '../../lib/http-error.js';
import { type AppliedEvent, canonicalHash, toAppliedEvent } from './events.js';
import { FeedBatchRefused, invalidEvents } from './refusal.js';

export interface ParsedEvent {
  index: number;
  event: AppliedEvent;
  hash: string;
}

const FeedEvents = z.array(FeedEvent);

/**
 * Events checked, converted and hashed at a time. A batch of thousands takes tens of milliseconds
 * of CPU: in slices, with the event loop free between them, other requests are answered meanwhile.
 */
const SLICE = 250;

/**
 * Checks the shape of every event of a batch (the contracts' schemas) and its instants against the
 * server's clock `now` (aheadOfClock), and lists every invalid event at once: a 422 names them
 * all, one reason per field. A body without an `events` array is a 400, more than
 * FEED_MAX_EVENTS events a 413.
 */
export async function parseBatch(events: unknown, now: Date): Promise<ParsedEvent[]> {
  if (!Array.isArray(events)) throw badRequest('events: must be an array of events ({ "events": [ ... ] })');
  if (events.length > FEED_MAX_EVENTS) {
    throw new FeedBatchRefused(413, {
      message: `A batch holds at most ${FEED_MAX_EVENTS.toLocaleString('en')} events; this one has ${events.length.toLocaleString('en')}. Send it in smaller batches.`,
    });
  }
  const parsed: ParsedEvent[] = [];
  const errors: FeedEventError[] = [];
  for (let start = 0; start < events.length; start += SLICE) {
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const slice = events.slice(start, start + SLICE);
    const result = FeedEvents.safeParse(slice);
    if (!result.success) {
      errors.push(...errorsOf(result.error.issues, slice, start));
      continue;
    }
    result.data.forEach((valid, i) => {
      const event = toAppliedEvent(valid);
      const index = start + i;
      for (const [field, reason] of aheadOfClock(event, now)) errors.push({ index, id: event.id, field, reason });
      // Once an event is invalid the batch is refused: the rest is only checked, not hashed.
      if (errors.length === 0) parsed.push({ index, event, hash: canonicalHash(event) });
    });
  }
  if (errors.length > 0) throw invalidEvents(errors);
  return parsed;
}

/**
 * The instants of an event too far ahead of the server's clock: a fact is at most
 * FEED_MAX_AHEAD_MS ahead (the platform's clock may run a little fast), the draw a play is on at
 * most FEED_MAX_DRAW_AHEAD_MS (a bet on a coming draw). Anything later would sit where no report
 * looks until that day.
 */
function aheadOfClock(event: AppliedEvent, now: Date): [field: string, reason: string][] {
  const found: [string, string][] = [];
  const check = (field: string, instant: Date, aheadMs: number, allowed: string) => {
    if (instant.getTime() - now.getTime() > aheadMs) {
      found.push([field, `must be at most ${allowed} ahead of the server's clock (now ${now.toISOString()})`]);
    }
  };
  if ('at' in event) check('at', event.at, FEED_MAX_AHEAD_MS, '5 minutes');
  if (event.type === 'draw') check('drawAt', event.drawAt, FEED_MAX_AHEAD_MS, '5 minutes');
  if (event.type === 'play') check('drawAt', event.drawAt, FEED_MAX_DRAW_AHEAD_MS, '24 hours');
  return found;
}

/** The issues of a slice's parse, as one error per event and field (the first rule it breaks); `offset`: the slice's first index. */
function errorsOf(issues: z.core.$ZodIssue[], events: unknown[], offset: number): FeedEventError[] {
  const errors: FeedEventError[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const [index, ...path] = issue.path;
    if (typeof index !== 'number') continue;
    const field = path.length > 0 ? path.join('.') : 'event';
    if (seen.has(`${index} ${field}`)) continue;
    seen.add(`${index} ${field}`);
    const reason = path.length > 0 ? issue.message : 'must be an object with an id, a type and its fields';
    errors.push({ index: offset + index, id: idOf(events[index]), field, reason });
  }
  return errors;
}

function idOf(raw: unknown): string | null {
  const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id.length >= 1 && id.length <= 128 ? id : null;
}
