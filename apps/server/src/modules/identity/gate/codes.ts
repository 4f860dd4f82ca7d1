import { TWO_STEP_MESSAGES } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../../db/client.js';
import { HttpError } from '../../../lib/http-error.js';
import { type ActivityOrigin, recordActivity } from '../../activity/record.js';
import { throttleAddress } from './attempts.js';
import { recordAttempt } from './commands.js';
import { lockTwoStep, type TwoStepRow } from './queries.js';
import { openSecret } from './secret-box.js';
import { acceptedStep, looksLikeRecoveryCode, recoveryCodeHash } from './totp.js';

/**
 * The one check of a two-step code or recovery code (docs/access.md, "One gate for
 * every way in", Codes). Every call that checks one goes through checkCode: signing in (at any door),
 * turning two-step off, confirming a set-up, new recovery codes. It
 * - locks the account's two-step row, so that checks of one account take turns (and of two uses
 *   of one code exactly one passes);
 * - refuses with 429 and Retry-After once WRONG_CODE_LIMIT wrong codes were typed for the account
 *   within WRONG_CODE_WINDOW_MS, until the oldest of them is that old; counted in the database
 *   (sign_in_attempts, reason `wrong_code`), so across processes and restarts;
 * - takes a code of the authenticator app once (its time step must be later than the last one
 *   used) or an unused recovery code (where `recovery` allows it), using it up at once;
 * - records each wrong code: an attempt (what the limit counts) and an Activity entry.
 * A refusal is answered, not thrown: the caller commits the record before it throws.
 */
export const WRONG_CODE_LIMIT = 5;
export const WRONG_CODE_WINDOW_MS = 15 * 60_000;

/** Where a code was typed, as the Activity entry of a wrong one says. */
export type CodePlace = 'sign-in' | 'two-step-off' | 'two-step-setup' | 'recovery-codes';

export interface CodeCheck {
  account: { id: string; username: string };
  /** What was typed; empty or missing: the code is asked. */
  typed: string | undefined;
  /** The confirmed two-step (signing in, off, new recovery codes) or the set-up waiting for its first code. */
  of: 'on' | 'setting-up';
  place: CodePlace;
  now: Date;
  origin: ActivityOrigin;
  /** The device cookie the attempt was trusted for (a sign-in): its own failures count against it. */
  device?: string | null | undefined;
  /** Status of a wrong code: 401 at a sign-in, 400 on the account page. */
  wrongStatus: 400 | 401;
}

export type CodeOutcome =
  /** The account has no two-step in that state: nothing to check. */
  | { result: 'none'; row: TwoStepRow | null }
  /** Two-step is on and nothing was typed. */
  | { result: 'asked' }
  | { result: 'code' | 'recovery'; row: TwoStepRow }
  | { result: 'refused'; refusal: HttpError };

export async function checkCode(tx: Queryable, key: Buffer | null, check: CodeCheck): Promise<CodeOutcome> {
  const { account, now } = check;
  const row = await lockTwoStep(tx, account.id);
  const on = row?.confirmedAt != null;
  if (!row || on !== (check.of === 'on')) return { result: 'none', row };
  const typed = check.typed?.trim() ?? '';
  if (typed === '') return { result: 'asked' };

  const wait = await wrongCodeWait(tx, account.id, now);
  if (wait !== null) {
    return { result: 'refused', refusal: new HttpError(429, TWO_STEP_MESSAGES.tooManyCodes, { 'Retry-After': String(wait) }) };
  }
  const passed =
    on && looksLikeRecoveryCode(typed) ? await useRecoveryCode(tx, account.id, typed, now) : useCode(key, row, typed, now);
  if (passed !== null) {
    if (passed.step !== undefined)
      await tx.execute(sql`UPDATE two_step SET last_used_step = ${passed.step} WHERE account_id = ${account.id}::uuid`);
    return { result: passed.kind, row };
  }
  await recordAttempt(tx, {
    at: now,
    accountId: account.id,
    username: account.username,
    address: throttleAddress(check.origin.address ?? ''),
    reason: 'wrong_code',
    device: check.device ?? null,
  });
  await recordActivity(tx, {
    ...check.origin,
    at: now,
    kind: 'wrong-code',
    actor: check.place === 'sign-in' ? 'anonymous' : { accountId: account.id },
    subjectId: account.id,
    details: { place: check.place },
  });
  return { result: 'refused', refusal: new HttpError(check.wrongStatus, TWO_STEP_MESSAGES.wrongCode) };
}

/** Seconds until the account may type a code again, or null when it may now. */
async function wrongCodeWait(tx: Queryable, accountId: string, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - WRONG_CODE_WINDOW_MS);
  const [row] = await queryRows<{ n: number; oldest: Date | string | null }>(
    tx,
    sql`SELECT count(*)::int AS n, min(at) AS oldest FROM sign_in_attempts
         WHERE account_id = ${accountId}::uuid AND reason = 'wrong_code' AND at > ${since.toISOString()}::timestamptz`,
  );
  if (!row || row.n < WRONG_CODE_LIMIT || row.oldest === null) return null;
  const freeAt = new Date(row.oldest).getTime() + WRONG_CODE_WINDOW_MS;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

/** An authenticator code valid now and later than the last one used: its time step. */
function useCode(key: Buffer | null, row: TwoStepRow, typed: string, now: Date): { kind: 'code'; step: number } | null {
  // Without the key no code can be checked (a PostgreSQL server does not start without it once a secret exists).
  if (!key) return null;
  const step = acceptedStep(openSecret(key, row.accountId, row.secretEncrypted), typed, now);
  if (step === null || (row.lastUsedStep !== null && step <= row.lastUsedStep)) return null;
  return { kind: 'code', step };
}

async function useRecoveryCode(
  tx: Queryable,
  accountId: string,
  typed: string,
  now: Date,
): Promise<{ kind: 'recovery'; step?: undefined } | null> {
  const used = await queryRows(
    tx,
    sql`UPDATE two_step_recovery_codes SET used_at = ${now.toISOString()}::timestamptz
         WHERE account_id = ${accountId}::uuid AND code_hash = ${recoveryCodeHash(typed)} AND used_at IS NULL
     RETURNING account_id`,
  );
  return used.length > 0 ? { kind: 'recovery' } : null;
}
