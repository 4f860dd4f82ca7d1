import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_PAGES } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../../db/client.js';
import { definite } from '../../../lib/definite.js';
import { type ActivityBy, type ActivityFact, recordActivities } from '../../activity/record.js';

/**
 * Sign-in links (docs/domain.md, "Access"): 256 random bits, only their SHA-256 stored, one live
 * link per account (a new one replaces the old), used once. The secret travels after `#` in
 * `/auth/welcome#...`, so it reaches no server log or referrer. Issuing a link leaves the current
 * password working until the link is used. Here they are issued and ended; the link doors
 * (doors/commands.ts) use them.
 */
export type LinkPurpose = 'invite' | 'reset';
/** Why a link ended unused. */
export type LinkEnd = 'replaced' | 'revoked' | 'blocked' | 'inactive' | 'password_changed';

/** A reset link (forgot password) is valid 30 minutes. */
export const RESET_LINK_TTL_MS = 30 * 60_000;

export const LINK_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export const hashLinkToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function linkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${ACCESS_PAGES.welcome}#${token}`;
}

export interface NewLink {
  /** The link's row: a mail carrying the link names it (outbox.sign_in_link_id). */
  id: number;
  accountId: string;
  token: string;
  expiresAt: Date;
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
