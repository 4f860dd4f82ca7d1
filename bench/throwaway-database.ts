import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { OpenOptions } from '../apps/server/src/db/client.js';

/** Where a benchmark creates its PostgreSQL database, unless BENCH_ADMIN_URL says otherwise. */
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database of one benchmark run's own: created empty, removed by `drop` unless kept. */
export interface ThrowawayDatabase {
  /** What the run prints about where its data is. */
  label: string;
  /** How the benchmark opens it itself (to fill it). */
  open: OpenOptions;
  /** What the server under test is started with to use it. */
  serverEnv: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * An embedded (PGlite) data folder in the temporary directory, or a PostgreSQL database named
 * `{prefix}_{random}` on the server at BENCH_ADMIN_URL.
 */
export async function createThrowawayDatabase(embedded: boolean, prefix: string, keep: boolean): Promise<ThrowawayDatabase> {
  if (embedded) {
    const dir = mkdtempSync(path.join(tmpdir(), `${prefix.replaceAll('_', '-')}-`));
    return {
      label: `embedded (PGlite) in ${dir}`,
      open: { dataDir: dir },
      serverEnv: { DATA_DIR: dir },
      drop: async () => {
        if (!keep) rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.BENCH_ADMIN_URL || DEFAULT_ADMIN_URL;
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    label: `PostgreSQL database ${name}`,
    open: { databaseUrl: url.toString() },
    serverEnv: { DATABASE_URL: url.toString() },
    drop: async () => {
      if (!keep) await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
