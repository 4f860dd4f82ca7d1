/**
 * What each of the superadmin's live queries reads, by size of network: the shared buffers (8 KiB
 * pages, from the cache or the disk) that EXPLAIN (ANALYZE, BUFFERS) counts for Today's and Daily
 * Status' queries, on the medium, large and xlarge bench databases, with the ratios large / medium
 * and xlarge / large. A count of pages does not depend on the machine's load, so this tells which
 * query grows with the network on a busy machine too; its time (ms, also printed) does depend on it.
 *
 *   npx tsx bench/live-buffers.ts [--sizes medium,large,xlarge] [--at <ISO instant>]
 *
 * Reads the seeded bench databases (playrep_bench_medium, playrep_bench, playrep_bench_xlarge, on
 * BENCH_ADMIN_URL's server) as of now (or --at) and never writes to them; a database that is
 * missing is left out with the reason.
 */
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { openDatabase, type Queryable } from '../apps/server/src/db/client.js';
import { istDay } from '../apps/server/src/lib/dates.js';
import {
  bigWinsToday,
  idleMasters,
  lastWeekFigures,
  losingCafesToday,
  openLoans,
  todayFigures,
  waitingTransfers,
} from '../apps/server/src/modules/insight/today.js';
import { dailyStatus, mastersProfitTotal } from '../apps/server/src/modules/network/queries.js';
import type { SubtreeOwner } from '../apps/server/src/modules/play-sums/index.js';
import { mastersCount } from '../apps/server/src/modules/play-sums/masters-page.js';
import { SIZE_DATABASES, type Size, sizesOf, urlOf } from './size-databases.js';

const { values: args } = parseArgs({
  options: { sizes: { type: 'string', default: 'medium,large,xlarge' }, at: { type: 'string' } },
});
const sizes = sizesOf(args.sizes);
const now = args.at ? new Date(args.at) : new Date();
if (Number.isNaN(now.getTime())) throw new Error(`--at ${args.at} is not an instant`);

/** A query's reads: the pages of its plan (its sub-plans' included) and its execution time. */
interface Reads {
  pages: number;
  ms: number;
}

/** The superadmin's live queries, each run against a Queryable that measures what it reads. */
const QUERIES: [string, (db: Queryable, owner: SubtreeOwner) => Promise<unknown>][] = [
  ['Today: figures', (db, owner) => todayFigures(db, owner, istDay(now))],
  ['Today: last week so far', (db, owner) => lastWeekFigures(db, owner, now)],
  ['Today: big wins', (db, owner) => bigWinsToday(db, { owner, today: istDay(now), thresholdCents: 1_000_000n, limit: 10 })],
  ['Today: losing cafes', (db, owner) => losingCafesToday(db, { owner, today: istDay(now), limit: 10 })],
  ['Today: waiting transfers', (db, owner) => waitingTransfers(db, owner.id)],
  ['Today: open loans', (db, owner) => openLoans(db, { owner, limit: 20 })],
  ['Today: idle masters', (db, owner) => idleMasters(db, { owner, today: istDay(now), limit: 20 })],
  [
    'Daily Status: page 1',
    (db, owner) => dailyStatus(db, owner, dayOf(now), { sort: 'username', order: 'asc', window: { offset: 0, limit: 25 } }),
  ],
  [
    'Daily Status: page 1 by profit',
    (db, owner) => dailyStatus(db, owner, dayOf(now), { sort: 'profit', order: 'desc', window: { offset: 0, limit: 25 } }),
  ],
  ['Daily Status: count', (db, owner) => mastersCount(db, owner)],
  ['Daily Status: total', (db, owner) => mastersProfitTotal(db, owner, dayOf(now))],
];

function dayOf(instant: Date) {
  const day = istDay(instant);
  return { from: day, to: day };
}

/** A Queryable over `db` that first runs each statement under EXPLAIN (ANALYZE, BUFFERS) and adds up what it read. */
function measuring(db: Queryable, reads: Reads): Queryable {
  const execute = async (query: SQL) => {
    const result = (await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query}`)) as unknown as {
      rows: { 'QUERY PLAN': [{ Plan: Record<string, number>; 'Execution Time': number }] }[];
    };
    const explained = result.rows[0]?.['QUERY PLAN'][0];
    if (explained) {
      reads.pages += (explained.Plan['Shared Hit Blocks'] ?? 0) + (explained.Plan['Shared Read Blocks'] ?? 0);
      reads.ms += explained['Execution Time'];
    }
    return db.execute(query);
  };
  return { execute } as unknown as Queryable;
}

async function readsOn(size: Size): Promise<Map<string, Reads> | string> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: urlOf(SIZE_DATABASES[size]), poolSize: 2 });
    await database.db.execute(sql`SELECT 1`);
  } catch (error) {
    return `${SIZE_DATABASES[size]}: ${(error as Error).message}`;
  }
  try {
    const owners = (await database.db.execute(
      sql`SELECT id, role::text AS role FROM accounts WHERE role = 'superadmin' LIMIT 1`,
    )) as unknown as {
      rows: SubtreeOwner[];
    };
    const owner = owners.rows[0];
    if (!owner) return `${SIZE_DATABASES[size]}: no superadmin`;
    const byQuery = new Map<string, Reads>();
    for (const [label, run] of QUERIES) {
      await run(database.db, owner); // warm the cache: the pages then counted are the query's, not the first read's
      const reads = { pages: 0, ms: 0 };
      await run(measuring(database.db, reads), owner);
      byQuery.set(label, reads);
    }
    return byQuery;
  } finally {
    await database.close();
  }
}

const results = new Map<Size, Map<string, Reads>>();
for (const size of sizes) {
  const reads = await readsOn(size);
  if (typeof reads === 'string') console.log(`left out: ${reads}`);
  else results.set(size, reads);
}
const measured = [...results.keys()];
const ratio = (a: number | undefined, b: number | undefined) => (a && b ? `x${(b / a).toFixed(2)}` : '-');
console.log(`\nThe superadmin's live queries as of ${now.toISOString()}: pages read (ms)\n`);
const header = ['query', ...measured, ...measured.slice(1).map((s, i) => `${s} / ${measured[i]}`)];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map((_, i) => (i === 0 ? '---' : '--:')).join('|')}|`);
for (const [label] of QUERIES) {
  const cells = measured.map((size) => {
    const reads = results.get(size)?.get(label);
    return reads ? `${reads.pages} (${reads.ms.toFixed(1)})` : '-';
  });
  const ratios = measured
    .slice(1)
    .map((size, i) => ratio(results.get(measured[i] as Size)?.get(label)?.pages, results.get(size)?.get(label)?.pages));
  console.log(`| ${[label, ...cells, ...ratios].join(' | ')} |`);
}
