import { type Database, migrateDatabase, openDatabase } from '../src/db/client.js';
import { createScratchDatabase } from './scratch-database.js';

/**
 * Test databases: every suite gets a fresh, migrated one. PGlite (in memory) always; PostgreSQL
 * as well when TEST_DATABASE_URL is set (a database is created for the suite and dropped after).
 */
export type TestDbKind = 'pglite' | 'postgres';

export const TEST_DB_KINDS: TestDbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** Closes the connection and drops the PostgreSQL database. */
  destroy(): Promise<void>;
  /** Connection string of the PostgreSQL database (only for 'postgres'). */
  url?: string;
}

export async function createTestDatabase(
  kind: TestDbKind,
  options: { migrate?: boolean; poolSize?: number } = {},
): Promise<TestDatabase> {
  let database: Database;
  let url: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const scratch = await createScratchDatabase(adminUrl, 'playrep_t');
    url = scratch.url;
    database = await openDatabase({ databaseUrl: url, poolSize: options.poolSize ?? 10 });
    drop = scratch.drop;
  } else {
    database = await openDatabase({ dataDir: 'memory://' });
  }
  if (options.migrate !== false) await migrateDatabase(database);
  return {
    ...database,
    url,
    async destroy() {
      await database.close();
      await drop();
    },
  };
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
