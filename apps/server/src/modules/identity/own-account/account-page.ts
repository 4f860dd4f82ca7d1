import { ACCESS_MESSAGES, isRole, type MyAccountResponse, RECENT_ACTIVITY_SIZE } from '@playrep/contracts';
import { passwordProblem } from '@playrep/contracts/password-strength';
import { sql } from 'drizzle-orm';
import { type Db, type Queryable, queryRows } from '../../../db/client.js';
import { badRequest, notFound } from '../../../lib/http-error.js';
import { activityRow } from '../../activity/present.js';
import { listActivity } from '../../activity/queries.js';
import { type ActivityOrigin, recordActivity } from '../../activity/record.js';
import { hashPassword, verifyPassword } from '../gate/passwords.js';
import { revokeAccountSessions } from '../gate/sessions.js';
import { endLiveLinks } from '../gate/links.js';

/**
 * The caller's own account (docs/domain.md, "Access", Account page): its password and what the
 * page shows.
 */

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
  const [row] = await queryRows<{ password_hash: string | null }>(
    db,
    sql`SELECT password_hash FROM accounts WHERE id = ${input.accountId}::uuid`,
  );
  if (!row) throw notFound('Unknown account');
  if (!row.password_hash || !(await verifyPassword(row.password_hash, input.currentPassword))) {
    throw badRequest(`currentPassword: ${ACCESS_MESSAGES.wrongCurrentPassword}`);
  }
  const problem = passwordProblem(input.newPassword, input.username);
  if (problem) throw badRequest(`newPassword: ${problem}`);
  const passwordHash = await hashPassword(input.newPassword);
  const by = { actor: { accountId: input.accountId }, address: input.address, userAgent: input.userAgent };
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE accounts SET password_hash = ${passwordHash} WHERE id = ${input.accountId}::uuid`);
    const sessionsEnded = await revokeAccountSessions(tx, input.accountId, input.now, input.sessionId);
    await recordActivity(tx, {
      ...by,
      at: input.now,
      kind: 'password-changed',
      subjectId: input.accountId,
      details: { via: 'account page', sessionsEnded },
    });
    await endLiveLinks(tx, [input.accountId], 'password_changed', input.now, by);
  });
}

/**
 * The account page's facts: name, role, parent, whether it has a password, the sign-in before the
 * current one (time, address, device) and the wrong passwords typed at the account since it, and
 * the account's own latest activity. `accountId` is always the caller's own (its session's).
 */
export async function myAccount(db: Queryable, accountId: string): Promise<MyAccountResponse> {
  const [row] = await queryRows<{
    username: string;
    first_name: string;
    last_name: string;
    role: string;
    parent: string | null;
    has_password: boolean;
  }>(
    db,
    sql`SELECT a.username, a.first_name, a.last_name, a.role::text AS role, p.username AS parent,
               a.password_hash IS NOT NULL AS has_password
          FROM accounts a LEFT JOIN accounts p ON p.id = a.parent_id
         WHERE a.id = ${accountId}::uuid`,
  );
  if (!row || !isRole(row.role)) throw notFound('Unknown account');
  // The sign-in that opened this session (by password or by link) is not "the last one": the one before it is.
  const [last] = await queryRows<{ id: string; at: string | Date; address: string }>(
    db,
    sql`SELECT id, at, address FROM sign_in_attempts
         WHERE account_id = ${accountId}::uuid AND reason = 'ok'
         ORDER BY at DESC, id DESC LIMIT 1 OFFSET 1`,
  );
  // Attempts are numbered in the order they were made (two may share an instant).
  const [failed] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM sign_in_attempts
         WHERE account_id = ${accountId}::uuid AND reason = 'wrong_password' AND id > ${last?.id ?? 0}`,
  );
  const own = { all: false, ownId: accountId } as const;
  const newest = (limit: number) => ({ sort: 'at', direction: 'desc', offset: 0, limit }) as const;
  // The device is the sign-in's activity entry's (sign-in.ts records both in one transaction, at
  // one instant); a sign-in by link has no such entry, hence no device.
  const lastAt = last ? new Date(last.at) : null;
  const [lastEntry] = lastAt
    ? await listActivity(db, own, { kind: 'sign-in', from: lastAt, to: new Date(lastAt.getTime() + 1) }, newest(1))
    : [];
  const recent = await listActivity(db, own, {}, newest(RECENT_ACTIVITY_SIZE));
  return {
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    parent: row.parent,
    hasPassword: row.has_password,
    lastSignIn: last && lastAt ? { at: lastAt.toISOString(), address: last.address, device: lastEntry?.device ?? null } : null,
    failedSince: failed?.n ?? 0,
    recentActivity: recent.map(activityRow),
  };
}
