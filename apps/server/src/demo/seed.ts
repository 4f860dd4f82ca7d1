import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { ensurePlayPartitions } from '../db/partitions.js';
import { type IsoDay, istDay, parseDay } from '../lib/dates.js';
import { ensureHouseAccount } from '../modules/ledger/ledger.js';
import { writeDraws } from './draws.js';
import { planNetwork } from './network.js';
import { makePeriod } from './period.js';
import { writePlays } from './plays.js';
import { Random } from './random.js';
import { type InternalScale, SCALE_CONFIGS, type Scale } from './scales.js';
import { emptySummary, isDatabaseEmpty, type SeedSummary } from './summary.js';
import { writeTransfers } from './transfers.js';
import { deactivateAccounts, writeNetwork } from './write-network.js';

export interface SeedOptions {
  scale: Scale;
  seed: number;
  /** Last day of the network, 'YYYY-MM-DD' in IST; today (IST) when left out. */
  endDate?: string;
  houseUsername: string;
  onProgress?: (message: string) => void;
}

/**
 * Writes the demo network of docs/domain.md, "Demo data" into an empty, migrated database and returns
 * the counts and sums of what it wrote.
 *
 * Shape: superadmin > admin1 > sam1 > am1 > master1 > player1, and master2 (two cafes, a loan, one
 * losing week) with player2, all fixed (DEMO_ACCOUNTS); beside and below them generated admins,
 * sams, ams, masters and players (admin2, sam2, am2, master3, player3, ...). Under am1, master3
 * is the inactive master and master4 has three loans; these two have the demo password too. `scale` sets the size (scales.ts): small
 * for the embedded database, medium about five times that, large for benchmarks on PostgreSQL. The same scale, seed and end date give the same rows,
 * ids included (a network ending today stops at the present moment, see Period.cutoff).
 *
 * Not one transaction (transfers go through the ledger, a few hundred to a transaction): if it
 * fails half way, start again on a fresh database (the CLI's --force does that).
 */
export async function seedDemoNetwork(database: Database, options: SeedOptions): Promise<SeedSummary> {
  return seedNetwork(database, options);
}

/** seedDemoNetwork, also accepting the 'tiny' scale of the generator's own tests. */
export async function seedNetwork(
  database: Database,
  options: Omit<SeedOptions, 'scale'> & { scale: InternalScale; now?: Date },
): Promise<SeedSummary> {
  const config = SCALE_CONFIGS[options.scale];
  if (!config) throw new Error(`Unknown scale: ${String(options.scale)}`);
  if (!Number.isSafeInteger(options.seed)) throw new Error(`The seed must be an integer: ${options.seed}`);
  const now = options.now ?? new Date();
  const endDay: IsoDay = options.endDate === undefined ? istDay(now) : checkEndDate(options.endDate);
  const progress = options.onProgress ?? (() => {});
  const { db } = database;

  if (!(await isDatabaseEmpty(db))) throw new Error('The database already has accounts: the demo network goes into an empty one');
  const houseId = await ensureHouseAccount(db, options.houseUsername);

  const random = new Random(options.seed, `playrep-demo:${options.scale}`);
  const period = makePeriod(endDay, config.weeks, now);
  const plan = planNetwork(config, period, random);
  const summary = emptySummary();
  progress(`network ${options.scale}, seed ${options.seed}: ${period.startDay} to ${period.endDay} (${period.days.length} days)`);

  await writeNetwork(db, plan);
  for (const account of plan.accounts) summary.accounts[account.role] += 1;
  summary.cafes = plan.cafes.length;
  for (const loan of plan.loans) {
    summary.loans.count += 1;
    summary.loans.principalCents += loan.principalCents;
    summary.loans.feeCents += loan.processingFeeCents;
  }
  const masters = summary.accounts.master;
  progress(
    `accounts: ${plan.accounts.length} (${masters} masters, ${summary.accounts.player} players), ${plan.cafes.length} cafes, ${plan.loans.length} loans`,
  );

  const layout = await writeDraws(db, period, config.drawIntervalSeconds, random, progress);
  for (const [slug, count] of Object.entries(summary.draws))
    summary.draws[slug as keyof typeof summary.draws] = count + layout.perGame;

  await writeTransfers(db, plan, period, houseId, config.weeklyTransferRate, random, summary, progress);
  const inactive = await deactivateAccounts(db, plan);
  progress(`inactive accounts: ${inactive}`);

  // The months of the period get their partitions first, so its plays go straight into them.
  const months = (day: IsoDay) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  await ensurePlayPartitions(db, new Date(`${period.startDay}T00:00:00+05:30`), months(period.endDay) - months(period.startDay));
  await writePlays(db, plan, period, layout, random, summary, { seed: options.seed, batchRows: config.batchRows, progress });

  // Fresh statistics for the planner: the reports run right after a seed.
  await db.execute(sql`ANALYZE`);
  progress('done');
  return summary;
}

function checkEndDate(value: string): IsoDay {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDay(value) : null;
  if (!day) throw new Error(`The end date must be a real day as YYYY-MM-DD: ${value}`);
  return day;
}
