import {
  ACCESS_MESSAGES,
  type AccessState,
  type CreatedAccount,
  canParent,
  hasCommission,
  type IssuedLink,
  MAX_LINKS_AT_ONCE,
  type NewAccount,
  type Role,
} from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Db, type Queryable, queryRows } from '../../../db/client.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { definite } from '../../../lib/definite.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/http-error.js';
import type { ScopedAccount } from '../../../plugins/context.js';
import { findSignInAccount } from '../../accounts/repository.js';
import { type ActivityBy, type ActivityOrigin, recordActivity } from '../../activity/record.js';
import { endLiveLinks, issueSignInLinks, removeTwoStep, revokeAccountSessions, setPassword } from '../gate/commands.js';
import { linkUrl } from '../gate/links.js';
import { choosePassword } from '../gate/passwords.js';
import { createdAccount, issuedLink } from './present.js';
import {
  accessStateOf,
  type LinkTarget,
  type LinkTargetPick,
  linkTargets,
  requireAccountNamed,
  superadminExists,
  usernameTaken,
} from './queries.js';

/**
 * What a manager and the operators' `accounts` command change (docs/domain.md, "Access"): new
 * accounts (`POST /api/auth/signup` and `accounts -- create`), sign-in links, blocks, a lost
 * two-step cleared, an account made inactive, a password reset by the command line. Input shapes
 * and rules are the contracts' (SignupBody, NewAccount, NewPassword). Each change is recorded in
 * the activity in its transaction.
 */

const USERNAME_TAKEN_MESSAGE = 'This username is already taken.';
const SUPERADMIN_EXISTS_MESSAGE = 'There is already a superadmin.';

/** The parent of a new account: the signed-in caller (signup) or a named account (command line). */
interface ParentAccount {
  id: string;
  role: Role;
}

interface CreateAccountOptions {
  /** Usernames nobody may take (the house account's, whether or not it exists yet). */
  reservedUsernames?: readonly string[];
  /** Who creates it, for the activity ("Account created by X"): the signed-in caller, or the command line. */
  by: ActivityBy;
  /** The creator's username as the entry names it ("command line" for the command). */
  byUsername: string;
  now: Date;
}

/** The fields of a new account once validated by SignupBody or NewAccount. */
type NewAccountFields = NewAccount;

type NewAccountRow = Parameters<typeof createdAccount>[0];

/**
 * Creates an account under `parent` (null only for the single superadmin). The new role must be
 * below the parent's; players create nobody; usernames are unique ignoring case; a password given
 * passes the one strength rule. The creation is recorded in the activity, in its transaction.
 */
export async function createAccount(
  db: Db,
  parent: ParentAccount | null,
  fields: NewAccountFields,
  options: CreateAccountOptions,
): Promise<CreatedAccount> {
  if (parent === null && fields.role !== 'superadmin') throw badRequest('parent: is required for every role but superadmin');
  if (parent !== null) {
    if (parent.role === 'player') throw forbidden('Players cannot create accounts.');
    if (!canParent(parent.role, fields.role)) {
      throw forbidden(`The new account's role must be below its parent's (${parent.role}).`);
    }
  }
  if (!hasCommission(fields.role) && fields.commission) throw badRequest('commission: players have no commission');
  const username = fields.username.trim();
  const reserved = (options.reservedUsernames ?? []).some((r) => r.toLowerCase() === username.toLowerCase());
  if (reserved || (await usernameTaken(db, username))) {
    throw conflict(USERNAME_TAKEN_MESSAGE);
  }
  if (fields.role === 'superadmin' && (await superadminExists(db))) throw conflict(SUPERADMIN_EXISTS_MESSAGE);

  const password = fields.password === undefined ? null : await choosePassword(fields.password, username, 'password');
  try {
    const created = await db.transaction(async (tx) => {
      const [row] = await queryRows<NewAccountRow>(
        tx,
        sql`INSERT INTO accounts (username, first_name, last_name, role, parent_id, commission, address)
            VALUES (${username}, ${fields.firstName}, ${fields.lastName}, ${fields.role}, ${parent?.id ?? null}::uuid,
                    ${String(fields.commission ?? 0)}, ${fields.address})
            RETURNING id, username, first_name, last_name, role::text AS role, parent_id, commission, address, user_status, created_at`,
      );
      const account = definite(row, 'the inserted account');
      // Its first password: no session or link to end, no change to record beside the creation.
      if (password) await setPassword(tx, account.id, password, null);
      await recordActivity(tx, {
        ...options.by,
        at: options.now,
        kind: 'account-created',
        subjectId: account.id,
        details: { by: options.byUsername, role: fields.role },
      });
      return account;
    });
    return createdAccount({ ...created, role: fields.role });
  } catch (err) {
    // Two creations racing for one name: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(fields.role === 'superadmin' ? SUPERADMIN_EXISTS_MESSAGE : USERNAME_TAKEN_MESSAGE);
    throw err;
  }
}

/**
 * Makes an account active or inactive (`npm run accounts -- enable|disable`: the activity's actor
 * is the command line). Deactivating revokes all its sessions at once (the session lookup also
 * checks the status, so nothing it holds works any more) and its live links.
 */
export async function setAccountActive(db: Queryable, username: string, active: boolean, now: Date) {
  const account = await requireAccountNamed(db, username);
  const revokedSessions = await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE accounts SET user_status = ${active} WHERE id = ${account.id}::uuid`);
    if (active) return 0;
    const revoked = await revokeAccountSessions(tx, account.id, now);
    await endLiveLinks(tx, [account.id], 'inactive', now, { actor: 'cli' });
    return revoked;
  });
  return { account: { ...account, userStatus: active }, revokedSessions };
}

/**
 * Sets a new password (same rules as signup) and revokes the account's sessions:
 * `npm run accounts -- reset-password`, recorded in the activity as done by the command line.
 */
export async function resetPassword(db: Queryable, username: string, typed: string, now: Date) {
  const account = await requireAccountNamed(db, username);
  const password = await choosePassword(typed, account.username, 'password');
  const revokedSessions = await db.transaction(async (tx) => {
    const { sessionsEnded } = await setPassword(tx, account.id, password, { now, by: { actor: 'cli' }, via: 'command line' });
    return sessionsEnded;
  });
  return { account, revokedSessions };
}

/**
 * What a manager does to the access of the accounts it manages (docs/domain.md, "Access"): those
 * strictly below it. The scope guard has already refused an account outside the caller's subtree;
 * the caller's own account is refused here.
 */
export function requireManaged(callerId: string, account: ScopedAccount): ScopedAccount {
  if (account.id === callerId) throw forbidden();
  return account;
}

function refuseUnusable(targets: readonly LinkTarget[]): void {
  const inactive = targets.find((t) => !t.user_status);
  if (inactive) throw conflict(ACCESS_MESSAGES.noLinkInactive(inactive.username));
  const blocked = targets.find((t) => t.blocked);
  if (blocked) throw conflict(ACCESS_MESSAGES.noLinkBlocked(blocked.username));
}

async function issueFor(tx: Queryable, targets: readonly LinkTarget[], input: IssueInput, bulk: boolean): Promise<IssuedLink[]> {
  const links = await issueSignInLinks(
    tx,
    targets.map((t) => t.id),
    { purpose: 'invite', issuedBy: input.issuedBy, now: input.now, ttlMs: input.ttlHours * 3_600_000, by: input.by, bulk },
  );
  return targets.map((t, i) => issuedLink(t, definite(links[i], 'the issued link'), input.publicUrl));
}

export interface IssueInput {
  issuedBy: string;
  /** The issuer, its address and device, for the activity. */
  by: ActivityBy;
  now: Date;
  ttlHours: number;
  publicUrl: string;
}

/** One link for one account the caller manages (409 for an inactive or blocked one). */
export async function issueOneLink(db: Db, account: ScopedAccount, input: IssueInput): Promise<IssuedLink> {
  return db.transaction(async (tx) => {
    const targets = await linkTargets(tx, input.issuedBy, { accountId: account.id }, 1);
    if (targets.length === 0) throw notFound('No such account');
    refuseUnusable(targets);
    const [link] = await issueFor(tx, targets, input, false);
    return definite(link, 'the issued link');
  });
}

/**
 * Links in bulk: for the usernames selected (each one below the caller, else 404 naming it; an
 * inactive or blocked one refuses the lot), or for every active, unblocked account without a
 * password below the caller, optionally of one role. At most MAX_LINKS_AT_ONCE.
 */
export async function issueBulkLinks(
  db: Db,
  selection: { usernames?: readonly string[] | undefined; role?: Role | undefined },
  input: IssueInput,
): Promise<IssuedLink[]> {
  return db.transaction(async (tx) => {
    let targets: LinkTarget[];
    if (selection.usernames) {
      const wanted = [...new Set(selection.usernames.map((u) => u.trim().toLowerCase()))];
      const pick: LinkTargetPick = { usernames: wanted, role: selection.role };
      targets = await linkTargets(tx, input.issuedBy, pick, MAX_LINKS_AT_ONCE);
      const found = new Set(targets.map((t) => t.username.toLowerCase()));
      const missing = wanted.filter((u) => !found.has(u));
      if (missing.length > 0) throw notFound(`No such account below yours: ${missing.slice(0, 10).join(', ')}`);
      refuseUnusable(targets);
    } else {
      const pick: LinkTargetPick = { withoutPassword: true, role: selection.role };
      targets = await linkTargets(tx, input.issuedBy, pick, MAX_LINKS_AT_ONCE + 1);
      if (targets.length > MAX_LINKS_AT_ONCE) {
        throw conflict(
          `More than ${MAX_LINKS_AT_ONCE.toLocaleString('en-IN')} accounts have no password: issue links one role at a time, or for a selection.`,
        );
      }
    }
    // None left without a password: an empty file (the screen says so before asking).
    return issueFor(tx, targets, input, true);
  });
}

/**
 * Blocks (its sessions and live links end at once) or unblocks the sign-in of an account the
 * caller manages. Blocking a blocked account keeps who blocked it first; the activity records a
 * block or an unblock only when it changed something.
 */
export async function setBlocked(
  db: Db,
  account: ScopedAccount,
  input: { blocked: boolean; by: ActivityBy & { actor: { accountId: string } }; now: Date },
): Promise<AccessState> {
  const { now, by } = input;
  return db.transaction(async (tx) => {
    const fact = { ...by, at: now, subjectId: account.id };
    if (input.blocked) {
      const changed = await queryRows(
        tx,
        sql`UPDATE accounts SET blocked_at = ${now}, blocked_by = ${by.actor.accountId}::uuid
             WHERE id = ${account.id}::uuid AND blocked_at IS NULL RETURNING id`,
      );
      const sessionsEnded = await revokeAccountSessions(tx, account.id, now);
      if (changed.length > 0) await recordActivity(tx, { ...fact, kind: 'blocked', details: { sessionsEnded } });
      await endLiveLinks(tx, [account.id], 'blocked', now, by);
    } else {
      const changed = await queryRows(
        tx,
        sql`UPDATE accounts SET blocked_at = NULL, blocked_by = NULL
             WHERE id = ${account.id}::uuid AND blocked_at IS NOT NULL RETURNING id`,
      );
      if (changed.length > 0) await recordActivity(tx, { ...fact, kind: 'unblocked' });
    }
    return accessStateOf(tx, account.id);
  });
}

/** A manager clears the two-step of an account it manages (a lost phone); false when it had none. */
export async function clearTwoStep(
  db: Db,
  managerId: string,
  accountId: string,
  now: Date,
  origin: ActivityOrigin,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await removeTwoStep(tx, accountId);
    if (removed) {
      await recordActivity(tx, {
        ...origin,
        at: now,
        kind: 'two-step-cleared',
        actor: { accountId: managerId },
        subjectId: accountId,
      });
    }
    return removed;
  });
}

/**
 * `npm run accounts -- link --username NAME` (docs/access.md): a sign-in link issued by the command
 * line, for any account but an inactive or blocked one. The first superadmin of a new deployment
 * gets in this way, so no password is ever typed on a command line.
 */
export async function commandLineLink(
  db: Db,
  username: string,
  input: { now: Date; ttlHours: number; publicUrl: string },
): Promise<{ account: { username: string }; link: string; expiresAt: Date }> {
  const account = await findSignInAccount(db, username);
  if (!account) throw notFound(`No account named "${username.trim()}"`);
  if (!account.userStatus) throw conflict(`"${account.username}" is inactive: enable it first.`);
  if (account.blocked) throw conflict(`"${account.username}" is blocked: a manager must unblock it first.`);
  const [link] = await db.transaction((tx) =>
    issueSignInLinks(tx, [account.id], {
      purpose: 'invite',
      issuedBy: null,
      now: input.now,
      ttlMs: input.ttlHours * 3_600_000,
      by: { actor: 'cli' },
    }),
  );
  const issued = definite(link, 'the issued link');
  return { account, link: linkUrl(input.publicUrl, issued.token), expiresAt: issued.expiresAt };
}
