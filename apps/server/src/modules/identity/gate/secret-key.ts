import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatCount } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Env, EnvError, secretKeyBytes } from '../../../config/env.js';
import { type Database, queryRows, SECRET_KEY_FILE } from '../../../db/client.js';

/**
 * SECRET_KEY for this server: as configured, or on the embedded database (no DATABASE_URL) the
 * key file in DATA_DIR, made at the first start (readable by its owner only). The environment the
 * app is built with then carries it.
 */
export function withSecretKey(env: Env): Env {
  if (env.SECRET_KEY || env.DATABASE_URL) return env;
  const file = path.resolve(env.DATA_DIR, SECRET_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  const key = readFileSync(file, 'utf8').trim();
  if (!secretKeyBytes(key)) throw new EnvError(`${file} does not hold a key of 32 bytes in base64: restore it from your backup.`);
  return { ...env, SECRET_KEY: key };
}

/**
 * On PostgreSQL the server refuses to start without SECRET_KEY once any two-step secret exists:
 * it could open none of them, and nobody who turned two-step on could sign in.
 */
export async function refuseMissingSecretKey(database: Database, env: Env): Promise<void> {
  if (env.SECRET_KEY || !env.DATABASE_URL) return;
  const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM two_step`);
  const n = Number(row?.n ?? 0);
  if (n > 0) {
    throw new EnvError(
      `SECRET_KEY is not set, but ${formatCount(n, 'account')} ${n === 1 ? 'has' : 'have'} two-step sign-in: their secrets are encrypted with it. ` +
        'Set SECRET_KEY to the key this database was used with (docs/access.md, "SECRET_KEY").',
    );
  }
}

/** The key's bytes for the two-step calls, or null when none is configured (PostgreSQL without SECRET_KEY). */
export function secretKeyOf(env: Env): Buffer | null {
  return env.SECRET_KEY ? secretKeyBytes(env.SECRET_KEY) : null;
}
