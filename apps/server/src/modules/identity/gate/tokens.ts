import { createHash, randomBytes } from 'node:crypto';

/** A session token: 256 random bits, base64url (43 characters). Only its SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Cheap shape check so that garbage ("Bearer null") never reaches the database. */
export function looksLikeSessionToken(value: string | undefined | null): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value);
}
