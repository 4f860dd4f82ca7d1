import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DataDirLock, lockDataDir } from './data-dir-lock.js';
import { surviveLostConnections } from './lost-connections.js';
import { ReplicaSet, type ReplicaStatus } from './replicas.js';
import { ReportLane } from './report-lane.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The database handle every module uses; the same type on both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: queries that may run inside one take this. */
export type Queryable = Db | Tx;

export type DbKind = 'pglite' | 'postgres';

export interface Database {
  /** The primary: every write, and every read that must see the latest write. */
  db: Db;
  kind: DbKind;
  /**
   * Where report reads go: a read replica within the lag limit when one is configured and usable
   * (round robin), else the primary. Either way through connections of their own, whose statements
   * give up after the report statement timeout (OpenOptions.reportStatementTimeoutMs): a burst of
   * long reports never holds the connections that sign-in, sessions, writes and /api/health use.
   */
  reader(): Db;
  /** The read replicas and whether each is in use (empty without replicas). */
  replicaStatus(): ReplicaStatus[];
  /** Connections to the primary: open, idle, and callers waiting for one. */
  poolStatus(): { total: number; idle: number; waiting: number };
  /** Cheap liveness probe used by /api/health; it never waits behind report reads. */
  ping(): Promise<void>;
  /**
   * The embedded database only: runs `fn` once no statement and no transaction is under way, and
   * holds every other one off until it ends (the moment to copy the folder, db/backups.ts).
   */
  whileIdle?<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The extensions the migrations create, which the embedded database must load when it opens
 * (PostgreSQL has them installed): pg_trgm and btree_gin for the account search's indexes (0032).
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** PostgreSQL connection string; when set the embedded database is not used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` for a throwaway in-memory one. */
  dataDir?: string;
  /**
   * An in-memory database's first contents: a PGlite dump (`dumpDataDir`). Starting from one skips
   * PGlite's initdb, which takes seconds; the tests start each database from a migrated dump.
   */
  loadDataDir?: Blob;
  /** The folder's lock when the caller took it already (lockDataDir); released on close. */
  lock?: DataDirLock;
  poolSize?: number;
  /** PostgreSQL read replicas for report reads (only with databaseUrl). */
  replicaUrls?: readonly string[];
  /** A replica whose data is older than this many seconds is skipped (default 5). */
  maxReplicaLagSeconds?: number;
  /**
   * Report reads (`reader()`) give up after this many milliseconds with SQLSTATE 57014: on
   * PostgreSQL their connections carry statement_timeout; on the embedded database a report
   * statement that waited this long for its turn is not started (report-lane.ts). Unset: no limit.
   */
  reportStatementTimeoutMs?: number;
  /**
   * How long a caller waits for a PostgreSQL connection, a free one or a new one (default 5 s: a
   * request had better fail than queue). A bulk job passes more: under its own heavy writes a new
   * connection's start can take longer than that.
   */
  connectTimeoutMs?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.reportStatementTimeoutMs, {
      urls: options.replicaUrls ?? [],
      maxLagSeconds: options.maxReplicaLagSeconds ?? 5,
      connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
    });
  }
  if (options.replicaUrls?.length) throw new Error('Read replicas need a PostgreSQL primary (DATABASE_URL)');
  if (options.loadDataDir && !options.dataDir?.startsWith('memory://')) {
    throw new Error('loadDataDir is for an in-memory database (dataDir memory://)');
  }
  return openPglite(options.dataDir ?? './data', options.lock, options.reportStatementTimeoutMs, options.loadDataDir);
}

// Counts, ids and hundredths arrive as int8: as a number while it is exact (up to 2^53 - 1), as a
// bigint beyond, never rounded. Counts and ids stay far below; a sum of hundredths may not (a
// balance after thousands of large transfers), and lib/money.ts readCents reads either kind.
// Sums of int8 are numeric in SQL: cast them back with ::bigint.
const parseInt8 = (value: string): number | bigint => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : BigInt(value);
};
pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);

/**
 * Startup options of PostgreSQL connections. Report queries are short; JIT compilation of a costly
 * plan took ~400 ms here (bench/README.md). Report connections also carry the statement timeout.
 */
function connectionOptions(statementTimeoutMs?: number): string {
  return statementTimeoutMs === undefined ? '-c jit=off' : `-c jit=off -c statement_timeout=${statementTimeoutMs}`;
}

async function openPostgres(
  url: string,
  max: number,
  reportStatementTimeoutMs: number | undefined,
  settings: { urls: readonly string[]; maxLagSeconds: number; connectTimeoutMs: number },
): Promise<Database> {
  const poolOf = (options: string) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      idleTimeoutMillis: 30_000,
      options,
    });
    surviveLostConnections(pool);
    return pool;
  };
  const pool = poolOf(connectionOptions());
  // Report reads on the primary: a pool of their own (as large again), each statement at most the timeout.
  const reportPool = poolOf(connectionOptions(reportStatementTimeoutMs));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const reportDb = drizzlePg(reportPool, { schema }) as unknown as Db;
  const replicas = new ReplicaSet(pool, settings.urls, settings.maxLagSeconds, max, connectionOptions(reportStatementTimeoutMs));
  await replicas.start();
  return {
    db,
    kind: 'postgres',
    reader: () => (replicas.pick() as unknown as Db | null) ?? reportDb,
    replicaStatus: () => replicas.status(),
    poolStatus: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await replicas.close();
      await reportPool.end();
      await pool.end();
    },
  };
}

async function openPglite(
  dataDir: string,
  heldLock: DataDirLock | undefined,
  reportStatementTimeoutMs: number | undefined,
  loadDataDir: Blob | undefined,
): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  // Only one process may have the folder open: PGlite keeps the database in its own memory and
  // writes it back, so a second opener would not see the first one's changes and could corrupt it.
  const lock = inMemory ? null : (heldLock ?? lockDataDir(dataDir));
  let client: PGlite;
  try {
    client = new PGlite(inMemory ? dataDir : path.resolve(dataDir), {
      parsers: { 20: parseInt8 },
      loadDataDir,
      extensions: PGLITE_EXTENSIONS,
    });
    await client.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const reports = new ReportLane(client, reportStatementTimeoutMs);
  const reportDb = drizzlePglite({ client: reports.client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    reader: () => reportDb,
    replicaStatus: () => [],
    // One in-process connection.
    poolStatus: () => ({ total: 1, idle: 1, waiting: 0 }),
    // Never behind a burst of reports: they take turns in their lane, and the ping goes between them.
    async ping() {
      await client.query('select 1');
    },
    // PGlite runs a transaction under one lock and each statement under another (close() takes
    // both in this order too): between them, the files in the folder are a consistent whole.
    whileIdle: (fn) => client._runExclusiveTransaction(() => client._runExclusiveQuery(fn)),
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

// ---------------------------------------------------------------- the embedded database's folder

/** Its lock file (data-dir-lock.ts), named here too beside the folder's other entries for whoever lists them. */
export { LOCK_FILE } from './data-dir-lock.js';
/** The embedded database's SECRET_KEY file (modules/identity/gate/secret-key.ts): kept by a restore and a demo reload, never in a backup. */
export const SECRET_KEY_FILE = 'secret-key';

/** What PGlite keeps in its folder (a PostgreSQL data directory), by name at the top of DATA_DIR. */
export const PGDATA_ENTRY = /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf|postmaster\.(pid|opts))$/;

/** Applies the committed migrations (idempotent); tests may name another folder (an earlier state). */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  const config = { migrationsFolder };
  if (database.kind === 'postgres') await migratePg(database.db as never, config);
  else await migratePglite(database.db as never, config);
}

/** Runs raw SQL and returns its rows, the same way on both drivers. */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * queryRows as a named prepared statement on PostgreSQL: each connection of the pool parses it
 * once, and once PostgreSQL finds its generic plan no dearer than its custom ones (after five
 * calls), plans it once too. For the short statements every request runs (the session, the scope
 * lookups) and the busiest reports', whose parse and plan cost PostgreSQL several times their
 * execution (docs/decisions/0023-prepared-statements-and-fixed-headers.md). Only for statements
 * whose text takes a bounded number of forms (no list of values written into the text), and whose
 * best plan does not depend on the values. PGlite runs it as queryRows does.
 */
export async function queryPreparedRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  // Named by its text's hash: a connection never meets one name with two texts.
  const name = `p_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
  try {
    const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
    return result.rows;
  } catch (err) {
    // A migration changed the columns this connection's prepared statement answers (servers of the
    // previous version still running beside a new one): ask it unprepared. Not in a transaction,
    // which the error has ended.
    if (planChangedResultType(err) && !(db instanceof PgTransaction)) return queryRows<T>(db, query);
    throw err;
  }
}

/** PostgreSQL's "cached plan must not change result type" (feature_not_supported), as drizzle wraps it. */
function planChangedResultType(err: unknown): boolean {
  const cause =
    (err as { cause?: { code?: unknown; message?: unknown } }).cause ?? (err as { code?: unknown; message?: unknown });
  return cause?.code === '0A000' && typeof cause.message === 'string' && cause.message.includes('cached plan');
}
