import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { type Database, MIGRATIONS_DIR, migrateDatabase, openDatabase } from '../src/db/client.js';
import { createScratchDatabase, withClient } from './scratch-database.js';

/**
 * Test databases: every suite gets a fresh, migrated one. PGlite (in memory) always; PostgreSQL
 * as well when TEST_DATABASE_URL is set (a database is created for the suite and dropped after).
 * A PGlite one starts from the run's dump (global-setup.ts), migrated or empty, and is then migrated
 * as usual (nothing left to apply on the migrated one); a PostgreSQL one is a copy of the run's
 * migrated template database, or empty.
 */
export type TestDbKind = 'pglite' | 'postgres';

export const TEST_DB_KINDS: TestDbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** Closes the connection and drops the PostgreSQL database, dropped even when closing fails. */
  destroy(): Promise<void>;
  /** Connection string of the PostgreSQL database (only for 'postgres'). */
  url?: string;
}

export async function createTestDatabase(
  kind: TestDbKind,
  options: { migrate?: boolean; poolSize?: number; reportStatementTimeoutMs?: number } = {},
): Promise<TestDatabase> {
  let database: Database;
  let url: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    // Named after this run and commented with the test file, for global-setup.ts's check.
    const template = options.migrate === false ? undefined : inject('postgresTemplate');
    const scratch = await createScratchDatabase(adminUrl, `playrep_t_${inject('testRun')}`, template);
    const testFile = path.relative(process.cwd(), expect.getState().testPath ?? 'an unknown test file');
    await withClient(adminUrl, (c) => c.query(`COMMENT ON DATABASE ${scratch.name} IS ${c.escapeLiteral(testFile)}`));
    url = scratch.url;
    database = await openDatabase({
      databaseUrl: url,
      poolSize: options.poolSize ?? 10,
      reportStatementTimeoutMs: options.reportStatementTimeoutMs,
    });
    drop = scratch.drop;
  } else {
    const dump = inject('pgliteDumps')[options.migrate === false ? 'empty' : 'migrated'];
    database = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: new Blob([readFileSync(dump)]),
      reportStatementTimeoutMs: options.reportStatementTimeoutMs,
    });
  }
  // Dropped whatever happened to the connection: a test may have closed it on purpose (a database
  // that cannot be reached), and closing twice fails.
  const destroy = async () => {
    try {
      await database.close();
    } finally {
      await drop();
    }
  };
  if (options.migrate !== false) {
    try {
      await migrateDatabase(database);
    } catch (err) {
      await destroy().catch(() => {});
      throw err;
    }
  }
  return { ...database, url, destroy };
}

/** The database's own message for a statement it refuses ('' when it accepts it); Drizzle wraps it in `cause`. */
export async function databaseError(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
    return '';
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : (error as Error).message;
  }
}

/**
 * A copy of the committed migrations up to (without) `tag`, for migrateDatabase: the database as it
 * was before it. The caller removes the folder.
 */
export function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'playrep-before-'));
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
