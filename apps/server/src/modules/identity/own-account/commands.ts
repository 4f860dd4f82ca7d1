import { ACCESS_MESSAGES, type Language, TWO_STEP_MESSAGES } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { badField, conflict, HttpError, notFound } from '../../../lib/http-error.js';
import { type ActivityOrigin, recordActivity } from '../../activity/record.js';
import { type CodePlace, checkCode } from '../gate/codes.js';
import { removeTwoStep, setPassword, storeRecoveryCodes } from '../gate/commands.js';
import { choosePassword, verifyPassword } from '../gate/passwords.js';
import { lockTwoStep } from '../gate/queries.js';
import { sealSecret } from '../gate/secret-box.js';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash } from '../gate/totp.js';
import { passwordHashOf } from './queries.js';

/**
 * What the caller changes from its own account page (docs/domain.md, "Access"): its password and
 * its two-step sign-in (set up with a key for the authenticator app, turned on by a first code,
 * turned off with a code, new recovery codes with a code). Every code goes through the one check
 * (gate/codes.ts) and its limit. Every change is recorded in the activity in its transaction.
 */

/**
 * Sets the caller's language (docs/decisions/0021-languages.md): the sign-in answers carry it from
 * then on, on every device, and the API's messages to it come in it.
 */
export async function setOwnLanguage(db: Db, accountId: string, language: Language): Promise<void> {
  await db.execute(sql`UPDATE accounts SET language = ${language} WHERE id = ${accountId}::uuid`);
}

/**
 * Changes the caller's password: the current one must match and the new one pass the strength
 * rule. Every other session of the account ends, and any sign-in link still live: the person has
 * just shown it has a password of its own. The activity records the change (a refused one is not).
 */
export async function changeOwnPassword(
  db: Db,
  input: {
    accountId: string;
    username: string;
    sessionId: number;
    currentPassword: string;
    newPassword: string;
    now: Date;
  } & ActivityOrigin,
): Promise<void> {
  const current = await passwordHashOf(db, input.accountId);
  if (current === undefined) throw notFound('Unknown account');
  if (!current || !(await verifyPassword(current, input.currentPassword))) {
    throw badField('currentPassword', ACCESS_MESSAGES.wrongCurrentPassword);
  }
  const password = await choosePassword(input.newPassword, input.username, 'newPassword');
  const by = { actor: { accountId: input.accountId }, address: input.address, userAgent: input.userAgent };
  await db.transaction((tx) =>
    setPassword(tx, input.accountId, password, {
      now: input.now,
      by,
      via: 'account page',
      keepSession: input.sessionId,
      endLinks: true,
    }),
  );
}

export interface OwnTwoStep {
  accountId: string;
  username: string;
  now: Date;
  origin: ActivityOrigin;
}

function requireKey(key: Buffer | null): Buffer {
  if (!key) throw new HttpError(503, TWO_STEP_MESSAGES.unavailable);
  return key;
}

/** Begins a set-up: a new key waiting for its first code (replacing one that waited), answered once. Refused while it is on. */
export async function beginSetup(db: Db, keyOrNull: Buffer | null, own: OwnTwoStep): Promise<string> {
  const key = requireKey(keyOrNull);
  const secret = newTotpSecret();
  const sealed = sealSecret(key, own.accountId, secret);
  await db.transaction(async (tx) => {
    const row = await lockTwoStep(tx, own.accountId);
    if (row?.confirmedAt) throw conflict(TWO_STEP_MESSAGES.alreadyOn);
    await tx.execute(
      sql`INSERT INTO two_step (account_id, secret_encrypted, created_at)
          VALUES (${own.accountId}::uuid, ${sealed}, ${own.now.toISOString()}::timestamptz)
          ON CONFLICT (account_id) DO UPDATE
             SET secret_encrypted = excluded.secret_encrypted, created_at = excluded.created_at, last_used_step = NULL`,
    );
  });
  return secret;
}

/**
 * Runs `then` in one transaction once the code typed passes the one check; a wrong code (or too
 * many) is recorded and committed, then thrown. `none` answers when there is nothing to check.
 */
async function withCode<T>(
  db: Db,
  key: Buffer,
  own: OwnTwoStep,
  code: string,
  check: { of: 'on' | 'setting-up'; place: CodePlace; none: HttpError },
  then: (tx: Tx) => Promise<T>,
): Promise<T> {
  const outcome = await db.transaction(async (tx): Promise<{ done: T } | HttpError> => {
    const account = { id: own.accountId, username: own.username };
    const passed = await checkCode(tx, key, {
      ...check,
      account,
      typed: code,
      now: own.now,
      origin: own.origin,
      wrongStatus: 400,
    });
    if (passed.result === 'none') return check.none;
    if (passed.result === 'refused') return passed.refusal;
    if (passed.result === 'asked') return new HttpError(400, TWO_STEP_MESSAGES.wrongCode);
    return { done: await then(tx) };
  });
  if (outcome instanceof HttpError) throw outcome;
  return outcome.done;
}

/** Turns it on with a first code: the recovery codes are made and answered, once. */
export async function confirmSetup(db: Db, keyOrNull: Buffer | null, own: OwnTwoStep, code: string): Promise<string[]> {
  const key = requireKey(keyOrNull);
  // Already on: nothing waits for a first code.
  const none = conflict(TWO_STEP_MESSAGES.notSettingUp);
  return withCode(db, key, own, code, { of: 'setting-up', place: 'two-step-setup', none }, async (tx) => {
    await tx.execute(
      sql`UPDATE two_step SET confirmed_at = ${own.now.toISOString()}::timestamptz WHERE account_id = ${own.accountId}::uuid`,
    );
    const codes = newRecoveryCodes();
    await storeRecoveryCodes(tx, own.accountId, codes.map(recoveryCodeHash));
    await recordActivity(tx, {
      ...own.origin,
      at: own.now,
      kind: 'two-step-on',
      actor: { accountId: own.accountId },
      subjectId: own.accountId,
    });
    return codes;
  });
}

/** Turns the caller's own two-step off, with a current code or a recovery code. */
export async function turnOff(db: Db, keyOrNull: Buffer | null, own: OwnTwoStep, code: string): Promise<void> {
  const key = requireKey(keyOrNull);
  const none = conflict(TWO_STEP_MESSAGES.notOn);
  await withCode(db, key, own, code, { of: 'on', place: 'two-step-off', none }, async (tx) => {
    await removeTwoStep(tx, own.accountId);
    const { accountId } = own;
    await recordActivity(tx, { ...own.origin, at: own.now, kind: 'two-step-off', actor: { accountId }, subjectId: accountId });
  });
}

/** Ten new recovery codes in place of the old ones (used or not), with a current code or a recovery code. */
export async function replaceRecoveryCodes(db: Db, keyOrNull: Buffer | null, own: OwnTwoStep, code: string): Promise<string[]> {
  const key = requireKey(keyOrNull);
  const none = conflict(TWO_STEP_MESSAGES.notOn);
  return withCode(db, key, own, code, { of: 'on', place: 'recovery-codes', none }, async (tx) => {
    const codes = newRecoveryCodes();
    await storeRecoveryCodes(tx, own.accountId, codes.map(recoveryCodeHash));
    const { accountId } = own;
    await recordActivity(tx, {
      ...own.origin,
      at: own.now,
      kind: 'recovery-codes-replaced',
      actor: { accountId },
      subjectId: accountId,
    });
    return codes;
  });
}
