import { hash, verify } from '@node-rs/argon2';
import { passwordProblem } from '@playrep/contracts/password-strength';
import bcrypt from 'bcrypt';
import { badField } from '../../../lib/http-error.js';

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
 * chose, judged by the strength rule), unjudgedPassword (the platform's bcrypt hash giving way to
 * argon2id at a sign-in, the demo's password) or platformPassword (a hash the platform sent), and
 * stored only by setPassword (commands.ts).
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

/**
 * A password hashed without the strength rule: one just typed at a sign-in, hashed anew (argon2id in
 * place of a bcrypt hash; it is already the account's), or the demo network's shared password.
 */
export async function unjudgedPassword(password: string): Promise<NewPassword> {
  return { hash: await hashPassword(password), _brand: 'NewPassword' };
}

/** A hash the game platform sent with an account (the feed's `account`, which checked it is bcrypt or argon2id): stored as it is. */
export function platformPassword(hash: string): NewPassword {
  return { hash, _brand: 'NewPassword' };
}
