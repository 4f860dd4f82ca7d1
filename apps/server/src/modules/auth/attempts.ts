import { and, count, eq, gt, min, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { signInAttempts } from '../../db/schema/index.js';

/**
 * Sign-in attempts and the throttling computed from them (DOMAIN.md section 7). Counting from the
 * table (not memory) keeps the limits across restarts and across server instances.
 */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60_000;
export const ADDRESS_ATTEMPT_LIMIT = 30;
export const ADDRESS_ATTEMPT_WINDOW_MS = 60_000;

export type AttemptReason = 'ok' | 'unknown_user' | 'wrong_password' | 'inactive' | 'throttled_account' | 'throttled_address';

/** Refused attempts are recorded but not counted, so that waiting Retry-After seconds always suffices. */
const THROTTLED: AttemptReason[] = ['throttled_account', 'throttled_address'];

export interface AttemptRecord {
  at: Date;
  accountId: string | null;
  username: string;
  address: string;
  reason: AttemptReason;
}

export async function recordAttempt(db: Queryable, attempt: AttemptRecord): Promise<void> {
  await db.insert(signInAttempts).values({
    at: attempt.at,
    accountId: attempt.accountId,
    // What was typed, bounded; never the password.
    username: attempt.username.slice(0, 100),
    address: attempt.address,
    success: attempt.reason === 'ok',
    reason: attempt.reason,
  });
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
 * More than ACCOUNT_FAILURE_LIMIT wrong passwords for one account within 15 minutes are refused.
 * Failures before the account's latest successful sign-in no longer count.
 */
export async function accountRetryAfter(db: Queryable, accountId: string, now: Date): Promise<RetryAfter> {
  const since = new Date(now.getTime() - ACCOUNT_FAILURE_WINDOW_MS);
  const lastSuccess = sql`coalesce((SELECT max(s.at) FROM sign_in_attempts s WHERE s.account_id = ${accountId}::uuid AND s.success), '-infinity'::timestamptz)`;
  const [row] = await db
    .select({ n: count(), oldest: min(signInAttempts.at) })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.accountId, accountId),
        eq(signInAttempts.reason, 'wrong_password'),
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
