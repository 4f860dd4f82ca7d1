import type { LoginResponse, Role } from '@playrep/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { accounts } from '../../../db/schema/index.js';
import { toAuthUser } from '../manage/accounts.js';
import { createSession, revokeSessionsByToken } from './sessions.js';

/**
 * Opens a session for an account whose sign-in has been checked (a password, a sign-in link): ends
 * the sessions the request presented (a shared terminal's last user), notes the time on the account
 * (the Accounts screen's last sign-in) and, when given, stores its new password hash in the same
 * transaction. Returns the login answer.
 */
export async function openSession(
  tx: Queryable,
  account: { id: string; username: string; firstName: string; lastName: string; role: Role },
  input: { now: Date; presentedSessions: string[]; passwordHash?: string | null },
): Promise<LoginResponse> {
  const { now } = input;
  const session = await createSession(tx, account.id, now);
  await revokeSessionsByToken(tx, input.presentedSessions, now);
  await tx
    .update(accounts)
    .set({ lastSignInAt: now, ...(input.passwordHash ? { passwordHash: input.passwordHash } : {}) })
    .where(eq(accounts.id, account.id));
  const user = toAuthUser(account);
  return { token: session.token, user, roles: user.roles, expiresAt: session.expiresAt.toISOString() };
}
