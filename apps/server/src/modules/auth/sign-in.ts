import {
  INACTIVE_ACCOUNT_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  type LoginResponse,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from '@playrep/contracts';
import type { Queryable } from '../../db/client.js';
import { forbidden, HttpError, unauthorized } from '../../lib/http-error.js';
import { findAccountByUsername, toAuthUser } from './accounts.js';
import { accountRetryAfter, addressRetryAfter, recordAttempt } from './attempts.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { createSession } from './sessions.js';

export interface SignInRequest {
  username: string;
  password: string;
  /** The client address as Fastify sees it (request.ip: proxy headers only when trusted). */
  address: string;
  now: Date;
}

const NO_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

const tooMany = (seconds: number) => new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, { 'Retry-After': String(seconds) });

/**
 * Checks a username and password and opens a session. In order: the per-address limit, the
 * per-account limit, the password (verified against a decoy hash when the account is unknown so
 * both failures take as long and answer the same), then the account status (only revealed to
 * someone who knows the password). Every attempt is recorded, whatever its outcome.
 */
export async function signIn(db: Queryable, request: SignInRequest): Promise<LoginResponse> {
  const { now, address } = request;
  const username = request.username.trim();
  const record = (accountId: string | null, reason: Parameters<typeof recordAttempt>[1]['reason']) =>
    recordAttempt(db, { at: now, accountId, username, address, reason });

  const addressWait = await addressRetryAfter(db, address, now);
  if (addressWait !== null) {
    await record(null, 'throttled_address');
    throw tooMany(addressWait);
  }

  const account = await findAccountByUsername(db, username);
  // The same query runs for an unknown name (on an id no account has) to keep timings alike.
  const accountWait = await accountRetryAfter(db, account?.id ?? NO_ACCOUNT_ID, now);
  if (account && accountWait !== null) {
    await record(account.id, 'throttled_account');
    throw tooMany(accountWait);
  }

  const passwordOk = await verifyPassword(account?.passwordHash ?? (await decoyHash()), request.password);
  if (!account?.passwordHash) {
    await record(account?.id ?? null, 'unknown_user');
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  if (!passwordOk) {
    await record(account.id, 'wrong_password');
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  if (!account.userStatus) {
    await record(account.id, 'inactive');
    throw forbidden(INACTIVE_ACCOUNT_MESSAGE);
  }

  const session = await createSession(db, account.id, now);
  await record(account.id, 'ok');
  const user = toAuthUser(account);
  return { token: session.token, user, roles: user.roles, expiresAt: session.expiresAt.toISOString() };
}
