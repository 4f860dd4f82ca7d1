/**
 * npm run bench:today -- [--runs N] [--user superadmin]: Today's query functions (the route's
 * work, bare SQL) for one account at several times of yesterday, the last whole day of the bench
 * database (BENCH_DATABASE_URL, default playrep_bench: a seeded and settled network). Today's
 * figures grow with the plays of the day so far, so the run at a time the bench happens to start
 * says little about the evening: this prints each function's median at 23:59 IST and that of all
 * of them at once (as the route calls them), and last week's figures at other times of the day
 * (bench/README.md, "What it measures").
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.js';
import { addDays, istDay, istDayStart } from '../apps/server/src/lib/dates.js';
import { requireAccount } from '../apps/server/src/modules/accounts/repository.js';
import {
  bigWinsToday,
  idleMasters,
  lastWeekFigures,
  losingCafesToday,
  openLoans,
  todayFigures,
  waitingTransfers,
} from '../apps/server/src/modules/insight/today.js';
import { median } from './load.js';
import { accountIds } from './sessions.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '15' }, user: { type: 'string', default: 'superadmin' } },
});
const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/playrep_bench';
const runs = Number(values.runs);
const user = values.user!;

const { db, close } = await openDatabase({ databaseUrl: url, poolSize: 8 });
try {
  const owner = await requireAccount(db, (await accountIds(db, [user]))[user]!);
  const day = addDays(istDay(new Date()), -1);
  const parts = (now: Date): Record<string, () => Promise<unknown>> => ({
    'today so far': () => todayFigures(db, owner, day),
    'last week, same time': () => lastWeekFigures(db, owner, now),
    'big wins': () => bigWinsToday(db, { owner, today: day, thresholdCents: 1_000_000n, limit: 20 }),
    'losing cafes': () => losingCafesToday(db, { owner, today: day, limit: 20 }),
    'waiting transfers': () => waitingTransfers(db, owner.id),
    'open loans': () => openLoans(db, { owner, limit: 20 }),
    'idle masters': () => idleMasters(db, { owner, today: day, limit: 20 }),
  });
  const time = async (work: () => Promise<unknown>) => {
    await work();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await work();
      times.push(performance.now() - started);
    }
    return median(times);
  };
  // Yesterday at 23:59 IST: the day's plays are all in, the most Today ever reads.
  const endOfDay = new Date(istDayStart(day).getTime() + (24 * 60 - 1) * 60_000);
  const work = parts(endOfDay);
  const rows: string[][] = [];
  for (const [name, fn] of Object.entries(work)) rows.push([name, (await time(fn)).toFixed(1)]);
  rows.push(['all at once, as the route', (await time(() => Promise.all(Object.values(work).map((fn) => fn())))).toFixed(1)]);
  // Last week's figures are the ones that depend on the time of day (up to the same time).
  for (const hour of ['00:30', '09:00', '13:00', '18:00']) {
    const [h, m] = hour.split(':').map(Number) as [number, number];
    const now = new Date(istDayStart(day).getTime() + (h * 60 + m) * 60_000);
    rows.push([`last week, same time, at ${hour}`, (await time(() => lastWeekFigures(db, owner, now))).toFixed(1)]);
  }
  process.stdout.write(
    `Today's functions for ${user} on ${day} at 23:59 IST (yesterday: the day's plays all in), median of ${runs}, ms\n\n`,
  );
  const width = Math.max(...rows.map((row) => row[0]!.length));
  process.stdout.write(`| ${'function'.padEnd(width)} |     ms |\n|${'-'.repeat(width + 2)}|-------:|\n`);
  for (const [name, ms] of rows) process.stdout.write(`| ${name!.padEnd(width)} | ${ms!.padStart(6)} |\n`);
} finally {
  await close();
}
