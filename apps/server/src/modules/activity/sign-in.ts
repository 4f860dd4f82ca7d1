import type { Queryable } from '../../db/client.js';
import { recordActivity } from './record.js';

export interface SignInFact {
  at: Date;
  /** The account the attempt named, when it names one. */
  accountId: string | null;
  /** The username as typed. */
  username: string;
  /** 'ok', or why it failed (auth/attempts.ts AttemptReason, two-step's 'wrong_code'). */
  reason: string;
  address: string;
  userAgent?: string | undefined;
  /** How the second step was passed, when it was asked. */
  twoStep?: 'code' | 'recovery' | undefined;
}

/**
 * A sign-in or a failed one, in the attempt's transaction. A failure has no known actor (whoever
 * typed); its subject is the account named, if any, else the username typed is kept.
 */
export async function recordSignIn(db: Queryable, fact: SignInFact): Promise<void> {
  const ok = fact.reason === 'ok';
  if (ok && fact.twoStep === 'recovery' && fact.accountId) {
    const { accountId } = fact;
    await recordActivity(db, { ...fact, kind: 'recovery-code-used', actor: { accountId }, subjectId: accountId, details: {} });
  }
  await recordActivity(db, {
    at: fact.at,
    kind: ok ? 'sign-in' : 'sign-in-failed',
    actor: ok && fact.accountId ? { accountId: fact.accountId } : 'anonymous',
    subjectId: fact.accountId,
    address: fact.address,
    userAgent: fact.userAgent,
    details: ok
      ? fact.twoStep
        ? { twoStep: fact.twoStep }
        : {}
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
