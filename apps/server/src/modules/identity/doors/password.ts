import {
  ACCESS_MESSAGES,
  INACTIVE_ACCOUNT_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  type LoginResponse,
  TOO_MANY_ATTEMPTS_MESSAGE,
  TWO_STEP_MESSAGES,
} from '@playrep/contracts';
import type { Queryable, Tx } from '../../../db/client.js';
import { forbidden, HttpError, unauthorized } from '../../../lib/http-error.js';
import { KeyedQueue } from '../../../lib/keyed-queue.js';
import { findSignInAccount } from '../../accounts/repository.js';
import { recordSignIn } from '../../activity/sign-in.js';
import {
  type AttemptReason,
  addressRetryAfter,
  attemptedUsername,
  deviceTrusted,
  lockAttemptCounters,
  recordAttempt,
  throttleAddress,
  usernameThrottle,
} from '../gate/attempts.js';
import { openSession } from '../gate/session-gate.js';
import { decoyHash, hashPassword, isBcryptHash, verifyPassword } from '../gate/passwords.js';

export interface SignInRequest {
  username: string;
  password: string;
  /** The client address as Fastify sees it (request.ip: proxy headers only when trusted). */
  address: string;
  now: Date;
  /** The nonce of the valid device cookie the request carries for this account, or null (device-cookies.ts). */
  deviceOf: (accountId: string) => string | null;
  /** Session tokens the request presented: a successful sign-in ends them (a shared terminal's last user). */
  presentedSessions: string[];
  /** The User-Agent header, for the activity. */
  userAgent?: string | undefined;
  /** The two-step code or recovery code, once the server asked for it. */
  code?: string | undefined;
  /** The second step of an account with two-step sign-in on (modules/two-step), in the sign-in's transaction. */
  secondStep?: (tx: Tx, accountId: string, code: string | undefined) => Promise<SecondStep>;
}

/** What the second step found: none on, passed with a code or a recovery code, wrong, or not given yet. */
export type SecondStep = 'off' | 'code' | 'recovery' | 'wrong' | 'asked';

/**
 * Parallel attempts from one address, or at one username, wait their turn in this process before
 * they take a database connection (the advisory locks below still order them across processes).
 */
const byAddress = new KeyedQueue();
const byUsername = new KeyedQueue();

const tooMany = (seconds: number) => new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, { 'Retry-After': String(seconds) });

/**
 * Checks a username and password and opens a session. In order: the per-address limit, the
 * per-username limits (this address's failures, then the growing delay, which a trusted device
 * cookie skips; attempts.ts), the password (verified against a decoy hash when the account is
 * unknown so both failures take as long and answer the same), then the account status (only
 * revealed to someone who knows the password). Every attempt is recorded, whatever its outcome.
 * A successful sign-in ends the sessions the request presented.
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
        const record = async (
          accountId: string | null,
          reason: AttemptReason,
          device: string | null = null,
          second?: SecondStep,
        ) => {
          await recordAttempt(tx, { at: now, accountId, username, address, reason, device });
          const twoStep = second === 'code' || second === 'recovery' ? second : undefined;
          const { address: from, userAgent } = request;
          await recordSignIn(tx, { at: now, accountId, username, reason, address: from, userAgent, twoStep });
        };
        await lockAttemptCounters(tx, address, username);

        const addressWait = await addressRetryAfter(tx, address, now);
        if (addressWait !== null) {
          await record(null, 'throttled_address');
          return tooMany(addressWait);
        }
        // Looked up before the username limit so that a refusal takes as long for every name.
        const account = await findSignInAccount(tx, username);
        // A valid device cookie for this account, unless its own failures have used it up.
        const presented = account ? request.deviceOf(account.id) : null;
        const device = presented !== null && (await deviceTrusted(tx, presented, now)) ? presented : null;
        const throttled = await usernameThrottle(tx, username, address, now, device !== null);
        if (throttled !== null) {
          await record(account?.id ?? null, `throttled_${throttled.refused}`, device);
          return tooMany(throttled.retryAfter);
        }

        const passwordOk = await verifyPassword(account?.passwordHash ?? (await decoyHash()), request.password);
        if (!account?.passwordHash) {
          await record(account?.id ?? null, 'unknown_user', device);
          return unauthorized(INVALID_CREDENTIALS_MESSAGE);
        }
        if (!passwordOk) {
          await record(account.id, 'wrong_password', device);
          return unauthorized(INVALID_CREDENTIALS_MESSAGE);
        }
        if (!account.userStatus) {
          await record(account.id, 'inactive', device);
          return forbidden(INACTIVE_ACCOUNT_MESSAGE);
        }
        if (account.blocked) {
          await record(account.id, 'blocked', device);
          return forbidden(ACCESS_MESSAGES.accountBlocked);
        }
        const second = request.secondStep ? await request.secondStep(tx, account.id, request.code) : 'off';
        if (second === 'asked' || second === 'wrong') {
          await record(account.id, second === 'asked' ? 'two_step_asked' : 'wrong_code', device);
          return unauthorized(second === 'asked' ? TWO_STEP_MESSAGES.codeNeeded : TWO_STEP_MESSAGES.wrongCode);
        }
        // A bcrypt hash from the platform gives way to argon2id now that the password is known.
        const rehash = isBcryptHash(account.passwordHash) ? await hashPassword(request.password) : null;
        const answer = await openSession(tx, account, {
          now,
          presentedSessions: request.presentedSessions,
          passwordHash: rehash,
        });
        await record(account.id, 'ok', device, second);
        return answer;
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
  request: { body: unknown; address: string; now: Date; userAgent?: string | undefined },
): Promise<void> {
  const { now } = request;
  const address = throttleAddress(request.address);
  const typed = (request.body as { username?: unknown } | null)?.username;
  const username = typeof typed === 'string' ? attemptedUsername(typed) : '';
  const refused = await db.transaction(async (tx) => {
    await lockAttemptCounters(tx, address);
    const addressWait = await addressRetryAfter(tx, address, now);
    const reason = addressWait === null ? 'malformed' : 'throttled_address';
    await recordAttempt(tx, { at: now, accountId: null, username, address, reason, device: null });
    await recordSignIn(tx, {
      at: now,
      accountId: null,
      username,
      reason,
      address: request.address,
      userAgent: request.userAgent,
    });
    return addressWait === null ? null : tooMany(addressWait);
  });
  if (refused) throw refused;
}
