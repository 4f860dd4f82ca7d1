import {
  ACCESS_MESSAGES,
  DEFAULT_LANGUAGE,
  INACTIVE_ACCOUNT_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  isLanguage,
  isRole,
  type LoginResponse,
  type Role,
  SESSION_TTL_SECONDS,
  TWO_STEP_MESSAGES,
} from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { forbidden, type HttpError, unauthorized } from '../../../lib/http-error.js';
import type { ActivityOrigin } from '../../activity/record.js';
import { recordSignIn } from '../../activity/sign-in.js';
import { type AttemptReason, throttleAddress } from './attempts.js';
import { checkCode } from './codes.js';
import { markSignedIn, recordAttempt, revokeSessionsByToken, setPassword } from './commands.js';
import type { NewPassword } from './passwords.js';
import { type AccountAtGate, lockAccountAtGate } from './queries.js';
import { hashSessionToken, newSessionToken } from './tokens.js';
import { toAuthUser } from './users.js';

/**
 * The gate of every session (docs/access.md, "One gate for every way in", Sessions). This
 * is the one place a session is made: every door (DOORS below) brings the account it
 * let through, and the gate checks, at the moment of passage and in this order, that the account
 * exists and has a password, is active on the platform and not blocked, and that its two-step
 * sign-in is satisfied where it is on (a code or an unused recovery code, through codes.ts). A
 * role of REQUIRE_TWO_STEP without it gets a session that opens only the set-up
 * (`twoStepSetupRequired`; two-step-requirement.ts keeps the reports closed to it).
 *
 * The gate records what it decided (an attempt and an Activity entry) in the door's transaction
 * and answers a refusal rather than throwing it, so that the door commits the record first.
 */

/**
 * Every door into a session: its call, and what lets a person through it before the gate. A new
 * door is added here first; the door x state test (doors/doors.test.ts) drives each one listed.
 */
export const DOORS = {
  password: { call: 'login', what: 'a username and its password (then the two-step code, once asked)' },
  'invite-link': { call: 'useLink', what: 'a sign-in link issued by a manager or the command line: sets the password' },
  'reset-link': { call: 'useLink', what: 'a reset link mailed by forgot password: sets the password' },
} as const;

export type Door = keyof typeof DOORS;

export interface Passage {
  door: Door;
  now: Date;
  /** The two-step code or recovery code, when the person typed one. */
  code?: string | undefined;
  /** Session tokens the request presented: a session that opens ends them (a shared terminal's last user). */
  presentedSessions: readonly string[];
  origin: ActivityOrigin & { address: string };
  /** The device cookie the attempt was trusted for (the password door). */
  device?: string | null | undefined;
  /** A new hash of the password just typed (argon2id in place of the platform's bcrypt), stored when the session opens. */
  rehash?: NewPassword | null | undefined;
}

export type GateOutcome = { open: true; answer: LoginResponse } | { open: false; refusal: HttpError };

export interface GateConfig {
  /** REQUIRE_TWO_STEP: roles whose session opens only the set-up until two-step is on. */
  requireTwoStep: readonly Role[];
  /** SECRET_KEY's bytes, to open the two-step secrets; null when none is configured. */
  secretKey: Buffer | null;
}

export interface SessionGate {
  pass(tx: Queryable, accountId: string, passage: Passage): Promise<GateOutcome>;
}

/**
 * Why this account may not have a session whatever is typed, or null: unknown (or the house) or
 * without a password, inactive on the platform, blocked. Also what a link door answers before it
 * takes the link, so that every door says the same.
 */
export function accountRefusal(
  account: Omit<AccountAtGate, 'language'> | null,
): { reason: AttemptReason; refusal: HttpError } | null {
  if (!account?.hasPassword || !isRole(account.role)) {
    return { reason: 'unknown_user', refusal: unauthorized(INVALID_CREDENTIALS_MESSAGE) };
  }
  if (!account.active) return { reason: 'inactive', refusal: forbidden(INACTIVE_ACCOUNT_MESSAGE) };
  if (account.blocked) return { reason: 'blocked', refusal: forbidden(ACCESS_MESSAGES.accountBlocked) };
  return null;
}

export function sessionGate(config: GateConfig): SessionGate {
  return {
    async pass(tx, accountId, passage) {
      const { now } = passage;
      const account = await lockAccountAtGate(tx, accountId);
      const record = async (reason: AttemptReason, twoStep?: 'code' | 'recovery') => {
        const username = account?.username ?? '';
        const address = throttleAddress(passage.origin.address);
        await recordAttempt(tx, { at: now, accountId, username, address, reason, device: passage.device ?? null });
        await recordSignIn(tx, {
          at: now,
          accountId,
          username,
          reason,
          address: passage.origin.address,
          userAgent: passage.origin.userAgent ?? undefined,
          twoStep,
          door: passage.door,
        });
      };

      const refused = accountRefusal(account);
      if (refused || !account || !isRole(account.role)) {
        await record(refused?.reason ?? 'unknown_user');
        return { open: false, refusal: refused?.refusal ?? unauthorized(INVALID_CREDENTIALS_MESSAGE) };
      }
      const code = await checkCode(tx, config.secretKey, {
        account,
        typed: passage.code,
        of: 'on',
        place: 'sign-in',
        now,
        origin: passage.origin,
        device: passage.device,
        wrongStatus: 401,
      });
      if (code.result === 'refused') {
        // A wrong code is recorded by codes.ts; a refusal for too many is a failed sign-in of its own.
        if (code.refusal.statusCode === 429) await record('throttled_codes');
        return { open: false, refusal: code.refusal };
      }
      if (code.result === 'asked') {
        await record('two_step_asked');
        return { open: false, refusal: unauthorized(TWO_STEP_MESSAGES.codeNeeded) };
      }

      const session = await insertSession(tx, account.id, now);
      await revokeSessionsByToken(tx, [...passage.presentedSessions], now);
      await markSignedIn(tx, account.id, now);
      if (passage.rehash) await setPassword(tx, account.id, passage.rehash, null);
      await record('ok', code.result === 'none' ? undefined : code.result);
      const user = toAuthUser({ ...account, role: account.role });
      // two-step not on (none or a set-up still waiting) for a role that must have it: only the set-up opens.
      const setupRequired = code.result === 'none' && config.requireTwoStep.includes(account.role);
      return {
        open: true,
        answer: {
          token: session.token,
          user,
          roles: user.roles,
          expiresAt: session.expiresAt.toISOString(),
          language: isLanguage(account.language) ? account.language : DEFAULT_LANGUAGE,
          ...(setupRequired ? { twoStepSetupRequired: true as const } : {}),
        },
      };
    },
  };
}

/** A new session: a random 256-bit token, only its SHA-256 stored, ending SESSION_TTL_SECONDS after now. */
async function insertSession(tx: Queryable, accountId: string, now: Date) {
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
  await tx.execute(
    sql`INSERT INTO sessions (token_hash, account_id, created_at, expires_at)
        VALUES (${hashSessionToken(token)}, ${accountId}::uuid, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)`,
  );
  return { token, expiresAt };
}
