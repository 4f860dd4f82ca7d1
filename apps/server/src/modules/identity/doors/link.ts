import { ACCESS_MESSAGES, type LinkInfoResponse, type LoginResponse } from '@playrep/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Queryable } from '../../../db/client.js';
import { accounts, signInLinks } from '../../../db/schema/index.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import { recordActivity } from '../../activity/record.js';
import { hashLinkToken, LINK_TOKEN_SHAPE } from '../gate/links.js';
import { hashPassword, requireStrongPassword } from '../gate/passwords.js';
import { accountRefusal, type SessionGate } from '../gate/session-gate.js';
import { revokeAccountSessions } from '../gate/sessions.js';

/**
 * The link doors (docs/domain.md, "Access", and docs/access.md, "One gate for every way in"): a sign-in
 * link a manager issued (invite) and a reset link mailed by forgot password (reset). Using one
 * sets the password (the link is then used and every session of the account ends), then hands
 * the account to the gate like any other door: with two-step on, no session opens yet and the
 * answer asks for the code, which the welcome page sends with the new password to the password
 * door.
 */

const issuer = alias(accounts, 'issuer');

/** A link by its secret with its account and issuer; null when there is none. */
async function findLink(db: Queryable, token: string) {
  if (!LINK_TOKEN_SHAPE.test(token)) return null;
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
    .where(eq(signInLinks.tokenHash, hashLinkToken(token)));
  return row ?? null;
}

type FoundLink = NonNullable<Awaited<ReturnType<typeof findLink>>>;

/** The refusal of a link that cannot be used now, or null when it can. */
function refusal(link: FoundLink | null, now: Date): HttpError | null {
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
 * it used. The password is set and every session of the account ends; the activity gets the link
 * used and the password changed, both by the account itself. Then the gate decides: a session, or
 * (two-step on) the code asked for, with the password already set.
 */
export async function useSignInLink(
  db: Db,
  gate: SessionGate,
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
  requireStrongPassword(input.password, link.account.username, 'password');
  const passwordHash = await hashPassword(input.password);
  const accountId = link.account.id;
  const outcome = await db.transaction(async (tx): Promise<LoginResponse | HttpError | null> => {
    // The account first, locked (as a block does): a block or deactivation since the first read leaves the link unused.
    const [account] = await tx
      .select({ userStatus: accounts.userStatus, blockedAt: accounts.blockedAt })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!account?.userStatus || account.blockedAt) return null;
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
    if (taken.length === 0) return null;
    await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, accountId));
    const sessionsEnded = await revokeAccountSessions(tx, accountId, now);
    const fact = { at: now, actor: { accountId }, subjectId: accountId, address: input.address, userAgent: input.userAgent };
    await recordActivity(tx, { ...fact, kind: 'link-used', details: { purpose: link.purpose } });
    await recordActivity(tx, { ...fact, kind: 'password-changed', details: { via: `${link.purpose} link`, sessionsEnded } });
    const passed = await gate.pass(tx, accountId, {
      door: link.purpose === 'reset' ? 'reset-link' : 'invite-link',
      now,
      presentedSessions: input.presentedSessions,
      origin: { address: input.address, userAgent: input.userAgent },
    });
    return passed.open ? passed.answer : passed.refusal;
  });
  if (outcome instanceof HttpError) throw outcome;
  if (outcome) return outcome;
  // Lost a race, or ended meanwhile: say why, as it is now.
  throw refusal(await findLink(db, input.token), now) ?? new HttpError(410, ACCESS_MESSAGES.linkUsed);
}
