import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../../db/client.js';
import { definite } from '../../../lib/definite.js';
import { type ActivityBy, type ActivityFact, recordActivities, recordActivity } from '../../activity/record.js';
import { type AttemptRecord, attemptedUsername } from './attempts.js';
import { hashLinkToken, type LinkEnd, type LinkPurpose, type NewLink } from './links.js';
import type { NewPassword } from './passwords.js';
import { textList } from './sql-lists.js';
import { hashSessionToken } from './tokens.js';

/**
 * What the gate writes, in the caller's transaction: sign-in attempts, sessions ended, sign-in
 * links issued and ended, the one write of a password, an account's last sign-in, two-step
 * recovery codes. A session is made by the gate alone (session-gate.ts); its reads are in queries.ts.
 */

export async function recordAttempt(db: Queryable, attempt: AttemptRecord): Promise<void> {
  await db.execute(
    sql`INSERT INTO sign_in_attempts (at, account_id, username, address, success, reason, device)
        VALUES (${attempt.at.toISOString()}::timestamptz, ${attempt.accountId}::uuid, ${attemptedUsername(attempt.username)},
                ${attempt.address}, ${attempt.reason === 'ok'}, ${attempt.reason}, ${attempt.device})`,
  );
}

/** Revokes the sessions behind these tokens (logout); unknown or already revoked ones are ignored. */
export async function revokeSessionsByToken(db: Queryable, tokens: readonly string[], now: Date): Promise<number> {
  if (tokens.length === 0) return 0;
  const revoked = await queryRows(
    db,
    sql`UPDATE sessions SET revoked_at = ${now.toISOString()}::timestamptz
         WHERE token_hash IN (${textList(tokens.map(hashSessionToken))}) AND revoked_at IS NULL
     RETURNING id`,
  );
  return revoked.length;
}

/**
 * Revokes every open session of an account (made inactive, blocked, password reset), or every one
 * but `keep` (the session that changed the password).
 */
export async function revokeAccountSessions(db: Queryable, accountId: string, now: Date, keep?: number): Promise<number> {
  const revoked = await queryRows(
    db,
    sql`UPDATE sessions SET revoked_at = ${now.toISOString()}::timestamptz
         WHERE account_id = ${accountId}::uuid AND revoked_at IS NULL ${keep === undefined ? sql`` : sql`AND id <> ${keep}`}
     RETURNING id`,
  );
  return revoked.length;
}

/** The account's last sign-in, as its account page and the Accounts screen show it. */
export async function markSignedIn(tx: Queryable, accountId: string, now: Date): Promise<void> {
  await tx.execute(sql`UPDATE accounts SET last_sign_in_at = ${now.toISOString()}::timestamptz WHERE id = ${accountId}::uuid`);
}

/**
 * Issues a link for each account (their live links are replaced), in the caller's transaction, and
 * records each in the activity as issued by `by` (a manager, the command line, a forgot-password
 * request). The caller has checked that each account may have one (active, not blocked, managed by
 * the issuer).
 */
export async function issueSignInLinks(
  tx: Queryable,
  accountIds: readonly string[],
  input: { purpose: LinkPurpose; issuedBy: string | null; now: Date; ttlMs: number; by: ActivityBy; bulk?: boolean },
): Promise<NewLink[]> {
  if (accountIds.length === 0) return [];
  const { now, by } = input;
  await endLiveLinks(tx, accountIds, 'replaced', now, by);
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  const links = accountIds.map((accountId) => ({ id: 0, accountId, token: randomBytes(32).toString('base64url'), expiresAt }));
  const byAccount = new Map(links.map((l) => [l.accountId, l]));
  // In slices: 5,000 links at once would pass the bind parameter limit in one statement.
  for (let i = 0; i < links.length; i += 1_000) {
    const values = links
      .slice(i, i + 1_000)
      .map(
        (l) =>
          sql`(${hashLinkToken(l.token)}, ${l.accountId}::uuid, ${input.purpose}, ${input.issuedBy}::uuid, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)`,
      );
    const rows = await queryRows<{ id: number; account_id: string }>(
      tx,
      sql`INSERT INTO sign_in_links (token_hash, account_id, purpose, issued_by, created_at, expires_at)
          VALUES ${sql.join(values, sql`, `)} RETURNING id, account_id`,
    );
    for (const row of rows) definite(byAccount.get(row.account_id), 'the link of an inserted row').id = Number(row.id);
  }
  const details = { purpose: input.purpose, validMinutes: input.ttlMs / 60_000, ...(input.bulk ? { bulk: true } : {}) };
  await recordActivities(
    tx,
    accountIds.map((subjectId): ActivityFact => ({ ...by, at: now, kind: 'link-issued', subjectId, details })),
  );
  return links;
}

/**
 * Ends the live links of these accounts unused (a newer link, a password change, a block, a
 * deactivation), recording one `link-revoked` entry per link ended, with why, as done by `by`.
 */
export async function endLiveLinks(
  tx: Queryable,
  accountIds: readonly string[],
  why: LinkEnd,
  now: Date,
  by: ActivityBy,
): Promise<number> {
  if (accountIds.length === 0) return 0;
  const ids = sql.join(
    accountIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const ended = await queryRows<{ account_id: string; purpose: LinkPurpose }>(
    tx,
    sql`UPDATE sign_in_links SET revoked_at = ${now.toISOString()}::timestamptz, revoked_reason = ${why}
         WHERE account_id IN (${ids}) AND used_at IS NULL AND revoked_at IS NULL
     RETURNING account_id, purpose`,
  );
  await recordActivities(
    tx,
    ended.map(
      (link): ActivityFact => ({
        ...by,
        at: now,
        kind: 'link-revoked',
        subjectId: link.account_id,
        details: { why, purpose: link.purpose },
      }),
    ),
  );
  return ended.length;
}

/**
 * What goes with a password change (docs/domain.md, "Access", Passwords): null for a new account's
 * first one, for a rehash and for a hash the platform sent.
 */
export interface PasswordChange {
  now: Date;
  /** Who changed it, as the activity's `password-changed` entry says. */
  by: ActivityBy;
  /** How: 'account page', 'invite link', 'reset link', 'command line'. */
  via: string;
  /** The session that changed it stays open (the account page); every other session of the account ends. */
  keepSession?: number | undefined;
  /** Its live sign-in link ends too (`password_changed`): the person has just shown it has a password of its own. */
  endLinks?: boolean;
}

/**
 * The one write of an account's password, in the caller's transaction: every path that sets one
 * (signup and the `accounts` command, a sign-in or reset link, the account page, the command
 * line's reset, a sign-in's rehash, the feed's `account`, the demo network) comes through here. A change ends the account's sessions (but
 * `keepSession`), and its live link where asked, and is recorded in the activity with the fact.
 */
export async function setPassword(
  tx: Queryable,
  accountId: string,
  password: NewPassword,
  change: PasswordChange | null,
): Promise<{ sessionsEnded: number }> {
  await tx.execute(sql`UPDATE accounts SET password_hash = ${password.hash} WHERE id = ${accountId}::uuid`);
  if (!change) return { sessionsEnded: 0 };
  const { now, by } = change;
  const sessionsEnded = await revokeAccountSessions(tx, accountId, now, change.keepSession);
  await recordActivity(tx, {
    ...by,
    at: now,
    kind: 'password-changed',
    subjectId: accountId,
    details: { via: change.via, sessionsEnded },
  });
  if (change.endLinks) await endLiveLinks(tx, [accountId], 'password_changed', now, by);
  return { sessionsEnded };
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
