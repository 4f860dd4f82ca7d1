import cluster from 'node:cluster';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { buildApp } from './app.js';
import { clusterRefusal, isClusterWorker, reportListening, superviseWorkers } from './cluster.js';
import { describeDatabase, underlyingCause } from './config/database-target.js';
import { demoFeedOn, type Env, EnvError, readEnv } from './config/env.js';
import { type Database, LOCK_FILE, lockDataDir, migrateDatabase, openDatabase } from './db/client.js';
import { runAsLeader } from './db/leader-lock.js';
import { startPartitionSchedule } from './db/partitions.js';
import { accounts } from './db/schema/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoFeed, isDatabaseEmpty, seedDemoNetwork, startDemoFeed } from './demo/index.js';
import { verifyPassword } from './modules/auth/passwords.js';
import { ensureConfiguredHouse } from './modules/ledger/ledger.js';
import { startSettlementSchedule } from './modules/settlement/index.js';

/**
 * Start-up: configuration; the database (migrate; the small demo network into an empty embedded
 * one); listening, logging and graceful shutdown. Everything else is in buildApp().
 *
 * Until the server listens, Ctrl-C stops the process at once: the embedded database runs on
 * this thread, so a signal handler would only run after a demo load of a minute had finished.
 * A load cut short that way is caught by the marker file below and redone at the next start.
 */

/**
 * Written (and synced) before the demo network is loaded into the embedded database, removed
 * once it is complete. Found at start, it means that load was interrupted: the partial database
 * is wiped and loaded again.
 */
const SEED_MARKER = 'DEMO-DATA-INCOMPLETE';
/** What PGlite keeps in its folder (a PostgreSQL data directory): the only files a wipe removes. */
const PGDATA_ENTRY = /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf|postmaster\.(pid|opts))$/;

async function main(): Promise<void> {
  const env = loadEnv();
  const refusal = clusterRefusal(env);
  if (refusal) {
    console.error(refusal);
    process.exit(2);
  }
  // Several processes: the primary prepares the database once, then starts and supervises them.
  if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) return startCluster(env);

  const embedded = !env.DATABASE_URL;
  // The folder's lock comes first: nothing (not even the wipe below) touches a folder in use.
  const lock = embedded ? lockDataDir(env.DATA_DIR) : undefined;
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    lock,
    replicaUrls: env.DATABASE_REPLICA_URLS,
    maxReplicaLagSeconds: env.REPLICA_MAX_LAG_S,
  });
  // A worker of several finds the database prepared by its primary.
  if (!isClusterWorker()) await prepareDatabase(database, env);

  const app = await buildApp({
    database,
    env,
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
  });

  // The coming months of plays and poker hands get their partitions at start and every hour, by
  // one process at a time (db/partitions.ts); before the live demo, so its plays land in them.
  if (embedded) {
    const partitions = startPartitionSchedule(app.db, app.log, app.clock);
    app.addHook('onClose', () => partitions.stop());
    await partitions.firstRun;
  } else {
    const partitions = runAsLeader({
      databaseUrl: env.DATABASE_URL,
      job: 'play-partitions',
      log: app.log,
      start: () => startPartitionSchedule(app.db, app.log, app.clock),
    });
    app.addHook('onClose', () => partitions.close());
  }

  // The live demo, on one process at a time. The embedded database's one process lets it catch up
  // first, so that what it fills in lands in its own weeks before the settlement closes them.
  let demoFeed: DemoFeed | undefined;
  if (demoFeedOn(env)) {
    const demo = runAsLeader({
      databaseUrl: env.DATABASE_URL,
      job: 'demo-feed',
      log: app.log,
      start: () => {
        demoFeed = startDemoFeed({ db: app.db, clock: app.clock, log: app.log, seed: env.SEED });
        return demoFeed;
      },
    });
    app.addHook('onClose', () => demo.close());
    if (embedded) await demoFeed?.caughtUp;
  }

  // Finished weeks are closed every hour, by one process at a time. The embedded database's one
  // process closes them before serving (the demo network's past weeks on a first start).
  if (embedded) {
    await startSettlementSchedule(app, app.log, app.clock).firstRun;
  } else {
    const settlement = runAsLeader({
      databaseUrl: env.DATABASE_URL,
      job: 'settlement',
      log: app.log,
      start: () => startSettlementSchedule(app.db, app.log, app.clock),
    });
    app.addHook('onClose', () => settlement.close());
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (isClusterWorker()) {
    await app.listen({ port: env.PORT, host: env.HOST });
    reportListening((app.server.address() as AddressInfo).port);
    return;
  }
  const demoAccounts = await demoAccountsNotice(database);
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  const notes = demoFeed?.feeding
    ? 'The demo network lives: draws, plays and transfers come in through the feed as they happen (DEMO_FEED=0 stops it).\n'
    : '';
  // After Fastify's own "listening" log lines, so that the banner is the last thing on screen.
  setTimeout(() => console.log(banner(env, new URL(address).port, database.kind, notes + demoAccounts)), 50);
}

/** Migrations, the demo network into an empty embedded database, the house account. */
async function prepareDatabase(database: Database, env: Env): Promise<void> {
  const embedded = !env.DATABASE_URL;
  const seeding = embedded && env.SEED_ON_EMPTY === '1';
  if (embedded) {
    wipeInterruptedDemoLoad(env.DATA_DIR);
    // A brand-new folder: creating the database is part of the demo load that the marker covers.
    if (seeding && !existsSync(path.join(env.DATA_DIR, 'PG_VERSION'))) writeSeedMarker(env.DATA_DIR);
  }
  try {
    await migrateDatabase(database);
  } catch (err) {
    await database.close().catch(() => {});
    // Drizzle reports "Failed query: CREATE SCHEMA ..."; what helps is the driver's reason and where.
    throw new Error(`cannot use ${describeDatabase(env)}: ${underlyingCause(err)}`);
  }
  if (await isDatabaseEmpty(database.db)) {
    if (seeding) await loadDemoNetwork(database, env);
    else if (embedded) console.log('The embedded database is empty (SEED_ON_EMPTY=0: no demo data loaded).');
    else console.log('The database is empty. To load demo data into it: npm run seed -- --scale small --seed 42');
  }
  if (embedded) rmSync(path.join(env.DATA_DIR, SEED_MARKER), { force: true });
  await ensureConfiguredHouse(database.db, env.HOUSE_USERNAME);
}

/** WEB_CONCURRENCY > 1 (PostgreSQL only): prepare the database once, then run and watch the workers. */
async function startCluster(env: Env): Promise<void> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 2 });
  let demoAccounts: string;
  try {
    await prepareDatabase(database, env);
    demoAccounts = await demoAccountsNotice(database);
  } finally {
    await database.close().catch(() => {});
  }
  superviseWorkers(
    env.WEB_CONCURRENCY,
    (port) => console.log(banner(env, String(port), 'postgres', demoAccounts, env.WEB_CONCURRENCY)),
    (message) => console.log(message),
  );
}

function banner(env: Env, port: string, kind: string, demoAccounts: string, processes = 1): string {
  // Listening on every interface: show the address a person on this machine opens.
  const shown = ['0.0.0.0', '::'].includes(env.HOST) ? `http://localhost:${port}` : `http://${env.HOST}:${port}`;
  const where = processes > 1 ? `${processes} server processes, database: ${kind}` : `database: ${kind}`;
  return `\nPlayrep back office is running at ${shown} (${where})\n${demoAccounts}`;
}

function loadEnv(): Env {
  try {
    return readEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

function writeSeedMarker(dataDir: string): void {
  const marker = path.join(dataDir, SEED_MARKER);
  if (existsSync(marker)) return;
  mkdirSync(dataDir, { recursive: true });
  const fd = openSync(marker, 'w');
  writeSync(
    fd,
    'The demo network was being loaded into this database. If this file is still here, that load was interrupted:\n' +
      'the next start of the server wipes this database and loads the demo network again.\n',
  );
  fsyncSync(fd);
  closeSync(fd);
}

/** An interrupted demo load leaves the marker: remove the database files (only those) to start afresh. */
function wipeInterruptedDemoLoad(dataDir: string): void {
  const marker = path.join(dataDir, SEED_MARKER);
  if (!existsSync(marker)) return;
  const entries = readdirSync(dataDir).filter((entry) => entry !== SEED_MARKER && entry !== LOCK_FILE);
  const foreign = entries.filter((entry) => !PGDATA_ENTRY.test(entry));
  if (foreign.length > 0) {
    throw new Error(
      `${path.resolve(dataDir)} holds an unfinished demo database but also other files (${foreign.join(', ')}), ` +
        'so it was left alone: delete that folder or set DATA_DIR to another one.',
    );
  }
  console.log(
    'The demo data of an earlier start is incomplete (that start was interrupted).\n' +
      `Wiping the embedded database in ${path.resolve(dataDir)} to load it again from scratch.`,
  );
  for (const entry of entries) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
}

async function loadDemoNetwork(database: Database, env: Env): Promise<void> {
  writeSeedMarker(env.DATA_DIR);
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Loading the small demo network (seed ${env.SEED}) into the embedded database in ${path.resolve(env.DATA_DIR)}...`);
  await seedDemoNetwork(database, {
    scale: 'small',
    seed: env.SEED,
    houseUsername: env.HOUSE_USERNAME,
    onProgress: (message) => console.log(`  [${seconds().padStart(5)} s] ${message}`),
  });
  rmSync(path.join(env.DATA_DIR, SEED_MARKER));
  console.log(`Demo network loaded in ${seconds()} s.`);
}

/**
 * The demo accounts the banner lists: the fixed ones, then the two agents under am1 that the
 * README names (the seed's generated master3, inactive, and master4, with three loans; see
 * demo/index.ts). Their notes come from the data, so the banner never claims what is not so.
 */
const BANNER_USERNAMES: readonly string[] = [...DEMO_ACCOUNTS.map((a) => a.username), 'master3', 'master4'];

/** The demo accounts that exist and still have the demo password, as a table to print. */
async function demoAccountsNotice(database: Database): Promise<string> {
  const rows = await database.db
    .select({
      username: accounts.username,
      role: accounts.role,
      passwordHash: accounts.passwordHash,
      active: accounts.userStatus,
      // Qualified by hand: Drizzle writes its columns unqualified here, and "id" would be the loan's.
      loans: sql<number>`(SELECT count(*)::int FROM loans l WHERE l.agent_id = "accounts"."id")`,
    })
    .from(accounts)
    .where(inArray(accounts.username, [...BANNER_USERNAMES]));
  const usable: { username: string; role: string; note: string }[] = [];
  for (const username of BANNER_USERNAMES) {
    const row = rows.find((r) => r.username === username);
    if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, DEMO_PASSWORD))) continue;
    const notes = [
      row.active ? '' : 'inactive: cannot sign in',
      row.loans > 0 ? `${row.loans} loan${row.loans > 1 ? 's' : ''}` : '',
    ];
    usable.push({ username, role: row.role, note: notes.filter(Boolean).join('; ') });
  }
  if (usable.length === 0) return '';
  const width = Math.max(...usable.map((a) => a.username.length), 'username'.length) + 3;
  const roleWidth = Math.max(...usable.map((a) => a.role.length)) + 3;
  const lines = usable.map((a) =>
    `  ${a.username.padEnd(width)}${DEMO_PASSWORD.padEnd(12)}${a.role.padEnd(roleWidth)}${a.note}`.trimEnd(),
  );
  return `Demo accounts:\n  ${'username'.padEnd(width)}${'password'.padEnd(12)}role\n${lines.join('\n')}\n`;
}

main().catch((err) => {
  if (err?.code === 'EADDRINUSE') {
    console.error(`Could not start: port ${err.port} is already in use. Stop what runs there, or set PORT to another port.`);
    process.exit(1);
  }
  console.error('Could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
