import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenOptions } from '../apps/server/src/db/client.js';
import { createScratchDatabase } from '../apps/server/test/scratch-database.js';

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
 * `{prefix}_{random}` on the server at BENCH_ADMIN_URL (a copy of the database `template` when given).
 */
export async function createThrowawayDatabase(
  embedded: boolean,
  prefix: string,
  keep: boolean,
  template?: string,
): Promise<ThrowawayDatabase> {
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
  const scratch = await createScratchDatabase(process.env.BENCH_ADMIN_URL || DEFAULT_ADMIN_URL, prefix, template);
  return {
    label: `PostgreSQL database ${scratch.name}`,
    open: { databaseUrl: scratch.url },
    serverEnv: { DATABASE_URL: scratch.url },
    drop: async () => {
      if (!keep) await scratch.drop();
    },
  };
}
