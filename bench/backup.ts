import { readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { readEnv } from '../apps/server/src/config/env.js';
import { type BackupResult, makeBackup } from '../apps/server/src/db/backups.js';
import { type Database, migrateDatabase, openDatabase } from '../apps/server/src/db/client.js';
import { restoreCommand } from '../apps/server/src/db/restore-command.js';
import { SCALES, type Scale, seedDemoNetwork } from '../apps/server/src/demo/index.js';
import { closeFinishedWeeks } from '../apps/server/src/modules/settlement/index.js';
import { percentile } from './load.js';
import { sleep } from './server-process.js';
import { createThrowawayDatabase } from './throwaway-database.js';

const USAGE = `Usage: npm run bench:backup -- [--scales small,medium] [--runs N] [--keep]

  --scales  demo networks to back up (default small,medium), each loaded into a throwaway folder
  --runs    backups of each kind per network (default 3)
  --keep    keep the throwaway folders (printed)

For each network: backups right after the load (every file just written), of the idle database,
and while a writer inserts a row every 20 ms; each while a reader runs a small query back to back,
whose slowest answers show how long requests waited (beside 10 s of the reader and the writer
without a backup). Then a restore into a fresh folder.`;

const { values } = parseArgs({
  options: {
    scales: { type: 'string', default: 'small,medium' },
    runs: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const scales = values.scales.split(',') as Scale[];
const runs = Number(values.runs);
if (scales.some((scale) => !SCALES.includes(scale)) || !Number.isInteger(runs) || runs < 1) {
  console.error(USAGE);
  process.exit(2);
}

interface Row {
  network: string;
  kind: string;
  results: BackupResult[];
  /** The reader's latencies during the backups, ms. */
  reads: number[];
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

function folderBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).reduce((sum, entry) => {
    const stat = statSync(path.join(dir, entry));
    return stat.isFile() ? sum + stat.size : sum;
  }, 0);
}

/** Runs `work` while a reader queries back to back (and a writer inserts, when asked); the reader's latencies. */
async function measured<T>(database: Database, writing: boolean, work: () => Promise<T>): Promise<{ value: T; reads: number[] }> {
  let done = false;
  const reads: number[] = [];
  const reader = (async () => {
    while (!done) {
      const started = performance.now();
      await database.db.execute(sql`SELECT count(*) FROM accounts WHERE role = 'player'`);
      reads.push(performance.now() - started);
      await sleep(5);
    }
  })();
  const writer = (async () => {
    while (writing && !done) {
      await database.db.execute(sql`INSERT INTO bench_backup_writes (at) VALUES (now())`);
      await sleep(20);
    }
  })();
  try {
    return { value: await work(), reads };
  } finally {
    done = true;
    await Promise.all([reader, writer]);
  }
}

const rows: Row[] = [];
const restores: string[] = [];
for (const scale of scales) {
  const throwaway = await createThrowawayDatabase(true, `bench_backup_${scale}`, values.keep);
  const dataDir = throwaway.open.dataDir!;
  const backupDir = path.join(dataDir, 'backups');
  console.log(`\n${scale}: loading the demo network into ${throwaway.label}...`);
  const database = await openDatabase(throwaway.open);
  try {
    await migrateDatabase(database);
    await seedDemoNetwork(database, { scale, seed: 42, houseUsername: 'HOUSE' });
    await closeFinishedWeeks(database.db, { now: new Date() });
    await database.db.execute(sql`CREATE TABLE bench_backup_writes (at timestamptz)`);
    const network = `${scale} (${mb(folderBytes(dataDir))} MB)`;
    console.log(`  folder: ${network}`);
    const phases: { kind: string; writing: boolean; backups: number }[] = [
      { kind: 'right after the load', writing: false, backups: 1 },
      { kind: 'none: the reader and the writer alone for 10 s', writing: true, backups: 0 },
      { kind: 'idle', writing: false, backups: runs },
      { kind: 'a write every 20 ms', writing: true, backups: runs },
    ];
    for (const { kind, writing, backups } of phases) {
      const row: Row = { network, kind, results: [], reads: [] };
      if (backups === 0) row.reads = (await measured(database, writing, () => sleep(10_000))).reads;
      for (let run = 0; run < backups; run += 1) {
        const { value, reads } = await measured(database, writing, () => makeBackup(database, { dataDir, backupDir }));
        row.results.push(value);
        row.reads.push(...reads);
        console.log(`  ${kind}: held ${ms(value.heldMs)} ms, ${ms(value.totalMs / 1000)} s, ${mb(value.bytes)} MB`);
      }
      rows.push(row);
    }
    const { file } = rows.at(-1)!.results[0]!;
    const into = path.join(dataDir, 'restored');
    const started = performance.now();
    const code = await restoreCommand(readEnv({ DATA_DIR: into }), { file, force: false }, { out: () => {}, err: console.error });
    restores.push(`| ${network} | ${code === 0 ? `${((performance.now() - started) / 1000).toFixed(1)} s` : 'failed'} |`);
  } finally {
    await database.close();
    await throwaway.drop();
  }
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
console.log(
  `\nBackups (load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; median of the runs, reader's slowest answer):\n`,
);
console.log(
  '| network | backup of the database | runs | held (ms) | total (s) | file (MB) | reader p99 (ms) | reader max (ms) |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  const sorted = [...row.reads].sort((a, b) => a - b);
  const of = (pick: (r: BackupResult) => number, show: (value: number) => string) =>
    row.results.length > 0 ? show(median(row.results.map(pick))) : '-';
  console.log(
    `| ${row.network} | ${row.kind} | ${row.results.length} | ${of((r) => r.heldMs, ms)} | ` +
      `${of(
        (r) => r.totalMs,
        (v) => (v / 1000).toFixed(1),
      )} | ${of((r) => r.bytes, mb)} | ` +
      `${ms(percentile(sorted, 99))} | ${ms(sorted.at(-1) ?? Number.NaN)} |`,
  );
}
console.log('\n| network | restore into a fresh folder |\n|---|---|');
for (const line of restores) console.log(line);
