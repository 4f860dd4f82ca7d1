import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_MESSAGES, ACCESS_PAGES, type LinkInfoResponse, type LoginResponse } from '@playrep/contracts';
import { passwordProblem } from '@playrep/contracts/password-strength';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Queryable } from '../../db/client.js';
import { accounts, signInLinks } from '../../db/schema/index.js';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-error.js';
import { type ActivityBy, type ActivityFact, recordActivities, recordActivity } from '../activity/record.js';
import { recordAttempt, throttleAddress } from '../auth/attempts.js';
import { openSession } from '../auth/open-session.js';
import { hashPassword } from '../auth/passwords.js';
import { revokeAccountSessions } from '../auth/sessions.js';

/**
 * Sign-in links (docs/domain.md, "Access"): 256 random bits, only their SHA-256 stored, one live
 * link per account (a new one replaces the old), used once. The secret travels after `#` in
 * `/auth/welcome#...`, so it reaches no server log or referrer. Issuing a link leaves the current
 * password working until the link is used; using it sets the password, ends every other session
 * of the account and signs it in.
 */
export type LinkPurpose = 'invite' | 'reset';
/** Why a link ended unused. */
export type LinkEnd = 'replaced' | 'revoked' | 'blocked' | 'inactive' | 'password_changed';

/** A reset link (forgot password) is valid 30 minutes. */
export const RESET_LINK_TTL_MS = 30 * 60_000;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

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
    const rows = await tx
      .insert(signInLinks)
      .values(
        links.slice(i, i + 1_000).map((l) => ({
          tokenHash: hashToken(l.token),
          accountId: l.accountId,
          purpose: input.purpose,
          issuedBy: input.issuedBy,
          createdAt: now,
          expiresAt,
        })),
      )
      .returning({ id: signInLinks.id, accountId: signInLinks.accountId });
    for (const row of rows) byAccount.get(row.accountId)!.id = row.id;
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
  const ended = await tx
    .update(signInLinks)
    .set({ revokedAt: now, revokedReason: why })
    .where(and(inArray(signInLinks.accountId, [...accountIds]), isNull(signInLinks.usedAt), isNull(signInLinks.revokedAt)))
    .returning({ accountId: signInLinks.accountId, purpose: signInLinks.purpose });
  await recordActivities(
    tx,
    ended.map(
      (link): ActivityFact => ({
        ...by,
        at: now,
        kind: 'link-revoked',
        subjectId: link.accountId,
        details: { why, purpose: link.purpose },
      }),
    ),
  );
  return ended.length;
}

const issuer = alias(accounts, 'issuer');

/** A link by its secret with its account and issuer; null when there is none. */
async function findLink(db: Queryable, token: string) {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({
      id: signInLinks.id,
      purpose: signInLinks.purpose,
      expiresAt: signInLinks.expiresAt,
      usedAt: signInLinks.usedAt,
      revokedReason: signInLinks.revokedReason,
      account: {
        id: accounts.id,
        username: accounts.username,
        firstName: accounts.firstName,
        lastName: accounts.lastName,
        role: accounts.role,
        userStatus: accounts.userStatus,
        blockedAt: accounts.blockedAt,
      },
      issuer: { username: issuer.username, firstName: issuer.firstName, lastName: issuer.lastName },
    })
    .from(signInLinks)
    .innerJoin(accounts, eq(accounts.id, signInLinks.accountId))
    .leftJoin(issuer, eq(issuer.id, signInLinks.issuedBy))
    .where(eq(signInLinks.tokenHash, hashToken(token)));
  return row ?? null;
}

type FoundLink = NonNullable<Awaited<ReturnType<typeof findLink>>>;

/** The refusal of a link that cannot be used now, or null when it can. */
function refusal(link: FoundLink | null, now: Date): HttpError | null {
  if (!link) return notFound(ACCESS_MESSAGES.linkNotValid);
  if (link.usedAt) return new HttpError(410, ACCESS_MESSAGES.linkUsed);
  if (link.revokedReason === 'replaced') return new HttpError(410, ACCESS_MESSAGES.linkReplaced);
  // The account as it is now: a block or a deactivation since ended the link for good.
  if (link.account.blockedAt) return forbidden(ACCESS_MESSAGES.accountBlocked);
  if (!link.account.userStatus) return forbidden(ACCESS_MESSAGES.linkInactive);
  if (link.revokedReason) return new HttpError(410, ACCESS_MESSAGES.linkRevoked);
  if (link.expiresAt <= now) return new HttpError(410, ACCESS_MESSAGES.linkExpired);
  if (link.account.role === 'house') return notFound(ACCESS_MESSAGES.linkNotValid);
  return null;
}

function usable(link: FoundLink | null, now: Date): FoundLink {
  const refused = refusal(link, now);
  if (refused) throw refused;
  return link!;
}

const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim();

/** What the welcome page shows: the account and who invited it. The link stays unused. */
export async function describeLink(db: Queryable, token: string, now: Date): Promise<LinkInfoResponse> {
  const link = usable(await findLink(db, token), now);
  const by = link.issuer?.username ? link.issuer : null;
  return {
    username: link.account.username,
    invitedBy: by ? (fullName(by) ? `${by.username} (${fullName(by)})` : by.username) : null,
    purpose: link.purpose,
    expiresAt: link.expiresAt.toISOString(),
  };
}

/**
 * Uses a link: the password is judged first (a refused password leaves the link unused), then the
 * link is taken by one conditional update, so of two uses at once exactly one wins; the other finds
 * it used. The password is set, every session of the account ends, and a new one opens. The
 * activity gets the link used and the password changed, both by the account itself.
 */
export async function useSignInLink(
  db: Db,
  input: {
    token: string;
    password: string;
    address: string;
    userAgent?: string | undefined;
    now: Date;
    presentedSessions: string[];
  },
): Promise<LoginResponse> {
  const { now } = input;
  const link = usable(await findLink(db, input.token), now);
  const problem = passwordProblem(input.password, link.account.username);
  if (problem) throw badRequest(`password: ${problem}`);
  const passwordHash = await hashPassword(input.password);
  const outcome = await db.transaction(async (tx) => {
    const taken = await tx
      .update(signInLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(signInLinks.id, link.id),
          isNull(signInLinks.usedAt),
          isNull(signInLinks.revokedAt),
          sql`${signInLinks.expiresAt} > ${now}`,
        ),
      )
      .returning({ accountId: signInLinks.accountId });
    // The account is read again under the link's row lock: a block since the first read wins.
    const [account] = await tx
      .select({ userStatus: accounts.userStatus, blockedAt: accounts.blockedAt })
      .from(accounts)
      .where(eq(accounts.id, link.account.id));
    if (taken.length === 0 || !account?.userStatus || account.blockedAt) return null;
    const sessionsEnded = await revokeAccountSessions(tx, link.account.id, now);
    const role = link.account.role;
    if (role === 'house') return null;
    const fact = {
      at: now,
      actor: { accountId: link.account.id },
      subjectId: link.account.id,
      address: input.address,
      userAgent: input.userAgent,
    };
    await recordActivity(tx, { ...fact, kind: 'link-used', details: { purpose: link.purpose } });
    await recordActivity(tx, { ...fact, kind: 'password-changed', details: { via: `${link.purpose} link`, sessionsEnded } });
    const answer = await openSession(
      tx,
      { ...link.account, role },
      { now, presentedSessions: input.presentedSessions, passwordHash },
    );
    // A sign-in like any other: the account page's "last sign-in" counts it.
    const attempt = { at: now, accountId: link.account.id, username: link.account.username, device: null };
    await recordAttempt(tx, { ...attempt, address: throttleAddress(input.address), reason: 'ok' });
    return answer;
  });
  if (outcome) return outcome;
  // Lost a race, or ended meanwhile: say why, as it is now.
  throw refusal(await findLink(db, input.token), now) ?? new HttpError(410, ACCESS_MESSAGES.linkUsed);
}
