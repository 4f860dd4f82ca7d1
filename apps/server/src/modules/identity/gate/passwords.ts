import { hash, verify } from '@node-rs/argon2';
import { passwordProblem } from '@playrep/contracts/password-strength';
import bcrypt from 'bcrypt';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { badField } from '../../../lib/http-error.js';
import { type ActivityBy, recordActivity } from '../../activity/record.js';
import { endLiveLinks } from './links.js';
import { revokeAccountSessions } from './queries.js';

/** argon2id with the parameters of docs/domain.md, "Access" (m=19456 KiB, t=2, p=1): about 6 ms a hash here. */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * A bcrypt hash the platform sent (docs/domain.md, "Access", Passwords: `$2a$`, `$2b$`, `$2y$`).
 * It is verified as it is and replaced by argon2id at the next successful sign-in.
 */
export const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export function isBcryptHash(passwordHash: string): boolean {
  return BCRYPT_HASH.test(passwordHash);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    // The bcrypt package reads $2y$ as $2b$ (the same algorithm under PHP's name) once told so.
    if (isBcryptHash(passwordHash)) return await bcrypt.compare(password, passwordHash.replace(/^\$2y\$/, '$2b$'));
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the username is unknown, so both failures take as long. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('not-a-real-password-0f3a9c');
  return decoy;
}

/**
 * The one strength rule of every password a person chooses (docs/access.md, "Passwords"):
 * a sign-in or reset link, the account page, signup and the
 * `accounts` command. Refuses with 400 naming the field (by its label on the screen) and the reason
 * (password-strength.ts).
 */
function requireStrongPassword(password: string, username: string, field: string): void {
  const problem = passwordProblem(password, username);
  if (problem) throw badField(field, problem);
}

/**
 * A password on its way to the accounts table: made only by choosePassword (a password a person
 * chose, judged by the strength rule) or rehashed (the platform's bcrypt hash giving way to
 * argon2id at a sign-in), and stored only by setPassword.
 */
export interface NewPassword {
  readonly hash: string;
  readonly _brand: 'NewPassword';
}

/** A password a person chose: the one strength rule (400 naming `field`), then hashed, before any transaction. */
export async function choosePassword(password: string, username: string, field: string): Promise<NewPassword> {
  requireStrongPassword(password, username, field);
  return { hash: await hashPassword(password), _brand: 'NewPassword' };
}

/** The password just typed at a sign-in, hashed anew (argon2id in place of a bcrypt hash): not judged, it is already the account's. */
export async function rehashedPassword(password: string): Promise<NewPassword> {
  return { hash: await hashPassword(password), _brand: 'NewPassword' };
}

/** What goes with a password change (docs/domain.md, "Access", Passwords): null for a new account's first one and for a rehash. */
export interface PasswordChange {
  now: Date;
  /** Who changed it, as the activity's `password-changed` entry says. */
  by: ActivityBy;
  /** How: 'account page', 'invite link', 'reset link', 'command line'. */
  via: string;
  /** The session that changed it stays open (the account page); every other session of the account ends. */
  keepSession?: number | undefined;
  /** Its live sign-in link ends too (`password_changed`): the person has just shown it has a password of its own. */
  endLinks?: boolean;
}

/**
 * The one write of an account's password, in the caller's transaction: every path that sets one
 * (signup and the `accounts` command, a sign-in or reset link, the account page, the command
 * line's reset, a sign-in's rehash) comes through here. A change ends the account's sessions (but
 * `keepSession`), and its live link where asked, and is recorded in the activity with the fact.
 */
export async function setPassword(
  tx: Queryable,
  accountId: string,
  password: NewPassword,
  change: PasswordChange | null,
): Promise<{ sessionsEnded: number }> {
  await tx.execute(sql`UPDATE accounts SET password_hash = ${password.hash} WHERE id = ${accountId}::uuid`);
  if (!change) return { sessionsEnded: 0 };
  const { now, by } = change;
  const sessionsEnded = await revokeAccountSessions(tx, accountId, now, change.keepSession);
  await recordActivity(tx, {
    ...by,
    at: now,
    kind: 'password-changed',
    subjectId: accountId,
    details: { via: change.via, sessionsEnded },
  });
  if (change.endLinks) await endLiveLinks(tx, [accountId], 'password_changed', now, by);
  return { sessionsEnded };
}
