import { ACCESS_MESSAGES } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.js';
import { badField, notFound } from '../../../lib/http-error.js';
import { type ActivityOrigin, recordActivity } from '../../activity/record.js';
import { endLiveLinks } from '../gate/links.js';
import { hashPassword, requireStrongPassword, verifyPassword } from '../gate/passwords.js';
import { revokeAccountSessions } from '../gate/sessions.js';

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
    throw badField('currentPassword', ACCESS_MESSAGES.wrongCurrentPassword);
  }
  requireStrongPassword(input.newPassword, input.username, 'newPassword');
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
