import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Two-step secrets at rest (docs/domain.md, "Access"): AES-256-GCM under SECRET_KEY, which is
 * never in the database. The account's id is the additional data, so a secret copied onto another
 * account's row does not open. Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
const VERSION = 'v1';

export function sealSecret(key: Buffer, accountId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(accountId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or an error when the key is not the one it was sealed with (or the value was altered). */
export function openSecret(key: Buffer, accountId: string, stored: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error('two-step: a secret in an unknown form');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(accountId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}
