import type { TwoStepStateResponse } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryPreparedRows, queryRows, type Tx } from '../../../db/client.js';
import { type AccountName, type AccountNameRow, accountNameOf } from '../../accounts/account-name.js';
import {
  ADDRESS_ATTEMPT_LIMIT,
  ADDRESS_ATTEMPT_WINDOW_MS,
  ADDRESS_FAILURE_LIMIT,
  DEVICE_FAILURE_LIMIT,
  FAILED,
  FAILURE_WINDOW_MS,
  failureDelaySeconds,
  type RetryAfter,
  THROTTLED,
  type UsernameThrottle,
} from './attempts.js';
import { textList } from './sql-lists.js';
import { hashSessionToken } from './tokens.js';

/**
 * What the gate reads; its writes are in commands.ts.
 * - Sessions (docs/domain.md, "Sessions and sign-in"): absolute expiry SESSION_TTL_SECONDS after
 *   sign-in, revoked at logout and when the account is made inactive; made by the gate alone
 *   (session-gate.ts). Times come from the app clock.
 * - The account at the moment of passage.
 * - Two-step sign-in's stored state (docs/domain.md, "Access"): the authenticator app's secret,
 *   sealed with SECRET_KEY (secret-box.ts) and confirmed by a first code, and ten single-use
 *   recovery codes, kept hashed (totp.ts). Codes are checked by codes.ts only; the account page
 *   (own-account/) and a manager (manage/) change the state.
 * - The sign-in attempts the throttles count (the rules: attempts.ts).
 */

/** A live session with its account, as the session reader keeps it on the request. */
export interface LiveSession {
  sessionId: number;
  expiresAt: Date;
  accountId: string;
  username: string;
  role: string;
  firstName: string;
  lastName: string;
  parentId: string | null;
  language: string;
}

/**
 * The live sessions behind these tokens, each with its account, by token: not expired, not
 * revoked, account active and not blocked. A token without one is missing from the answer.
 */
export async function findLiveSessions(db: Queryable, tokens: readonly string[], now: Date): Promise<Map<string, LiveSession>> {
  const found = new Map<string, LiveSession>();
  if (tokens.length === 0) return found;
  const byHash = new Map(tokens.map((token) => [hashSessionToken(token), token]));
  const rows = await queryPreparedRows<{
    token_hash: string;
    session_id: number;
    expires_at: Date | string;
    account_id: string;
    username: string;
    role: string;
    first_name: string;
    last_name: string;
    parent_id: string | null;
    language: string;
  }>(
    db,
    sql`SELECT s.token_hash, s.id AS session_id, s.expires_at, a.id AS account_id, a.username, a.role::text AS role,
               a.first_name, a.last_name, a.parent_id, a.language
          FROM sessions s JOIN accounts a ON a.id = s.account_id
         WHERE s.token_hash = ANY(${sql.param([...byHash.keys()])}::text[]) AND s.revoked_at IS NULL
           AND s.expires_at > ${now.toISOString()}::timestamptz
           AND a.user_status AND a.blocked_at IS NULL AND a.role <> 'house'`,
  );
  for (const row of rows) {
    const token = byHash.get(row.token_hash);
    if (token === undefined) continue;
    found.set(token, {
      sessionId: Number(row.session_id),
      expiresAt: new Date(row.expires_at),
      accountId: row.account_id,
      username: row.username,
      role: row.role,
      firstName: row.first_name,
      lastName: row.last_name,
      parentId: row.parent_id,
      language: row.language,
    });
  }
  return found;
}

/** The account as the gate reads it, locked for the passage. */
export interface AccountAtGate extends AccountName {
  hasPassword: boolean;
  active: boolean;
  blocked: boolean;
  language: string;
}

/** The account at the moment of passage, its row locked until the door's transaction ends. */
export async function lockAccountAtGate(tx: Queryable, accountId: string): Promise<AccountAtGate | null> {
  const [row] = await queryRows<
    AccountNameRow & { has_password: boolean; user_status: boolean; blocked: boolean; language: string }
  >(
    tx,
    sql`SELECT id, username, first_name, last_name, role::text AS role, password_hash IS NOT NULL AS has_password,
               user_status, blocked_at IS NOT NULL AS blocked, language
          FROM accounts WHERE id = ${accountId}::uuid AND role <> 'house'
           FOR UPDATE`,
  );
  if (!row) return null;
  return {
    ...accountNameOf(row),
    hasPassword: row.has_password,
    active: row.user_status,
    blocked: row.blocked,
    language: row.language,
  };
}

export interface TwoStepRow {
  accountId: string;
  secretEncrypted: string;
  confirmedAt: Date | null;
  lastUsedStep: number | null;
  createdAt: Date;
}

/** The account's two-step row, locked for the caller's transaction: `on` once confirmed, else a set-up waiting. */
export async function lockTwoStep(tx: Queryable, accountId: string): Promise<TwoStepRow | null> {
  const [row] = await queryRows<{
    account_id: string;
    secret_encrypted: string;
    confirmed_at: Date | string | null;
    last_used_step: number | null;
    created_at: Date | string;
  }>(tx, sql`SELECT * FROM two_step WHERE account_id = ${accountId}::uuid FOR UPDATE`);
  if (!row) return null;
  return {
    accountId: row.account_id,
    secretEncrypted: row.secret_encrypted,
    confirmedAt: row.confirmed_at === null ? null : new Date(row.confirmed_at),
    lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
    createdAt: new Date(row.created_at),
  };
}

export async function twoStepState(
  db: Queryable,
  accountId: string,
  required: boolean,
  available: boolean,
): Promise<TwoStepStateResponse> {
  const [row] = await queryRows<{ on: boolean; codes_left: number }>(
    db,
    sql`SELECT t.confirmed_at IS NOT NULL AS on,
               (SELECT count(*)::int FROM two_step_recovery_codes r WHERE r.account_id = t.account_id AND r.used_at IS NULL) AS codes_left
          FROM two_step t WHERE t.account_id = ${accountId}::uuid`,
  );
  const on = row?.on === true;
  return {
    on,
    settingUp: row !== undefined && !on,
    recoveryCodesLeft: on ? Number(row?.codes_left ?? 0) : 0,
    required,
    available,
  };
}

/** Whether the account's two-step sign-in is on. */
export async function twoStepOn(db: Queryable, accountId: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM two_step WHERE account_id = ${accountId}::uuid AND confirmed_at IS NOT NULL`,
  );
  return rows.length > 0;
}

// Advisory lock classes (the two-key form) of the sign-in counters; distinct from any one-key lock.
const ADDRESS_LOCK_CLASS = 7301;
const USERNAME_LOCK_CLASS = 7302;

/**
 * Makes the caller's transaction the only one counting and recording attempts for this address
 * and for this username (ignoring case) until it ends, so that N parallel attempts see each
 * other's records: exactly the limit gets through. Always the address first, then the name, so
 * two sign-ins can never wait on each other in a cycle. Pass only the address when there is no
 * username (a malformed body).
 */
export async function lockAttemptCounters(tx: Tx, address: string, username?: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}, hashtext(${address}))`);
  if (username !== undefined) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${USERNAME_LOCK_CLASS}, hashtext(lower(${username})))`);
  }
}

const secondsUntil = (instant: number, now: Date) => Math.max(1, Math.ceil((instant - now.getTime()) / 1000));

// min()/max() of a timestamptz may arrive as a Date or a string depending on the driver.
function toTime(value: Date | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).getTime();
}

/** More than ADDRESS_ATTEMPT_LIMIT attempts a minute from one client address are refused. */
export async function addressRetryAfter(db: Queryable, address: string, now: Date): Promise<RetryAfter> {
  const since = new Date(now.getTime() - ADDRESS_ATTEMPT_WINDOW_MS);
  const [row] = await queryRows<{ n: number; oldest: Date | string | null }>(
    db,
    sql`SELECT count(*)::int AS n, min(at) AS oldest FROM sign_in_attempts
         WHERE address = ${address} AND at > ${since.toISOString()}::timestamptz AND reason NOT IN (${textList(THROTTLED)})`,
  );
  const oldest = toTime(row?.oldest);
  if ((row?.n ?? 0) < ADDRESS_ATTEMPT_LIMIT || oldest === null) return null;
  // When the oldest counted attempt leaves the window, the count drops below the limit again.
  return secondsUntil(oldest + ADDRESS_ATTEMPT_WINDOW_MS, now);
}

/**
 * Whether a valid device cookie (by its nonce) still exempts from the growing delay: fewer than
 * DEVICE_FAILURE_LIMIT failures made with it within the last 15 minutes.
 */
export async function deviceTrusted(db: Queryable, device: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM sign_in_attempts
         WHERE device = ${device} AND at > ${since.toISOString()}::timestamptz AND reason IN (${textList(FAILED)})`,
  );
  return (row?.n ?? 0) < DEVICE_FAILURE_LIMIT;
}

/**
 * The per-username rules for an attempt from `address`: refused for this address after
 * ADDRESS_FAILURE_LIMIT failures from it (with a device cookie or not), else the growing delay
 * after the failures made everywhere without a trusted device cookie, which does not hold back an
 * attempt with one; null when the attempt may go ahead.
 */
export async function usernameThrottle(
  db: Queryable,
  username: string,
  address: string,
  now: Date,
  trustedDevice: boolean,
): Promise<UsernameThrottle | null> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  // lower() on both sides (not JavaScript's toLowerCase) so the key matches the expression index.
  const failed = textList(FAILED);
  // The latest successful sign-in to this username without a device cookie (for the delay: one
  // with a cookie says nothing about the others), and from this address (for its limit).
  const lastSuccess = (which: SQL) => sql`coalesce((SELECT max(s.at) FROM sign_in_attempts s
     WHERE lower(s.username) = lower(${username}) AND s.success AND ${which}), '-infinity'::timestamptz)`;
  const sinceUntrusted = lastSuccess(sql`s.device IS NULL`);
  const sinceHere = lastSuccess(sql`s.address = ${address}`);
  const [row] = await queryRows<{
    failures: number;
    latest: Date | string | null;
    here: number;
    oldest_here: Date | string | null;
  }>(
    db,
    sql`
    SELECT count(*) FILTER (WHERE a.device IS NULL AND a.at > ${sinceUntrusted})::int AS failures,
           max(a.at) FILTER (WHERE a.device IS NULL AND a.at > ${sinceUntrusted}) AS latest,
           count(*) FILTER (WHERE a.address = ${address} AND a.at > ${sinceHere})::int AS here,
           min(a.at) FILTER (WHERE a.address = ${address} AND a.at > ${sinceHere}) AS oldest_here
      FROM sign_in_attempts a
     WHERE lower(a.username) = lower(${username})
       AND a.reason IN (${failed})
       AND a.at > ${since.toISOString()}::timestamptz`,
  );
  const oldestHere = toTime(row?.oldest_here);
  if ((row?.here ?? 0) >= ADDRESS_FAILURE_LIMIT && oldestHere !== null) {
    return { refused: 'account_address', retryAfter: secondsUntil(oldestHere + FAILURE_WINDOW_MS, now) };
  }
  if (trustedDevice) return null;
  const delay = failureDelaySeconds(row?.failures ?? 0);
  const latest = toTime(row?.latest);
  if (delay > 0 && latest !== null && latest + delay * 1000 > now.getTime()) {
    return { refused: 'account', retryAfter: secondsUntil(latest + delay * 1000, now) };
  }
  return null;
}
