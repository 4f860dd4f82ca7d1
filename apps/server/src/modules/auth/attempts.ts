import { and, count, eq, gt, inArray, min, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.js';
import { signInAttempts } from '../../db/schema/index.js';

/**
 * Sign-in attempts and the throttling computed from them (DOMAIN.md section 7). Counting from the
 * table (not memory) keeps the limits across restarts and across server instances.
 *
 * Failures are counted by the username as typed (trimmed, compared ignoring case), whether or not
 * an account has that name: an unknown name is throttled exactly like a real one, so the 429
 * reveals nothing about which usernames exist.
 */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60_000;
export const ADDRESS_ATTEMPT_LIMIT = 30;
export const ADDRESS_ATTEMPT_WINDOW_MS = 60_000;

export type AttemptReason =
  | 'ok'
  | 'unknown_user'
  | 'wrong_password'
  | 'inactive'
  | 'malformed'
  | 'throttled_account'
  | 'throttled_address';

/** Refused attempts are recorded but not counted, so that waiting Retry-After seconds always suffices. */
const THROTTLED: AttemptReason[] = ['throttled_account', 'throttled_address'];
/** What counts towards the per-username limit: a wrong password, for a real name or not. */
const FAILED: AttemptReason[] = ['wrong_password', 'unknown_user'];

/** The username an attempt is recorded and counted under: as typed, trimmed and bounded. */
export function attemptedUsername(typed: string): string {
  return typed.trim().slice(0, 100);
}

export interface AttemptRecord {
  at: Date;
  accountId: string | null;
  /** attemptedUsername() of what was typed; never the password. */
  username: string;
  address: string;
  reason: AttemptReason;
}

export async function recordAttempt(db: Queryable, attempt: AttemptRecord): Promise<void> {
  await db.insert(signInAttempts).values({
    at: attempt.at,
    accountId: attempt.accountId,
    username: attemptedUsername(attempt.username),
    address: attempt.address,
    success: attempt.reason === 'ok',
    reason: attempt.reason,
  });
}

// Advisory lock classes (the two-key form) of the sign-in counters; distinct from any one-key lock.
const ADDRESS_LOCK_CLASS = 7301;
const USERNAME_LOCK_CLASS = 7302;

/**
 * Makes the caller's transaction the only one counting and recording attempts for this address
 * and for this username (ignoring case) until it ends, so that N parallel attempts see each
 * other's records: exactly the limit gets through. Always the address first, then the name, so
 * two sign-ins can never wait on each other in a cycle. Pass only the username key when there is
 * none (a malformed body).
 */
export async function lockAttemptCounters(tx: Tx, address: string, username?: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}, hashtext(${address}))`);
  if (username !== undefined) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${USERNAME_LOCK_CLASS}, hashtext(lower(${username})))`);
  }
}

/** Seconds to wait before the next attempt is allowed, or null when it is allowed now. */
export type RetryAfter = number | null;

function retryAfter(counted: number, limit: number, oldest: Date | null, windowMs: number, now: Date): RetryAfter {
  if (counted < limit || !oldest) return null;
  // When the oldest counted attempt leaves the window, the count drops below the limit again.
  return Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000));
}

/** More than ADDRESS_ATTEMPT_LIMIT attempts a minute from one client address are refused. */
export async function addressRetryAfter(db: Queryable, address: string, now: Date): Promise<RetryAfter> {
  const since = new Date(now.getTime() - ADDRESS_ATTEMPT_WINDOW_MS);
  const [row] = await db
    .select({ n: count(), oldest: min(signInAttempts.at) })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.address, address), gt(signInAttempts.at, since), notInArray(signInAttempts.reason, THROTTLED)));
  return retryAfter(row?.n ?? 0, ADDRESS_ATTEMPT_LIMIT, toDate(row?.oldest), ADDRESS_ATTEMPT_WINDOW_MS, now);
}

/**
 * More than ACCOUNT_FAILURE_LIMIT failures for one username within 15 minutes are refused.
 * Failures before that username's latest successful sign-in no longer count.
 */
export async function usernameRetryAfter(db: Queryable, username: string, now: Date): Promise<RetryAfter> {
  const since = new Date(now.getTime() - ACCOUNT_FAILURE_WINDOW_MS);
  // lower() on both sides (not JavaScript's toLowerCase) so the key matches the expression index.
  const sameName = (column: SQL | typeof signInAttempts.username) => sql`lower(${column}) = lower(${username})`;
  const lastSuccess = sql`coalesce((SELECT max(s.at) FROM sign_in_attempts s WHERE ${sameName(sql`s.username`)} AND s.success), '-infinity'::timestamptz)`;
  const [row] = await db
    .select({ n: count(), oldest: min(signInAttempts.at) })
    .from(signInAttempts)
    .where(
      and(
        sameName(signInAttempts.username),
        inArray(signInAttempts.reason, FAILED),
        gt(signInAttempts.at, since),
        sql`${signInAttempts.at} > ${lastSuccess}`,
      ),
    );
  return retryAfter(row?.n ?? 0, ACCOUNT_FAILURE_LIMIT, toDate(row?.oldest), ACCOUNT_FAILURE_WINDOW_MS, now);
}

// min() of a timestamptz may arrive as a Date or a string depending on the driver.
function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}
