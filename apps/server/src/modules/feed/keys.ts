import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { feedKeys } from '../../db/schema/index.js';
import { type ActivityActor, type ActivityOrigin, recordActivity } from '../activity/record.js';
import { hashSessionToken, newSessionToken } from '../identity/gate/tokens.js';

/**
 * Keys of the platform feed (docs/domain.md, "Data from the game platform"). A key is `feed_` and 256 random bits; only its
 * SHA-256 is stored (the session tokens' helpers), so it is shown once, when created. The prefix
 * tells a feed key from a session token at a glance, and keeps each out of the other's routes.
 */
const PREFIX = 'feed_';
const KEY_SHAPE = /^feed_[A-Za-z0-9_-]{43}$/;

export const FEED_KEY_NAME_RULE = '1 to 64 letters, digits, ".", "_" or "-"';
const NAME_SHAPE = /^[A-Za-z0-9._-]{1,64}$/;

export function isFeedKeyName(name: string): boolean {
  return NAME_SHAPE.test(name);
}

/** Cheap shape check so that garbage never reaches the database. */
export function looksLikeFeedKey(value: string | undefined | null): value is string {
  return typeof value === 'string' && KEY_SHAPE.test(value);
}

export interface FeedKeyRef {
  id: number;
  name: string;
}

export class FeedKeyNameTaken extends Error {}

/** Who creates or revokes a key, for the activity (a person on the Platform screen, the command line); the server's own demo key is not recorded. */
export interface FeedKeyChange extends ActivityOrigin {
  actor: ActivityActor;
}

/** A new live key named `name` (unique among live keys, ignoring case); returns the key itself, once. */
export async function createFeedKey(
  db: Queryable,
  name: string,
  now: Date,
  by?: FeedKeyChange,
): Promise<FeedKeyRef & { key: string }> {
  if (!isFeedKeyName(name)) throw new Error(`A feed key name is ${FEED_KEY_NAME_RULE}.`);
  const key = PREFIX + newSessionToken();
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(feedKeys)
      .values({ name, keyHash: hashSessionToken(key), createdAt: now })
      .onConflictDoNothing()
      .returning({ id: feedKeys.id, name: feedKeys.name });
    if (row && by) await recordActivity(tx, { ...by, at: now, kind: 'feed-key-created', details: { name: row.name } });
    return row;
  });
  if (!created) throw new FeedKeyNameTaken(`There is already a live feed key named "${name}".`);
  return { ...created, key };
}

/** The live key behind a presented key, or null (unknown, revoked, malformed). */
export async function findLiveFeedKey(db: Queryable, key: string): Promise<FeedKeyRef | null> {
  if (!looksLikeFeedKey(key)) return null;
  const [row] = await db
    .select({ id: feedKeys.id, name: feedKeys.name })
    .from(feedKeys)
    .where(and(eq(feedKeys.keyHash, hashSessionToken(key)), isNull(feedKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** The live key of that name (ignoring case), or null: for a source inside the server, which posts without the key itself. */
export async function findLiveFeedKeyByName(db: Queryable, name: string): Promise<FeedKeyRef | null> {
  const [row] = await db
    .select({ id: feedKeys.id, name: feedKeys.name })
    .from(feedKeys)
    .where(and(sql`lower(${feedKeys.name}) = lower(${name})`, isNull(feedKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** Revokes the live key of that name; false when there is none. */
export async function revokeFeedKey(db: Queryable, name: string, now: Date, by?: FeedKeyChange): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(feedKeys)
      .set({ revokedAt: now })
      .where(and(sql`lower(${feedKeys.name}) = lower(${name})`, isNull(feedKeys.revokedAt)))
      .returning({ id: feedKeys.id, name: feedKeys.name });
    if (row && by) await recordActivity(tx, { ...by, at: now, kind: 'feed-key-revoked', details: { name: row.name } });
    return row !== undefined;
  });
}

export interface FeedKeyListing {
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  eventsApplied: number;
}

/** Every key, live ones first, oldest first: never the key itself, which is not stored. */
export async function listFeedKeys(db: Queryable): Promise<FeedKeyListing[]> {
  return db
    .select({
      name: feedKeys.name,
      createdAt: feedKeys.createdAt,
      lastUsedAt: feedKeys.lastUsedAt,
      revokedAt: feedKeys.revokedAt,
      eventsApplied: feedKeys.eventsApplied,
    })
    .from(feedKeys)
    .orderBy(sql`${feedKeys.revokedAt} IS NOT NULL`, asc(feedKeys.createdAt), asc(feedKeys.id));
}

/** Marks a key as used now (a status call; a batch records its use in its own transaction). */
export async function touchFeedKey(db: Queryable, id: number, now: Date): Promise<void> {
  await db.update(feedKeys).set({ lastUsedAt: now }).where(eq(feedKeys.id, id));
}
