import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { accounts, sessions } from '../../../db/schema/index.js';
import { hashSessionToken } from './tokens.js';

/**
 * Server-side sessions (docs/domain.md, "Sessions and sign-in"): absolute expiry SESSION_TTL_SECONDS after sign-in,
 * revoked at logout and when the account is made inactive. Times come from the app clock. They are
 * made by the gate alone (session-gate.ts); here they are found and ended.
 */

/** A live session with its account, as the session reader keeps it on the request. */
export interface LiveSession {
  sessionId: number;
  expiresAt: Date;
  accountId: string;
  username: string;
  role: string;
  firstName: string;
  lastName: string;
  parentId: string | null;
}

/**
 * The live sessions behind these tokens, each with its account, by token: not expired, not
 * revoked, account active and not blocked. A token without one is missing from the answer.
 */
export async function findLiveSessions(db: Queryable, tokens: readonly string[], now: Date): Promise<Map<string, LiveSession>> {
  const byHash = new Map(tokens.map((token) => [hashSessionToken(token), token]));
  const rows = await db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      accountId: accounts.id,
      username: accounts.username,
      role: accounts.role,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      parentId: accounts.parentId,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(
        inArray(sessions.tokenHash, [...byHash.keys()]),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(accounts.userStatus, true),
        isNull(accounts.blockedAt),
        ne(accounts.role, 'house'),
      ),
    );
  const found = new Map<string, LiveSession>();
  for (const { tokenHash, ...live } of rows) {
    const token = byHash.get(tokenHash);
    if (token !== undefined) found.set(token, live);
  }
  return found;
}

/** Revokes the sessions behind these tokens (logout); unknown or already revoked ones are ignored. */
export async function revokeSessionsByToken(db: Queryable, tokens: string[], now: Date): Promise<number> {
  if (tokens.length === 0) return 0;
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(inArray(sessions.tokenHash, tokens.map(hashSessionToken)), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/**
 * Revokes every open session of an account (made inactive, blocked, password reset), or every one
 * but `keep` (the session that changed the password).
 */
export async function revokeAccountSessions(db: Queryable, accountId: string, now: Date, keep?: number): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), keep === undefined ? undefined : ne(sessions.id, keep)),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}
