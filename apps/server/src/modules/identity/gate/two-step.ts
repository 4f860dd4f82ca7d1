import type { TwoStepStateResponse } from '@playrep/contracts';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { twoStep, twoStepRecoveryCodes } from '../../../db/schema/index.js';

/**
 * Two-step sign-in's stored state (docs/domain.md, "Access"): the authenticator app's secret,
 * sealed with SECRET_KEY (secret-box.ts) and confirmed by a first code, and ten single-use
 * recovery codes, kept hashed (totp.ts). Codes are checked by codes.ts only; the account page
 * (own-account/) and a manager (manage/) change the state.
 */

/** The account's two-step row, locked for the caller's transaction: `on` once confirmed, else a set-up waiting. */
export async function lockTwoStep(tx: Queryable, accountId: string) {
  const [row] = await tx.select().from(twoStep).where(eq(twoStep.accountId, accountId)).for('update');
  return row ?? null;
}

export type TwoStepRow = NonNullable<Awaited<ReturnType<typeof lockTwoStep>>>;

export async function twoStepState(
  db: Queryable,
  accountId: string,
  required: boolean,
  available: boolean,
): Promise<TwoStepStateResponse> {
  const [row] = await db.select({ confirmedAt: twoStep.confirmedAt }).from(twoStep).where(eq(twoStep.accountId, accountId));
  const on = row?.confirmedAt != null;
  return {
    on,
    settingUp: row !== undefined && !on,
    recoveryCodesLeft: on ? await recoveryCodesLeft(db, accountId) : 0,
    required,
    available,
  };
}

async function recoveryCodesLeft(db: Queryable, accountId: string): Promise<number> {
  const [left] = await db
    .select({ n: count() })
    .from(twoStepRecoveryCodes)
    .where(and(eq(twoStepRecoveryCodes.accountId, accountId), isNull(twoStepRecoveryCodes.usedAt)));
  return Number(left?.n ?? 0);
}

/** Whether the account's two-step sign-in is on. */
export async function twoStepOn(db: Queryable, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ accountId: twoStep.accountId })
    .from(twoStep)
    .where(and(eq(twoStep.accountId, accountId), isNotNull(twoStep.confirmedAt)));
  return row !== undefined;
}

/** Replaces the account's recovery codes by these (hashed). */
export async function storeRecoveryCodes(tx: Queryable, accountId: string, hashes: readonly string[]): Promise<void> {
  await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.accountId, accountId));
  await tx.insert(twoStepRecoveryCodes).values(hashes.map((codeHash) => ({ accountId, codeHash })));
}

/** Removes the account's two-step sign-in (turned off, or cleared by a manager); false when it had none. */
export async function removeTwoStep(tx: Queryable, accountId: string): Promise<boolean> {
  await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.accountId, accountId));
  const removed = await tx.delete(twoStep).where(eq(twoStep.accountId, accountId)).returning({ accountId: twoStep.accountId });
  return removed.length > 0;
}
