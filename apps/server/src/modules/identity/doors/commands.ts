import { ACCESS_MESSAGES, INVALID_CREDENTIALS_MESSAGE, type LoginResponse, TOO_MANY_ATTEMPTS_MESSAGE } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Db, type Queryable, queryRows } from '../../../db/client.js';
import { HttpError, unauthorized } from '../../../lib/http-error.js';
import { KeyedQueue } from '../../../lib/keyed-queue.js';
import { findSignInAccount } from '../../accounts/repository.js';
import { recordActivity } from '../../activity/record.js';
import { recordSignIn, recordSignOut } from '../../activity/sign-in.js';
import { type AttemptReason, attemptedUsername, throttleAddress } from '../gate/attempts.js';
import { recordAttempt, revokeSessionsByToken, setPassword } from '../gate/commands.js';
import { choosePassword, decoyHash, isBcryptHash, unjudgedPassword, verifyPassword } from '../gate/passwords.js';
import { addressRetryAfter, deviceTrusted, lockAttemptCounters, usernameThrottle } from '../gate/queries.js';
import type { SessionGate } from '../gate/session-gate.js';
import { findLink, linkRefusal, lockAccountForLink, usableLink } from './queries.js';

/**
 * What the doors change (docs/domain.md, "Sessions and sign-in", "Access"): the password door and
 * the link doors, which hand the account to the gate (gate/session-gate.ts) in their transaction,
 * and signing out. Forgot password, which mails a reset link, is forgot.ts.
 */

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
}

/**
 * Parallel attempts from one address, or at one username, wait their turn in this process before
 * they take a database connection (the advisory locks below still order them across processes).
 */
const byAddress = new KeyedQueue();
const byUsername = new KeyedQueue();

const tooMany = (seconds: number) => new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, { 'Retry-After': String(seconds) });

/**
 * The password door (docs/domain.md, "Sessions and sign-in"): checks a username and password, then
 * hands the account to the gate (session-gate.ts), which checks its state and two-step and opens
 * the session. In order: the per-address limit, the per-username limits (this address's failures,
 * then the growing delay, which a trusted device cookie skips; attempts.ts), the password (verified
 * against a decoy hash when the account is unknown so both failures take as long and answer the
 * same), then the gate (the account's status is only revealed to someone who knows the password).
 * Every attempt is recorded, whatever its outcome.
 *
 * Counting, checking and recording run in one transaction holding advisory locks on the address
 * and the username, so parallel attempts are counted one after the other (argon2 takes ~6 ms).
 * Refusals are recorded inside it and thrown once it has committed.
 */
export async function signIn(db: Queryable, gate: SessionGate, request: SignInRequest): Promise<LoginResponse> {
  const { now } = request;
  const address = throttleAddress(request.address);
  const username = attemptedUsername(request.username);
  const origin = { address: request.address, userAgent: request.userAgent };
  const outcome = await byAddress.run(address, () =>
    byUsername.run(username.toLowerCase(), () =>
      db.transaction(async (tx): Promise<LoginResponse | HttpError> => {
        const record = async (accountId: string | null, reason: AttemptReason, device: string | null = null) => {
          await recordAttempt(tx, { at: now, accountId, username, address, reason, device });
          await recordSignIn(tx, { at: now, accountId, username, reason, ...origin });
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
        // A bcrypt hash from the platform gives way to argon2id once the session opens.
        const rehash = isBcryptHash(account.passwordHash) ? await unjudgedPassword(request.password) : null;
        const passed = await gate.pass(tx, account.id, {
          door: 'password',
          now,
          code: request.code,
          presentedSessions: request.presentedSessions,
          origin: { ...origin, address: request.address },
          device,
          rehash,
        });
        return passed.open ? passed.answer : passed.refusal;
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

/**
 * The link doors (docs/domain.md, "Access" and "One gate for each kind of passage"): a sign-in
 * link a manager issued (invite) and a reset link mailed by forgot password (reset). Using one
 * sets the password (the link is then used and every session of the account ends), then hands
 * the account to the gate like any other door: with two-step on, no session opens yet and the
 * answer asks for the code, which the welcome page sends with the new password to the password
 * door.
 *
 * Uses a link: the password is judged first (a refused password leaves the link unused), then the
 * link is taken by one conditional update, so of two uses at once exactly one wins; the other finds
 * it used. The password is set and every session of the account ends; the activity gets the link
 * used and the password changed, both by the account itself. Then the gate decides: a session, or
 * (two-step on) the code asked for, with the password already set.
 */
export async function useSignInLink(
  db: Db,
  gate: SessionGate,
  input: {
    token: string;
    password: string;
    address: string;
    userAgent?: string | undefined;
    now: Date;
    presentedSessions: string[];
  },
): Promise<LoginResponse> {
  const { now } = input;
  const link = await usableLink(db, input.token, now);
  const password = await choosePassword(input.password, link.account.username, 'password');
  const accountId = link.account.id;
  const outcome = await db.transaction(async (tx): Promise<LoginResponse | HttpError | null> => {
    // The account first, locked (as a block does): a block or deactivation since the first read leaves the link unused.
    if (!(await lockAccountForLink(tx, accountId))) return null;
    if (!(await takeLink(tx, link.id, now))) return null;
    const by = { actor: { accountId }, address: input.address, userAgent: input.userAgent };
    await recordActivity(tx, { ...by, at: now, kind: 'link-used', subjectId: accountId, details: { purpose: link.purpose } });
    await setPassword(tx, accountId, password, { now, by, via: `${link.purpose} link` });
    const passed = await gate.pass(tx, accountId, {
      door: link.purpose === 'reset' ? 'reset-link' : 'invite-link',
      now,
      presentedSessions: input.presentedSessions,
      origin: { address: input.address, userAgent: input.userAgent },
    });
    return passed.open ? passed.answer : passed.refusal;
  });
  if (outcome instanceof HttpError) throw outcome;
  if (outcome) return outcome;
  // Lost a race, or ended meanwhile: say why, as it is now.
  throw linkRefusal(await findLink(db, input.token), now) ?? new HttpError(410, ACCESS_MESSAGES.linkUsed);
}

/** Takes the link by one conditional update, so of two uses at once exactly one wins; false when it was no longer live. */
async function takeLink(tx: Queryable, linkId: number, now: Date): Promise<boolean> {
  const taken = await queryRows(
    tx,
    sql`UPDATE sign_in_links SET used_at = ${now.toISOString()}::timestamptz
         WHERE id = ${linkId} AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ${now.toISOString()}::timestamptz
     RETURNING id`,
  );
  return taken.length > 0;
}

/**
 * Signing out: whatever sessions the request presented are revoked; one that was the caller's is
 * recorded in the activity, in the same transaction.
 */
export async function signOut(
  db: Db,
  input: {
    tokens: string[];
    accountId: string | null;
    now: Date;
    request: { ip: string; headers: { 'user-agent'?: string | undefined } };
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const revoked = await revokeSessionsByToken(tx, input.tokens, input.now);
    if (revoked > 0 && input.accountId) await recordSignOut(tx, input.request, input.accountId, input.now);
  });
}
