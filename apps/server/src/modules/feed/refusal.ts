import { type FeedConflict, type FeedEventError, type FeedRefusal, formatCount } from '@playrep/contracts';

/**
 * A batch the feed refuses as a whole, with its answer: 409 (event ids applied before with
 * another body, each listed), 413 (too many events) or 422 (invalid events, each listed). Nothing was applied.
 */
export class FeedBatchRefused extends Error {
  constructor(
    readonly statusCode: 409 | 413 | 422,
    readonly body: FeedRefusal | FeedConflict | { message: string },
  ) {
    super(body.message);
    this.name = 'FeedBatchRefused';
  }
}

export function invalidEvents(errors: FeedEventError[]): FeedBatchRefused {
  const events = new Set(errors.map((e) => e.index)).size;
  const message = `The batch was refused: ${formatCount(events, 'invalid event')} (listed in errors). Nothing was applied.`;
  return new FeedBatchRefused(422, { message, errors: [...errors].sort((a, b) => a.index - b.index) });
}

/** The invalid events of a batch, in the order they are found. */
export class EventErrors {
  readonly list: FeedEventError[] = [];

  add(index: number, id: string | null, field: string, reason: string): void {
    this.list.push({ index, id, field, reason });
  }

  get any(): boolean {
    return this.list.length > 0;
  }
}
