import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { clusterRefusal, isClusterWorker, reportListening, superviseWorkers } from './cluster.js';
import { describeDatabase, underlyingCause } from './config/database-target.js';
import { type Env, EnvError, publicUrl, readEnv } from './config/env.js';
import { serverLogger } from './config/log-output.js';
import { startBackups } from './db/backup-schedule.js';
import { type Database, migrateDatabase, openDatabase } from './db/client.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { type RunningJob, runOnOneProcess } from './db/jobs.js';
import { startPartitionSchedule } from './db/partitions.js';
import { demoBannerLines, liveDemo, loadDemoIfEmpty, prepareDemoFolder } from './demo/index.js';
import { startActivityRetention } from './modules/activity/retention.js';
import { refuseMissingSecretKey, withSecretKey } from './modules/identity/gate/secret-key.js';
import { ensureConfiguredHouse } from './modules/ledger/ledger.js';
import { startDigestSchedule } from './modules/mail/digest/make.js';
import { digestLinksOf } from './modules/mail/digest/routes.js';
import { startBigWinAlerts, startOutboxRetention, startOutboxSender } from './modules/mail/index.js';
import { statementMailRenderer } from './modules/money/statement-mail.js';
import { startSettlementSchedule } from './modules/settlement/index.js';
import { stopOnSignals } from './shutdown.js';

/**
 * Start-up, in order: configuration; the database (migrations, the demo: demo/start-up.ts); the app;
 * the jobs that run on one process; listening and graceful shutdown. Until it listens, Ctrl-C stops
 * the process at once (a demo load cut short is redone at the next start).
 */
async function main(): Promise<void> {
  const env = readEnv();
  const refusal = clusterRefusal(env);
  if (refusal) throw new EnvError(refusal);
  // Several processes: the primary prepares the database once, then starts and supervises them.
  if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) return startCluster(env);

  // The folder's lock comes first: nothing (not even the wipe of an interrupted demo load) touches a folder in use.
  const lock = env.DATABASE_URL ? undefined : lockDataDir(env.DATA_DIR);
  prepareDemoFolder(env);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    lock,
    replicaUrls: env.DATABASE_REPLICA_URLS,
    maxReplicaLagSeconds: env.REPLICA_MAX_LAG_S,
    reportStatementTimeoutMs: env.REPORT_STATEMENT_TIMEOUT_MS,
  });
  if (!isClusterWorker()) await prepareDatabase(database, env); // a worker's primary prepared it

  const app = await buildApp({
    database,
    env: withSecretKey(env), // SECRET_KEY, or the embedded database's key file (made at the first start)
    logger: serverLogger(env.LOG_LEVEL),
  });

  // Jobs that run on one process (db/jobs.ts): here on the embedded database, which waits for their
  // start-up work before serving; on PostgreSQL, on the leader of each job's lock.
  const oneProcess = async (job: string, start: () => RunningJob) => {
    const running = runOnOneProcess({ job, databaseUrl: env.DATABASE_URL, log: app.log, start });
    app.addHook('onClose', () => running.stop());
    await running.ready;
  };
  // The coming months' partitions of plays and hands, before the live demo's plays land in them.
  await oneProcess('play-partitions', () => startPartitionSchedule(app.db, app.log, app.clock));
  // The live demo catches up first, so the weeks it fills in are whole before the settlement closes them.
  const live = liveDemo(app, env);
  if (live) await oneProcess('demo-feed', live.start);
  // Finished weeks closed every hour (a first start's demo weeks, before serving).
  await oneProcess('settlement', () => startSettlementSchedule(app.db, app.log, app.clock));
  // The outbox's sender: through SMTP_URL, or holding the mail without it (modules/mail).
  await oneProcess('mail-sender', () => startOutboxSender(app, statementMailRenderer(app.db, app.clock)));
  // The big-win alerts, made every 15 seconds from the wins the feed brought (modules/mail/big-win-alerts).
  await oneProcess('big-win-alerts', () => startBigWinAlerts(app.db, app.log, app.clock, publicUrl(app.env)));
  // The daily digests, each subscriber's at its hour (IST), checked every minute (modules/mail/digest).
  await oneProcess('daily-digest', () => {
    const job = startDigestSchedule(app.db, digestLinksOf(app), app.log, app.clock);
    return { stop: () => job.stop() }; // its first pass need not hold the start up
  });
  // Sent, cancelled and expired mail older than MAIL_RETENTION_DAYS removed every hour (modules/mail).
  await oneProcess('outbox-retention', () => startOutboxRetention(app.db, app.log, app.clock, env.MAIL_RETENTION_DAYS));
  // The access activity's entries older than AUDIT_RETENTION_DAYS removed every hour (modules/activity).
  await oneProcess('activity-retention', () => startActivityRetention(app.db, app.log, env.AUDIT_RETENTION_DAYS));
  // Backups of the embedded database: daily, and on `npm run backup` (db/backup-schedule.ts).
  const backups = startBackups(database, env, app.log);
  app.addHook('onClose', () => backups.stop());

  stopOnSignals(app, database);
  // A worker of several tells its primary, which prints the banner once every worker listens.
  const demoLines = isClusterWorker() ? '' : await demoBannerLines(database, live);
  await app.listen({ port: env.PORT, host: env.HOST });
  const { port } = app.server.address() as AddressInfo;
  if (isClusterWorker()) reportListening(port);
  // After Fastify's own "listening" log lines, so that the banner is the last thing on screen.
  else setTimeout(() => console.log(banner(env, String(port), database.kind, demoLines)), 50);
}

/** Migrations, the demo network into an empty embedded database, the house account. */
async function prepareDatabase(database: Database, env: Env): Promise<void> {
  try {
    await migrateDatabase(database);
  } catch (err) {
    await database.close().catch(() => {});
    // Drizzle reports "Failed query: CREATE SCHEMA ..."; what helps is the driver's reason and where.
    throw new Error(`cannot use ${describeDatabase(env)}: ${underlyingCause(err)}`);
  }
  await loadDemoIfEmpty(database, env);
  await ensureConfiguredHouse(database.db, env.HOUSE_USERNAME);
  await refuseMissingSecretKey(database, env); // PostgreSQL with two-step secrets and no SECRET_KEY
}

/** WEB_CONCURRENCY > 1 (PostgreSQL only): prepare the database once, then run and watch the workers. */
async function startCluster(env: Env): Promise<void> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 2 });
  let demoLines: string;
  try {
    await prepareDatabase(database, env);
    demoLines = await demoBannerLines(database);
  } finally {
    await database.close().catch(() => {});
  }
  superviseWorkers(
    env.WEB_CONCURRENCY,
    (port) => console.log(banner(env, String(port), 'postgres', demoLines, env.WEB_CONCURRENCY)),
    (message) => console.log(message),
  );
}

/** The last lines on screen: the address a person on this machine opens, the database, the demo accounts. */
function banner(env: Env, port: string, kind: string, demoLines: string, processes = 1): string {
  const shown = ['0.0.0.0', '::'].includes(env.HOST) ? `http://localhost:${port}` : `http://${env.HOST}:${port}`;
  const where = processes > 1 ? `${processes} server processes, database: ${kind}` : `database: ${kind}`;
  return `\nPlayrep back office is running at ${shown} (${where})\n${demoLines}`;
}

main().catch((err) => {
  if (err instanceof EnvError) {
    console.error(err.message); // which variable and why
    process.exit(2);
  }
  if (err?.code === 'EADDRINUSE') {
    console.error(`Could not start: port ${err.port} is already in use. Stop what runs there, or set PORT to another port.`);
    process.exit(1);
  }
  console.error('Could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
