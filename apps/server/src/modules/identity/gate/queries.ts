import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../../db/client.js';
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
  language: string;
}

const textList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The live sessions behind these tokens, each with its account, by token: not expired, not
 * revoked, account active and not blocked. A token without one is missing from the answer.
 */
export async function findLiveSessions(db: Queryable, tokens: readonly string[], now: Date): Promise<Map<string, LiveSession>> {
  const found = new Map<string, LiveSession>();
  if (tokens.length === 0) return found;
  const byHash = new Map(tokens.map((token) => [hashSessionToken(token), token]));
  const rows = await queryRows<{
    token_hash: string;
    session_id: number;
    expires_at: Date | string;
    account_id: string;
    username: string;
    role: string;
    first_name: string;
    last_name: string;
    parent_id: string | null;
    language: string;
  }>(
    db,
    sql`SELECT s.token_hash, s.id AS session_id, s.expires_at, a.id AS account_id, a.username, a.role::text AS role,
               a.first_name, a.last_name, a.parent_id, a.language
          FROM sessions s JOIN accounts a ON a.id = s.account_id
         WHERE s.token_hash IN (${textList([...byHash.keys()])}) AND s.revoked_at IS NULL
           AND s.expires_at > ${now.toISOString()}::timestamptz
           AND a.user_status AND a.blocked_at IS NULL AND a.role <> 'house'`,
  );
  for (const row of rows) {
    const token = byHash.get(row.token_hash);
    if (token === undefined) continue;
    found.set(token, {
      sessionId: Number(row.session_id),
      expiresAt: new Date(row.expires_at),
      accountId: row.account_id,
      username: row.username,
      role: row.role,
      firstName: row.first_name,
      lastName: row.last_name,
      parentId: row.parent_id,
      language: row.language,
    });
  }
  return found;
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
