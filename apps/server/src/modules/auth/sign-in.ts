import {
  INACTIVE_ACCOUNT_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  type LoginResponse,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from '@playrep/contracts';
import type { Queryable } from '../../db/client.js';
import { forbidden, HttpError, unauthorized } from '../../lib/http-error.js';
import { KeyedQueue } from '../../lib/keyed-queue.js';
import { findSignInAccount } from '../accounts/repository.js';
import { toAuthUser } from './accounts.js';
import {
  type AttemptReason,
  addressRetryAfter,
  attemptedUsername,
  lockAttemptCounters,
  recordAttempt,
  throttleAddress,
  usernameThrottle,
} from './attempts.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { createSession } from './sessions.js';

export interface SignInRequest {
  username: string;
  password: string;
  /** The client address as Fastify sees it (request.ip: proxy headers only when trusted). */
  address: string;
  now: Date;
}

/**
 * Parallel attempts from one address, or at one username, wait their turn in this process before
 * they take a database connection (the advisory locks below still order them across processes).
 */
const byAddress = new KeyedQueue();
const byUsername = new KeyedQueue();

const tooMany = (seconds: number) => new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, { 'Retry-After': String(seconds) });

/**
 * Checks a username and password and opens a session. In order: the per-address limit, the
 * per-username limits (this address's failures, then the growing delay; attempts.ts), the
 * password (verified against a decoy hash when the account is unknown so both failures take as
 * long and answer the same), then the account status (only revealed to someone who knows the
 * password). Every attempt is recorded, whatever its outcome.
 *
 * Counting, checking and recording run in one transaction holding advisory locks on the address
 * and the username, so parallel attempts are counted one after the other (argon2 takes ~6 ms).
 * Refusals are recorded inside it and thrown once it has committed.
 */
export async function signIn(db: Queryable, request: SignInRequest): Promise<LoginResponse> {
  const { now } = request;
  const address = throttleAddress(request.address);
  const username = attemptedUsername(request.username);
  const outcome = await byAddress.run(address, () =>
    byUsername.run(username.toLowerCase(), () =>
      db.transaction(async (tx): Promise<LoginResponse | HttpError> => {
        const record = (accountId: string | null, reason: AttemptReason) =>
          recordAttempt(tx, { at: now, accountId, username, address, reason });
        await lockAttemptCounters(tx, address, username);

        const addressWait = await addressRetryAfter(tx, address, now);
        if (addressWait !== null) {
          await record(null, 'throttled_address');
          return tooMany(addressWait);
        }
        // Looked up before the username limit so that a refusal takes as long for every name.
        const account = await findSignInAccount(tx, username);
        const throttled = await usernameThrottle(tx, username, address, now);
        if (throttled !== null) {
          await record(account?.id ?? null, `throttled_${throttled.refused}`);
          return tooMany(throttled.retryAfter);
        }

        const passwordOk = await verifyPassword(account?.passwordHash ?? (await decoyHash()), request.password);
        if (!account?.passwordHash) {
          await record(account?.id ?? null, 'unknown_user');
          return unauthorized(INVALID_CREDENTIALS_MESSAGE);
        }
        if (!passwordOk) {
          await record(account.id, 'wrong_password');
          return unauthorized(INVALID_CREDENTIALS_MESSAGE);
        }
        if (!account.userStatus) {
          await record(account.id, 'inactive');
          return forbidden(INACTIVE_ACCOUNT_MESSAGE);
        }

        const session = await createSession(tx, account.id, now);
        await record(account.id, 'ok');
        const user = toAuthUser(account);
        return { token: session.token, user, roles: user.roles, expiresAt: session.expiresAt.toISOString() };
      }),
    ),
  );
  if (outcome instanceof HttpError) throw outcome;
  return outcome;
}

/**
 * A login body that failed validation still counts towards (and is refused by) the per-address
 * limit, and is recorded; the caller then answers the validation error.
 */
export async function recordMalformedSignIn(
  db: Queryable,
  request: { body: unknown; address: string; now: Date },
): Promise<void> {
  const { now } = request;
  const address = throttleAddress(request.address);
  const typed = (request.body as { username?: unknown } | null)?.username;
  const username = typeof typed === 'string' ? attemptedUsername(typed) : '';
  const refused = await db.transaction(async (tx) => {
    await lockAttemptCounters(tx, address);
    const addressWait = await addressRetryAfter(tx, address, now);
    await recordAttempt(tx, {
      at: now,
      accountId: null,
      username,
      address,
      reason: addressWait === null ? 'malformed' : 'throttled_address',
    });
    return addressWait === null ? null : tooMany(addressWait);
  });
  if (refused) throw refused;
}
