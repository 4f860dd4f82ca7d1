import path from 'node:path';
import type { Env } from './env.js';

/**
 * Which database the configuration points at, for messages: PostgreSQL as host:port/database
 * (never the user or password), or the embedded database's folder.
 */
export function describeDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): string {
  if (!env.DATABASE_URL) return `the embedded database in ${path.resolve(env.DATA_DIR)}`;
  try {
    const url = new URL(env.DATABASE_URL);
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default database)';
    return `PostgreSQL at ${url.hostname || 'localhost'}:${url.port || '5432'}/${database}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL could not be read as a URL)';
  }
}

/**
 * What actually went wrong: the innermost `cause` (Drizzle wraps the driver's error in "Failed
 * query: ..."), and for an AggregateError (a connection tried on ::1 and 127.0.0.1) each attempt.
 */
export function underlyingCause(err: unknown): string {
  let current: unknown = err;
  while (current instanceof Error && current.cause !== undefined && current.cause !== current) current = current.cause;
  if (current instanceof AggregateError && current.errors.length > 0) {
    return [...new Set(current.errors.map((e) => underlyingCause(e)))].join('; ');
  }
  if (current instanceof Error) return current.message || current.name;
  return String(current);
}
