import type { Queryable } from '../../db/client.js';
import { recordActivity } from './record.js';

export interface SignInFact {
  at: Date;
  /** The account the attempt named, when it names one. */
  accountId: string | null;
  /** The username as typed. */
  username: string;
  /** 'ok', or why not (identity/gate/attempts.ts AttemptReason). */
  reason: string;
  address: string;
  userAgent?: string | undefined;
  /** How the second step was passed, when it was asked. */
  twoStep?: 'code' | 'recovery' | undefined;
  /** The door it came through (identity/gate/session-gate.ts Door), when not the password's. */
  door?: string | undefined;
}

/**
 * A sign-in, a failed one, or a right password (or link) followed by a request for the two-step
 * code, which is no failure (docs/access.md, "One gate for every way in", Activity words);
 * in the attempt's transaction. Until the sign-in succeeds nobody known acted (whoever typed): the
 * subject is the account named, if any, else the username typed is kept.
 */
export async function recordSignIn(db: Queryable, fact: SignInFact): Promise<void> {
  const ok = fact.reason === 'ok';
  if (ok && fact.twoStep === 'recovery' && fact.accountId) {
    const { accountId } = fact;
    await recordActivity(db, { ...fact, kind: 'recovery-code-used', actor: { accountId }, subjectId: accountId, details: {} });
  }
  const door = fact.door && fact.door !== 'password' ? { door: fact.door } : {};
  const asked = fact.reason === 'two_step_asked';
  await recordActivity(db, {
    at: fact.at,
    kind: ok ? 'sign-in' : asked ? 'code-asked' : 'sign-in-failed',
    actor: ok && fact.accountId ? { accountId: fact.accountId } : 'anonymous',
    subjectId: fact.accountId,
    address: fact.address,
    userAgent: fact.userAgent,
    details:
      ok || asked
        ? { ...door, ...(fact.twoStep ? { twoStep: fact.twoStep } : {}) }
        : { reason: fact.reason, ...(fact.accountId ? {} : { username: fact.username }) },
  });
}

/** A sign-out that ended a session of the account. */
export async function recordSignOut(
  db: Queryable,
  request: { ip: string; headers: { 'user-agent'?: string | undefined } },
  accountId: string,
  at: Date,
): Promise<void> {
  await recordActivity(db, {
    at,
    kind: 'sign-out',
    actor: { accountId },
    subjectId: accountId,
    address: request.ip,
    userAgent: request.headers['user-agent'],
  });
}
