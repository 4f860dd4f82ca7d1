import { FEED_MAX_EVENTS, FeedEvent, type FeedEventError } from '@playrep/contracts';
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
 * Checks the shape of every event of a batch (the contracts' schemas) and lists every invalid one
 * at once: a 422 names them all, one reason per field. A body without an `events` array is a 400,
 * more than FEED_MAX_EVENTS events a 413. `checked`: the events were parsed by FeedEvent already
 * (the route's body schema), so only their conversion is left.
 */
export function parseBatch(events: unknown, options: { checked?: boolean } = {}): ParsedEvent[] {
  if (!Array.isArray(events)) throw badRequest('events: must be an array of events ({ "events": [ ... ] })');
  if (events.length > FEED_MAX_EVENTS) {
    throw new FeedBatchRefused(413, {
      message: `A batch holds at most ${FEED_MAX_EVENTS.toLocaleString('en')} events; this one has ${events.length.toLocaleString('en')}. Send it in smaller batches.`,
    });
  }
  let valid = events as FeedEvent[];
  if (!options.checked) {
    const result = FeedEvents.safeParse(events);
    if (!result.success) throw invalidEvents(errorsOf(result.error.issues, events));
    valid = result.data;
  }
  return valid.map((parsed, index) => {
    const event = toAppliedEvent(parsed);
    return { index, event, hash: canonicalHash(event) };
  });
}

/** The issues of the array's parse, as one error per event and field (the first rule it breaks). */
function errorsOf(issues: z.core.$ZodIssue[], events: unknown[]): FeedEventError[] {
  const errors: FeedEventError[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const [index, ...path] = issue.path;
    if (typeof index !== 'number') continue;
    const field = path.length > 0 ? path.join('.') : 'event';
    if (seen.has(`${index} ${field}`)) continue;
    seen.add(`${index} ${field}`);
    const reason = path.length > 0 ? issue.message : 'must be an object with an id, a type and its fields';
    errors.push({ index, id: idOf(events[index]), field, reason });
  }
  return errors;
}

function idOf(raw: unknown): string | null {
  const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id.length >= 1 && id.length <= 128 ? id : null;
}
