import { TWO_STEP_MESSAGES, type TwoStepStateResponse } from '@playrep/contracts';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import type { Db, Queryable } from '../../../db/client.js';
import { twoStep, twoStepRecoveryCodes } from '../../../db/schema/index.js';
import { conflict, HttpError } from '../../../lib/http-error.js';
import { type ActivityOrigin, recordActivity } from '../../activity/record.js';
import { openSecret, sealSecret } from './secret-box.js';
import { acceptedStep, looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpUri } from './totp.js';

/**
 * Two-step sign-in (docs/domain.md, "Access"): an authenticator app's codes (totp.ts), the secret
 * sealed with SECRET_KEY (secret-box.ts), ten single-use recovery codes. Every change is recorded
 * in the activity with the fact.
 */
export interface TwoStepAccount {
  accountId: string;
  username: string;
}

const wrongCode = () => new HttpError(400, TWO_STEP_MESSAGES.wrongCode);

function requireKey(key: Buffer | null): Buffer {
  if (!key) throw new HttpError(503, TWO_STEP_MESSAGES.unavailable);
  return key;
}

export async function twoStepState(
  db: Queryable,
  accountId: string,
  required: boolean,
  available: boolean,
): Promise<TwoStepStateResponse> {
  const [row] = await db.select({ confirmedAt: twoStep.confirmedAt }).from(twoStep).where(eq(twoStep.accountId, accountId));
  const [left] = await db
    .select({ n: count() })
    .from(twoStepRecoveryCodes)
    .where(and(eq(twoStepRecoveryCodes.accountId, accountId), isNull(twoStepRecoveryCodes.usedAt)));
  const on = row?.confirmedAt != null;
  return { on, settingUp: row !== undefined && !on, recoveryCodesLeft: on ? Number(left?.n ?? 0) : 0, required, available };
}

/** Whether the account's two-step sign-in is on. */
export async function twoStepOn(db: Queryable, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ accountId: twoStep.accountId })
    .from(twoStep)
    .where(and(eq(twoStep.accountId, accountId), isNotNull(twoStep.confirmedAt)));
  return row !== undefined;
}

/** Begins a set-up: a new key waiting for its first code (replacing one that waited). Refused while it is on. */
export async function beginSetup(db: Db, keyOrNull: Buffer | null, account: TwoStepAccount, now: Date) {
  const key = requireKey(keyOrNull);
  const secret = newTotpSecret();
  const sealed = sealSecret(key, account.accountId, secret);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ confirmedAt: twoStep.confirmedAt })
      .from(twoStep)
      .where(eq(twoStep.accountId, account.accountId))
      .for('update');
    if (row?.confirmedAt) throw conflict(TWO_STEP_MESSAGES.alreadyOn);
    await tx
      .insert(twoStep)
      .values({ accountId: account.accountId, secretEncrypted: sealed, createdAt: now })
      .onConflictDoUpdate({ target: twoStep.accountId, set: { secretEncrypted: sealed, createdAt: now, lastUsedStep: null } });
  });
  const uri = totpUri(secret, account.username);
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** Turns it on with a first code: the recovery codes are made and answered, once. */
export async function confirmSetup(
  db: Db,
  keyOrNull: Buffer | null,
  account: TwoStepAccount,
  code: string,
  now: Date,
  origin: ActivityOrigin,
): Promise<string[]> {
  const key = requireKey(keyOrNull);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(twoStep).where(eq(twoStep.accountId, account.accountId)).for('update');
    if (!row) throw conflict(TWO_STEP_MESSAGES.notSettingUp);
    if (row.confirmedAt) throw conflict(TWO_STEP_MESSAGES.alreadyOn);
    const step = acceptedStep(openSecret(key, account.accountId, row.secretEncrypted), code, now);
    if (step === null) throw wrongCode();
    await tx.update(twoStep).set({ confirmedAt: now, lastUsedStep: step }).where(eq(twoStep.accountId, account.accountId));
    const codes = newRecoveryCodes();
    await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.accountId, account.accountId));
    await tx
      .insert(twoStepRecoveryCodes)
      .values(codes.map((c) => ({ accountId: account.accountId, codeHash: recoveryCodeHash(c) })));
    await recordActivity(tx, {
      ...origin,
      at: now,
      kind: 'two-step-on',
      actor: { accountId: account.accountId },
      subjectId: account.accountId,
    });
    return codes;
  });
}

/** Turns the caller's own two-step off, with a current code or a recovery code. */
export async function turnOff(
  db: Db,
  keyOrNull: Buffer | null,
  accountId: string,
  code: string,
  now: Date,
  origin: ActivityOrigin,
) {
  const key = requireKey(keyOrNull);
  await db.transaction(async (tx) => {
    const passed = await passSecondStep(tx, key, accountId, code, now);
    if (passed === 'off') throw conflict(TWO_STEP_MESSAGES.notOn);
    if (passed === 'wrong') throw wrongCode();
    await removeTwoStep(tx, accountId);
    await recordActivity(tx, { ...origin, at: now, kind: 'two-step-off', actor: { accountId }, subjectId: accountId });
  });
}

/** A manager clears the two-step of an account it manages; false when it had none. */
export async function clearTwoStep(
  db: Db,
  managerId: string,
  accountId: string,
  now: Date,
  origin: ActivityOrigin,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await removeTwoStep(tx, accountId);
    if (removed)
      await recordActivity(tx, {
        ...origin,
        at: now,
        kind: 'two-step-cleared',
        actor: { accountId: managerId },
        subjectId: accountId,
      });
    return removed;
  });
}

async function removeTwoStep(tx: Queryable, accountId: string): Promise<boolean> {
  await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.accountId, accountId));
  const removed = await tx.delete(twoStep).where(eq(twoStep.accountId, accountId)).returning({ accountId: twoStep.accountId });
  return removed.length > 0;
}

/**
 * The second step of a sign-in (or of turning it off), in the caller's transaction: 'off' when the
 * account has none on; 'code' or 'recovery' when what was typed passes (the code's time step, or
 * the recovery code, is used up at once); 'wrong' otherwise. The account's row is locked first, so
 * two requests with one code take turns and the second finds it used.
 */
export async function passSecondStep(
  tx: Queryable,
  key: Buffer | null,
  accountId: string,
  typed: string | undefined,
  now: Date,
): Promise<'off' | 'code' | 'recovery' | 'wrong' | 'asked'> {
  const [row] = await tx
    .select()
    .from(twoStep)
    .where(and(eq(twoStep.accountId, accountId), isNotNull(twoStep.confirmedAt)))
    .for('update');
  if (!row) return 'off';
  if (!typed) return 'asked';
  if (looksLikeRecoveryCode(typed)) {
    const used = await tx
      .update(twoStepRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(twoStepRecoveryCodes.accountId, accountId),
          eq(twoStepRecoveryCodes.codeHash, recoveryCodeHash(typed)),
          isNull(twoStepRecoveryCodes.usedAt),
        ),
      )
      .returning({ accountId: twoStepRecoveryCodes.accountId });
    return used.length > 0 ? 'recovery' : 'wrong';
  }
  // Without the key (PostgreSQL started without it cannot happen once a secret exists: secret-key.ts).
  if (!key) return 'wrong';
  const step = acceptedStep(openSecret(key, accountId, row.secretEncrypted), typed, now);
  if (step === null || (row.lastUsedStep !== null && step <= row.lastUsedStep)) return 'wrong';
  await tx.update(twoStep).set({ lastUsedStep: step }).where(eq(twoStep.accountId, accountId));
  return 'code';
}
