import type { ActivityKind } from '@playrep/contracts';
import type { Queryable } from '../../db/client.js';
import { activity } from '../../db/schema/index.js';
import { shortDevice } from './device.js';

/** Who did it: an account, a feed key, the command line, or nobody known (a sign-in that failed). */
export type ActivityActor = { accountId: string } | { feedKeyId: number } | 'cli' | 'anonymous';

/** Where a request came from, as the activity keeps it. */
export interface ActivityOrigin {
  address?: string | null | undefined;
  /** The User-Agent header as sent: shortened here. */
  userAgent?: string | null | undefined;
}

/** Who acts and from where, handed down to what records the facts of an action (a link issued, a password changed). */
export interface ActivityBy extends ActivityOrigin {
  actor: ActivityActor;
}

/** One access fact (docs/domain.md, "Access", Activity). */
export interface ActivityFact extends ActivityOrigin {
  at: Date;
  kind: ActivityKind;
  actor: ActivityActor;
  /** The account the fact is about, when there is one. */
  subjectId?: string | null | undefined;
  /** What the screen says besides (see present.ts): a failure's reason, an export's call and filters, a batch's counts. */
  details?: Record<string, unknown>;
}

/**
 * Records an access fact, in the caller's transaction where the fact is one (a sign-in, a link
 * used), so that the record and the fact commit or roll back together. The table only grows: the
 * database refuses changes and deletes (migration 0017) but the retention's.
 */
export async function recordActivity(db: Queryable, fact: ActivityFact): Promise<void> {
  await recordActivities(db, [fact]);
}

/** Several facts of one action at once (links issued in bulk: up to 5,000), in slices under the bind parameter limit. */
export async function recordActivities(db: Queryable, facts: readonly ActivityFact[]): Promise<void> {
  for (let i = 0; i < facts.length; i += 1_000) {
    await db.insert(activity).values(facts.slice(i, i + 1_000).map(activityValues));
  }
}

function activityValues(fact: ActivityFact): typeof activity.$inferInsert {
  const { actor } = fact;
  return {
    at: fact.at,
    kind: fact.kind,
    actorType: typeof actor === 'string' ? actor : 'accountId' in actor ? 'account' : 'feed',
    actorId: typeof actor === 'object' && 'accountId' in actor ? actor.accountId : null,
    feedKeyId: typeof actor === 'object' && 'feedKeyId' in actor ? actor.feedKeyId : null,
    subjectId: fact.subjectId ?? null,
    address: fact.address ?? null,
    device: shortDevice(fact.userAgent),
    details: fact.details ?? {},
  };
}
