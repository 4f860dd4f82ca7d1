import { ACCESS_MESSAGES } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../../db/client.js';
import { definite } from '../../../lib/definite.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import { hashLinkToken, LINK_TOKEN_SHAPE, type LinkPurpose } from '../gate/links.js';
import { accountRefusal } from '../gate/session-gate.js';

/** What the doors read: a sign-in link by its secret, the account a forgot-password request names. */

export interface FoundLink {
  id: number;
  purpose: LinkPurpose;
  expiresAt: Date;
  usedAt: Date | null;
  revokedReason: string | null;
  account: {
    id: string;
    username: string;
    firstName: string;
    lastName: string;
    role: string;
    userStatus: boolean;
    blockedAt: Date | null;
  };
  /** Who issued it; null for the command line and forgot password. */
  issuer: { username: string; firstName: string; lastName: string } | null;
}

/** A link by its secret with its account and issuer; null when there is none. */
export async function findLink(db: Queryable, token: string): Promise<FoundLink | null> {
  if (!LINK_TOKEN_SHAPE.test(token)) return null;
  const [row] = await queryRows<{
    id: number;
    purpose: LinkPurpose;
    expires_at: Date | string;
    used_at: Date | string | null;
    revoked_reason: string | null;
    account_id: string;
    username: string;
    first_name: string;
    last_name: string;
    role: string;
    user_status: boolean;
    blocked_at: Date | string | null;
    issuer_username: string | null;
    issuer_first_name: string | null;
    issuer_last_name: string | null;
  }>(
    db,
    sql`SELECT l.id, l.purpose, l.expires_at, l.used_at, l.revoked_reason,
               a.id AS account_id, a.username, a.first_name, a.last_name, a.role::text AS role, a.user_status, a.blocked_at,
               i.username AS issuer_username, i.first_name AS issuer_first_name, i.last_name AS issuer_last_name
          FROM sign_in_links l
          JOIN accounts a ON a.id = l.account_id
          LEFT JOIN accounts i ON i.id = l.issued_by
         WHERE l.token_hash = ${hashLinkToken(token)}`,
  );
  if (!row) return null;
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    id: Number(row.id),
    purpose: row.purpose,
    expiresAt: new Date(row.expires_at),
    usedAt: date(row.used_at),
    revokedReason: row.revoked_reason,
    account: {
      id: row.account_id,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      role: row.role,
      userStatus: row.user_status,
      blockedAt: date(row.blocked_at),
    },
    issuer:
      row.issuer_username === null
        ? null
        : { username: row.issuer_username, firstName: row.issuer_first_name ?? '', lastName: row.issuer_last_name ?? '' },
  };
}

/** The refusal of a link that cannot be used now, or null when it can. */
export function linkRefusal(link: FoundLink | null, now: Date): HttpError | null {
  if (!link || link.account.role === 'house') return notFound(ACCESS_MESSAGES.linkNotValid);
  if (link.usedAt) return new HttpError(410, ACCESS_MESSAGES.linkUsed);
  if (link.revokedReason === 'replaced') return new HttpError(410, ACCESS_MESSAGES.linkReplaced);
  // The account as it is now, in the gate's words: a block or a deactivation since ended the link for good.
  const { account } = link;
  const refused = accountRefusal({
    ...account,
    hasPassword: true, // the link gives it one
    active: account.userStatus,
    blocked: account.blockedAt !== null,
  });
  if (refused) return refused.refusal;
  if (link.revokedReason) return new HttpError(410, ACCESS_MESSAGES.linkRevoked);
  if (link.expiresAt <= now) return new HttpError(410, ACCESS_MESSAGES.linkExpired);
  return null;
}

/** The link of this secret when it can be used now; else its refusal, thrown. The link stays unused. */
export async function usableLink(db: Queryable, token: string, now: Date): Promise<FoundLink> {
  const link = await findLink(db, token);
  const refused = linkRefusal(link, now);
  if (refused) throw refused;
  return definite(link, 'the usable link');
}

/** Whether the account may still take a link now: active and not blocked, its row locked for the caller's transaction. */
export async function lockAccountForLink(tx: Queryable, accountId: string): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    tx,
    sql`SELECT user_status AND blocked_at IS NULL AS ok FROM accounts WHERE id = ${accountId}::uuid FOR UPDATE`,
  );
  return row?.ok === true;
}

/** Forgot-password requests for this username (as typed, ignoring case) since `since`. */
export async function forgotRequestsSince(tx: Queryable, username: string, since: Date): Promise<number> {
  const [asked] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM sign_in_attempts
         WHERE lower(username) = lower(${username}) AND reason = 'forgot' AND at > ${since}`,
  );
  return asked?.n ?? 0;
}

/** The account a reset link may be mailed to: this username, active, not blocked, with a verified address. */
export async function resettableAccount(
  tx: Queryable,
  username: string,
): Promise<{ id: string; username: string; email: string; language: string } | null> {
  const [account] = await queryRows<{ id: string; username: string; email: string; language: string }>(
    tx,
    sql`SELECT id, username, email, language FROM accounts
         WHERE lower(username) = lower(${username}) AND role <> 'house'
           AND user_status AND blocked_at IS NULL AND email_verified`,
  );
  return account ?? null;
}
