import type { TwoStepStateResponse } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../../db/client.js';

/**
 * Two-step sign-in's stored state (docs/domain.md, "Access"): the authenticator app's secret,
 * sealed with SECRET_KEY (secret-box.ts) and confirmed by a first code, and ten single-use
 * recovery codes, kept hashed (totp.ts). Codes are checked by codes.ts only; the account page
 * (own-account/) and a manager (manage/) change the state.
 */

export interface TwoStepRow {
  accountId: string;
  secretEncrypted: string;
  confirmedAt: Date | null;
  lastUsedStep: number | null;
  createdAt: Date;
}

/** The account's two-step row, locked for the caller's transaction: `on` once confirmed, else a set-up waiting. */
export async function lockTwoStep(tx: Queryable, accountId: string): Promise<TwoStepRow | null> {
  const [row] = await queryRows<{
    account_id: string;
    secret_encrypted: string;
    confirmed_at: Date | string | null;
    last_used_step: number | null;
    created_at: Date | string;
  }>(tx, sql`SELECT * FROM two_step WHERE account_id = ${accountId}::uuid FOR UPDATE`);
  if (!row) return null;
  return {
    accountId: row.account_id,
    secretEncrypted: row.secret_encrypted,
    confirmedAt: row.confirmed_at === null ? null : new Date(row.confirmed_at),
    lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
    createdAt: new Date(row.created_at),
  };
}

export async function twoStepState(
  db: Queryable,
  accountId: string,
  required: boolean,
  available: boolean,
): Promise<TwoStepStateResponse> {
  const [row] = await queryRows<{ on: boolean; codes_left: number }>(
    db,
    sql`SELECT t.confirmed_at IS NOT NULL AS on,
               (SELECT count(*)::int FROM two_step_recovery_codes r WHERE r.account_id = t.account_id AND r.used_at IS NULL) AS codes_left
          FROM two_step t WHERE t.account_id = ${accountId}::uuid`,
  );
  const on = row?.on === true;
  return {
    on,
    settingUp: row !== undefined && !on,
    recoveryCodesLeft: on ? Number(row?.codes_left ?? 0) : 0,
    required,
    available,
  };
}

/** Whether the account's two-step sign-in is on. */
export async function twoStepOn(db: Queryable, accountId: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM two_step WHERE account_id = ${accountId}::uuid AND confirmed_at IS NOT NULL`,
  );
  return rows.length > 0;
}

/** Replaces the account's recovery codes by these (hashed). */
export async function storeRecoveryCodes(tx: Queryable, accountId: string, hashes: readonly string[]): Promise<void> {
  await tx.execute(sql`DELETE FROM two_step_recovery_codes WHERE account_id = ${accountId}::uuid`);
  const values = sql.join(
    hashes.map((codeHash) => sql`(${accountId}::uuid, ${codeHash})`),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO two_step_recovery_codes (account_id, code_hash) VALUES ${values}`);
}

/** Removes the account's two-step sign-in (turned off, or cleared by a manager); false when it had none. */
export async function removeTwoStep(tx: Queryable, accountId: string): Promise<boolean> {
  await tx.execute(sql`DELETE FROM two_step_recovery_codes WHERE account_id = ${accountId}::uuid`);
  const removed = await queryRows(tx, sql`DELETE FROM two_step WHERE account_id = ${accountId}::uuid RETURNING account_id`);
  return removed.length > 0;
}
