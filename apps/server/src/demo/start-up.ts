import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { formatCount } from '@playrep/contracts/display-format';
import { inArray, sql } from 'drizzle-orm';
import { demoFeedOn, type Env } from '../config/env.js';
import { type Database, type Db, LOCK_FILE, PGDATA_ENTRY, SECRET_KEY_FILE } from '../db/client.js';
import { accounts } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { verifyPassword } from '../modules/identity/gate/passwords.js';
import { type DemoFeed, type DemoFeedLog, startDemoFeed } from './live/demo-feed.js';
import { DEMO_ACCOUNTS, DEMO_NAMED_AGENTS, DEMO_PASSWORD } from './network.js';
import { seedDemoNetwork } from './seed.js';
import { isDatabaseEmpty } from './summary.js';

/**
 * The demo at the server's start: the small demo network loaded into an empty embedded database
 * (a first `npm start`), a load cut short wiped and done again, the live demo, and the banner's
 * lines about them.
 */

/**
 * Written (and synced) before the demo network is loaded into the embedded database, removed
 * once it is complete. Found at start, it means that load was interrupted: the partial database
 * is wiped and loaded again.
 */
const SEED_MARKER = 'DEMO-DATA-INCOMPLETE';

/**
 * The embedded database's folder, before the database opens (it works on the files that a wipe
 * removes): an interrupted load is wiped, and a brand-new folder that will be loaded is marked
 * (creating the database is part of the load).
 */
export function prepareDemoFolder(env: Env): void {
  if (env.DATABASE_URL) return;
  wipeInterruptedDemoLoad(env.DATA_DIR);
  if (env.SEED_ON_EMPTY === '1' && !existsSync(path.join(env.DATA_DIR, 'PG_VERSION'))) writeSeedMarker(env.DATA_DIR);
}

/** A migrated, empty database: the demo network into it (embedded, SEED_ON_EMPTY=1), or a line saying how. */
export async function loadDemoIfEmpty(database: Database, env: Env): Promise<void> {
  const embedded = !env.DATABASE_URL;
  if (await isDatabaseEmpty(database.db)) {
    if (embedded && env.SEED_ON_EMPTY === '1') await loadDemoNetwork(database, env);
    else if (embedded) console.log('The embedded database is empty (SEED_ON_EMPTY=0: no demo data loaded).');
    else console.log('The database is empty. To load demo data into it: npm run seed -- --scale small --seed 42');
  }
  if (embedded) rmSync(path.join(env.DATA_DIR, SEED_MARKER), { force: true });
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
  const entries = readdirSync(dataDir).filter((entry) => ![SEED_MARKER, LOCK_FILE, SECRET_KEY_FILE].includes(entry));
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

/** The live demo (DEMO_FEED): its start, for the one process that runs it, and whether it feeds here. */
export interface LiveDemo {
  start(): DemoFeed;
  readonly feeding: boolean;
}

/** The live demo when DEMO_FEED has it on (config/env.ts), else undefined. */
export function liveDemo(app: { db: Db; clock: Clock; log: DemoFeedLog }, env: Env): LiveDemo | undefined {
  if (!demoFeedOn(env)) return undefined;
  let feed: DemoFeed | undefined;
  return {
    start: () => {
      feed = startDemoFeed({ db: app.db, clock: app.clock, log: app.log, seed: env.SEED });
      return feed;
    },
    get feeding() {
      return feed?.feeding ?? false;
    },
  };
}

/**
 * The demo accounts the banner lists: the fixed ones, then the two agents under am1 that the
 * README names (the seed's generated master3, inactive, and master4, with three loans). Their
 * notes come from the data, so the banner never claims what is not so.
 */
const BANNER_USERNAMES: readonly string[] = [
  ...DEMO_ACCOUNTS.map((a) => a.username),
  DEMO_NAMED_AGENTS.inactive,
  DEMO_NAMED_AGENTS.borrower,
];

/** The banner's lines about the demo: the live demo when it feeds here, and the demo accounts that still have the demo password. */
export async function demoBannerLines(database: Database, live?: LiveDemo): Promise<string> {
  const notes = live?.feeding
    ? 'The demo network lives: draws, plays and transfers come in through the feed as they happen (DEMO_FEED=0 stops it).\n'
    : '';
  return notes + (await demoAccountsNotice(database));
}

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
    const notes = [row.active ? '' : 'inactive: cannot sign in', row.loans > 0 ? formatCount(row.loans, 'loan') : ''];
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
