import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.reportStatementTimeoutMs, {
      urls: options.replicaUrls ?? [],
      maxLagSeconds: options.maxReplicaLagSeconds ?? 5,
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
  replicaOptions: { urls: readonly string[]; maxLagSeconds: number },
): Promise<Database> {
  const poolOf = (options: string) => {
    const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000, options });
    surviveLostConnections(pool);
    return pool;
  };
  const pool = poolOf(connectionOptions());
  // Report reads on the primary: a pool of their own (as large again), each statement at most the timeout.
  const reportPool = poolOf(connectionOptions(reportStatementTimeoutMs));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const reportDb = drizzlePg(reportPool, { schema }) as unknown as Db;
  const replicas = new ReplicaSet(
    pool,
    replicaOptions.urls,
    replicaOptions.maxLagSeconds,
    max,
    connectionOptions(reportStatementTimeoutMs),
  );
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

// ---------------------------------------------------------------- the embedded database's lock

/** The lock file in DATA_DIR: it holds the pid of the process that has the embedded database open. */
export const LOCK_FILE = 'playrep.lock';
/** The embedded database's SECRET_KEY file (modules/identity/gate/secret-key.ts): kept by a restore and a demo reload, never in a backup. */
export const SECRET_KEY_FILE = 'secret-key';

/** What PGlite keeps in its folder (a PostgreSQL data directory), by name at the top of DATA_DIR. */
export const PGDATA_ENTRY = /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf|postmaster\.(pid|opts))$/;

export class DatabaseLockedError extends Error {
  /** The process holding the folder ('starting': one that is taking the lock this instant). */
  constructor(
    message: string,
    readonly holder?: number | 'starting',
  ) {
    super(message);
  }
}

export interface DataDirLock {
  /** Removes the lock file (when it is still this process's). Idempotent. */
  release(): void;
}

/** Lock files this process holds, released at exit if nothing closed them before. */
const heldLocks = new Set<string>();
let exitHookInstalled = false;

/**
 * Takes the folder's lock: creates DATA_DIR/playrep.lock exclusively (O_EXCL) with this process's
 * pid. A lock whose process no longer runs is stale and taken over. A live holder gets
 * DatabaseLockedError with a message for a person: the folder, the pid, what to do.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const folder = path.resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, LOCK_FILE);
  // Two rounds: the second follows the removal of a stale lock.
  for (let round = 0; round < 2; round += 1) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(file);
      if (holder === 'starting' || (holder !== null && isLiveHolder(holder, file))) {
        const who =
          holder === 'starting'
            ? 'a process that is opening it'
            : `process ${holder}${holder === process.pid ? ' (this process)' : ''}`;
        throw new DatabaseLockedError(
          `The embedded database in ${folder} is in use by ${who}. ` +
            'Stop the server first (or the command that has it open), or set DATABASE_URL to use PostgreSQL, ' +
            `which many processes can share. (Lock file: ${file})`,
          holder,
        );
      }
      rmSync(file, { force: true });
      continue;
    }
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    heldLocks.add(file);
    installExitHook();
    return { release: () => releaseLock(file) };
  }
  throw new DatabaseLockedError(`Could not take the lock of the embedded database in ${folder}: ${file} keeps reappearing.`);
}

/** lockDataDir, answering a folder in use with its DatabaseLockedError rather than throwing it. */
export function tryLockDataDir(dataDir: string): DataDirLock | DatabaseLockedError {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DatabaseLockedError) return error;
    throw error;
  }
}

/** The pid in a lock file; 'starting' for an empty file just created; null when gone or unreadable (stale). */
function lockHolder(file: string): number | 'starting' | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  if (/^\d+$/.test(text)) return Number(text);
  // Between its creation and its pid being written: only for an instant.
  const stat = statSync(file, { throwIfNoEntry: false });
  if (text === '' && stat && Date.now() - stat.mtimeMs < 5_000) return 'starting';
  return null;
}

function isLiveHolder(pid: number, file: string): boolean {
  // Our own pid on a lock this process did not take: a previous process that had the same pid
  // (a restarted container) died without releasing it.
  if (pid === process.pid) return heldLocks.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by another user
  }
}

function releaseLock(file: string): void {
  if (!heldLocks.delete(file)) return;
  // Only our own lock: never one a later process took over.
  if (lockHolder(file) === process.pid) rmSync(file, { force: true });
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const file of [...heldLocks]) releaseLock(file);
  });
}

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
