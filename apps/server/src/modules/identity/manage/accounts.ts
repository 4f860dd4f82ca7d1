import { type CreatedAccount, canParent, hasCommission, type NewAccount, type Role } from '@playrep/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../../db/client.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { accounts } from '../../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/http-error.js';
import { findSignInAccount } from '../../accounts/repository.js';
import { type ActivityBy, recordActivity } from '../../activity/record.js';
import { endLiveLinks } from '../gate/links.js';
import { hashPassword, requireStrongPassword } from '../gate/passwords.js';
import { revokeAccountSessions } from '../gate/sessions.js';
import { toAuthUser } from '../gate/users.js';

/**
 * Account operations shared by `POST /api/auth/signup` and the operators' `accounts` command.
 * Input shapes and rules are the contracts' (SignupBody, NewAccount, NewPassword).
 */

export const USERNAME_TAKEN_MESSAGE = 'This username is already taken.';
export const SUPERADMIN_EXISTS_MESSAGE = 'There is already a superadmin.';

async function requireAccount(db: Queryable, username: string) {
  const account = await findSignInAccount(db, username);
  if (!account) throw notFound(`No account named "${username.trim()}"`);
  return account;
}

/** The parent of a new account: the signed-in caller (signup) or a named account (command line). */
export interface ParentAccount {
  id: string;
  role: Role;
}

export interface CreateAccountOptions {
  /** Usernames nobody may take (the house account's, whether or not it exists yet). */
  reservedUsernames?: readonly string[];
  /** Who creates it, for the activity ("Account created by X"): the signed-in caller, or the command line. */
  by: ActivityBy;
  /** The creator's username as the entry names it ("command line" for the command). */
  byUsername: string;
  now: Date;
}

/** The fields of a new account once validated by SignupBody or NewAccount. */
export type NewAccountFields = NewAccount;

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

  if (fields.password !== undefined) requireStrongPassword(fields.password, username, 'password');
  const passwordHash = fields.password === undefined ? null : await hashPassword(fields.password);
  try {
    const [row] = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(accounts)
        .values({
          username,
          passwordHash,
          firstName: fields.firstName,
          lastName: fields.lastName,
          role: fields.role,
          parentId: parent?.id ?? null,
          commission: String(fields.commission ?? 0),
          address: fields.address,
        })
        .returning();
      await recordActivity(tx, {
        ...options.by,
        at: options.now,
        kind: 'account-created',
        subjectId: inserted[0]!.id,
        details: { by: options.byUsername, role: fields.role },
      });
      return inserted;
    });
    const created = row!;
    return {
      ...toAuthUser({ ...created, role: fields.role }),
      parentId: created.parentId,
      commission: Number(created.commission),
      address: created.address,
      userStatus: created.userStatus,
      createdAt: created.createdAt.toISOString(),
    };
  } catch (err) {
    // Two creations racing for one name: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(fields.role === 'superadmin' ? SUPERADMIN_EXISTS_MESSAGE : USERNAME_TAKEN_MESSAGE);
    throw err;
  }
}

async function superadminExists(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, 'superadmin')).limit(1);
  return row !== undefined;
}

/** Any account holds this name, ignoring case (the house included). */
async function usernameTaken(db: Queryable, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.username}) = lower(${username})`)
    .limit(1);
  return row !== undefined;
}

/**
 * Makes an account active or inactive (`npm run accounts -- enable|disable`: the activity's actor
 * is the command line). Deactivating revokes all its sessions at once (the session lookup also
 * checks the status, so nothing it holds works any more) and its live links.
 */
export async function setAccountActive(db: Queryable, username: string, active: boolean, now: Date) {
  const account = await requireAccount(db, username);
  const revokedSessions = await db.transaction(async (tx) => {
    await tx.update(accounts).set({ userStatus: active }).where(eq(accounts.id, account.id));
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
export async function resetPassword(db: Queryable, username: string, password: string, now: Date) {
  const account = await requireAccount(db, username);
  requireStrongPassword(password, account.username, 'password');
  const passwordHash = await hashPassword(password);
  const revokedSessions = await db.transaction(async (tx) => {
    await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, account.id));
    const revoked = await revokeAccountSessions(tx, account.id, now);
    await recordActivity(tx, {
      at: now,
      kind: 'password-changed',
      actor: 'cli',
      subjectId: account.id,
      details: { via: 'command line', sessionsEnded: revoked },
    });
    return revoked;
  });
  return { account, revokedSessions };
}
