import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { definite } from '../lib/definite.js';
import type { Queryable } from './client.js';
import { signingKeys } from './schema/index.js';

/**
 * A signing key of this database by name (`signing_keys`): made the first time ever it is asked
 * for, then read, so every server process signs and checks with the same key across restarts.
 * The function returned reads it at its first call and keeps it; a failed read is tried again.
 */
export function signingKeyOf(db: Queryable, name: string): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;
  return () => {
    key ??= loadSigningKey(db, name).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}

async function loadSigningKey(db: Queryable, name: string): Promise<Buffer> {
  // Two processes starting at once both try; the primary key keeps the first.
  await db
    .insert(signingKeys)
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: signingKeys.secret }).from(signingKeys).where(eq(signingKeys.name, name));
  return Buffer.from(definite(row, `the signing key ${name}`).secret, 'base64url');
}
