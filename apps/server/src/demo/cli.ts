/**
 * npm run seed -- --scale small|medium|large|xlarge --seed N [--end YYYY-MM-DD] [--force]
 *
 * Loads the demo network into the configured database (DATABASE_URL, else the embedded one in
 * DATA_DIR), migrating it first. A database that already has accounts is refused unless --force
 * is given; --force drops every table (the public schema and the migrations record) and migrates
 * again, since closed settlement weeks cannot be deleted row by row.
 */
import { parseArgs } from 'node:util';
import { underlyingCause } from '../config/database-target.js';
import type { Database } from '../db/client.js';
import { parseDay } from '../lib/dates.js';
import { SCALES, type Scale } from './scales.js';
import type { SeedSummary } from './summary.js';

const USAGE = `Usage: npm run seed -- --scale small|medium|large|xlarge --seed N [--end YYYY-MM-DD] [--force]

  --scale   size of the network: small (embedded default), medium (about 5x small),
            large (500+ masters, 5,000,000+ plays over 12 weeks; for PostgreSQL)
            xlarge (ten times large's accounts and daily plays over 8 weeks; for PostgreSQL)
  --seed    integer; the same seed and end date give the same network
  --end     last day of the network, IST (default: today)
  --force   wipe a database that already has data (drops all tables, then migrates again)

Database: DATABASE_URL (PostgreSQL) when set, otherwise the embedded database in DATA_DIR.`;

class UsageError extends Error {}

interface CliOptions {
  scale: Scale;
  seed: number;
  end?: string;
  force: boolean;
}

function readArgs(argv: string[]): CliOptions | 'help' {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  if (!values.scale) throw new UsageError('--scale is required');
  if (!(SCALES as readonly string[]).includes(values.scale))
    throw new UsageError(`--scale must be small, medium, large or xlarge, not ${values.scale}`);
  if (values.seed === undefined) throw new UsageError('--seed is required');
  if (!/^-?\d{1,15}$/.test(values.seed)) throw new UsageError(`--seed must be an integer, not ${values.seed}`);
  if (values.end !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(values.end) || !parseDay(values.end))) {
    throw new UsageError(`--end must be a date as YYYY-MM-DD, not ${values.end}`);
  }
  return { scale: values.scale as Scale, seed: Number(values.seed), end: values.end, force: values.force ?? false };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      scale: { type: 'string' },
      seed: { type: 'string' },
      end: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/** Drops everything the migrations made (tables, types, functions, the migrations record). */
async function wipe(database: Database): Promise<void> {
  const { sql } = await import('drizzle-orm');
  await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await database.db.execute(sql`DROP SCHEMA public CASCADE`);
  await database.db.execute(sql`CREATE SCHEMA public`);
  await database.db.execute(sql`GRANT USAGE ON SCHEMA public TO PUBLIC`);
}

function formatSummary(s: SeedSummary): string {
  const n = (value: number) => value.toLocaleString('en-IN');
  const pts = (cents: number) => (cents / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const lines = [
    `accounts:    ${Object.entries(s.accounts)
      .map(([role, count]) => `${role} ${n(count)}`)
      .join(', ')}`,
    `cafes:       ${n(s.cafes)}`,
  ];
  for (const [channel, byStatus] of Object.entries(s.transfers)) {
    const parts = Object.entries(byStatus).map(([status, t]) => `${status} ${n(t.count)} (${pts(t.amountCents)})`);
    lines.push(`transfers ${channel === 'single' ? 'single:     ' : 'multiplayer:'} ${parts.join(', ')}`);
  }
  lines.push(
    `draws:       ${Object.entries(s.draws)
      .map(([game, count]) => `${game} ${n(count)}`)
      .join(', ')}`,
    `plays:       ${n(s.plays.count)}, play ${pts(s.plays.playCents)}, win ${pts(s.plays.winCents)}`,
    `poker hands: ${n(s.pokerHands.count)}, pot ${pts(s.pokerHands.potCents)}, rake ${pts(s.pokerHands.rakeCents)}`,
    `loans:       ${n(s.loans.count)}, principal ${pts(s.loans.principalCents)}, fees ${pts(s.loans.feeCents)}`,
  );
  return lines.join('\n');
}

async function main(): Promise<number> {
  let options: CliOptions | 'help';
  try {
    options = readArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // The database drivers and the generator load only once the arguments are known to be good,
  // so that a usage error answers at once.
  const { EnvError, readEnv } = await import('../config/env.js');
  const { migrateDatabase, openDatabase } = await import('../db/client.js');
  const { isDatabaseEmpty, seedDemoNetwork } = await import('./index.js');
  let env: ReturnType<typeof readEnv>;
  try {
    env = readEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }

  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const log = (message: string) => process.stdout.write(`[${elapsed().padStart(7)}] ${message}\n`);
  // Batches of tens of thousands of rows keep PostgreSQL's disk busy: a connection may take more
  // than a request's 5 s to open (the xlarge seed failed so at the end of its first week).
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, connectTimeoutMs: 120_000 });
  try {
    log(`database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded, ${env.DATA_DIR}`}`);
    await migrateDatabase(database);
    if (!(await isDatabaseEmpty(database.db))) {
      if (!options.force) {
        process.stderr.write('The database already has accounts. Run again with --force to wipe it and seed anew.\n');
        return 1;
      }
      log('--force: dropping all tables and migrating again');
      await wipe(database);
      await migrateDatabase(database);
    }
    log('migrated');
    const summary = await seedDemoNetwork(database, {
      scale: options.scale,
      seed: options.seed,
      endDate: options.end,
      houseUsername: env.HOUSE_USERNAME,
      onProgress: log,
    });
    process.stdout.write(
      `\n${formatSummary(summary)}\n\nSeeded the ${options.scale} network (seed ${options.seed}) in ${elapsed()}.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * What went wrong, readably: the underlying cause (a failed statement wraps the driver's error),
 * then the statement, cut short. Its message holds its parameters, megabytes for a batch of plays.
 */
function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const shown = message.length > MESSAGE_SHOWN ? `${message.slice(0, MESSAGE_SHOWN)}…` : message;
  const cause = underlyingCause(error);
  return cause === message ? shown : `${cause}\n  in: ${shown}`;
}
const MESSAGE_SHOWN = 600;

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`Seeding failed: ${failureText(error)}\n`);
    process.exitCode = 1;
  },
);
