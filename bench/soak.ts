import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runSimulator, type SimulatorStats } from '../apps/server/src/demo/simulator.js';
import { istDay } from '../apps/server/src/lib/dates.js';
import { type BenchCase, benchCases, caseLabel, NAMED_ACCOUNTS } from './cases.js';
import { prepareFedDatabase } from './fed-database.js';
import { createAgent, get, percentile } from './load.js';
import { type BenchServer, startBenchServer } from './server-process.js';
import { accountIds, Sessions } from './sessions.js';

/**
 * The soak: mixed report traffic and the platform feed together for a long run, to show what a
 * short benchmark cannot: memory that keeps growing, latency that drifts, errors that come late.
 * Every report case of `npm run bench` in turn, `--concurrency` clients in a closed loop, while
 * the simulator feeds `--feed-rate` plays a second; one line a minute, then the verdicts.
 */
const HOUSE = 'HOUSE';
const SUBJECT = 'superadmin';
/** The aims of DOMAIN-independent robustness: see bench/README.md, "Soak". */
const RSS_GROWTH_AIM = 0.1;
const P95_DRIFT_AIM = 0.2;
const RSS_SAMPLE_MS = 5_000;

const USAGE = `Usage: npm run bench:soak -- [--embedded] [--minutes N] [--concurrency N] [--feed-rate N] [--keep]

  --embedded     the embedded database (PGlite, in a temporary folder) instead of PostgreSQL
  --minutes      length of the run (default 10)
  --concurrency  report clients in a closed loop (default 16)
  --feed-rate    plays a second through the platform feed (default 500)
  --keep         keep the database (its name or folder is printed)

PostgreSQL: a throwaway database on BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres),
loaded with the small demo network and dropped at the end.`;

interface Settings {
  embedded: boolean;
  minutes: number;
  concurrency: number;
  feedRate: number;
  keep: boolean;
}

interface Minute {
  latencies: number[];
  errors: number;
  firstError?: string;
  /** Resident memory of the server process at the end of the minute, bytes. */
  rss: number;
}

/** Resident set size of a process (Linux), bytes. */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kib) throw new Error(`No VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

async function soak(server: BenchServer, feedKey: string, cases: BenchCase[], paths: string[], settings: Settings) {
  const sessions = new Sessions(server.port);
  const tokenOf = new Map<string, string>();
  for (const c of cases) if (!tokenOf.has(c.user)) tokenOf.set(c.user, await sessions.token(c.user));
  const tokens = cases.map((c) => tokenOf.get(c.user)!);
  const agent = createAgent(settings.concurrency);
  const startedAt = Date.now();
  const endAt = startedAt + settings.minutes * 60_000;
  const minutes: Minute[] = Array.from({ length: settings.minutes }, () => ({ latencies: [], errors: 0, rss: 0 }));
  const minuteOf = (at: number) => Math.min(settings.minutes - 1, Math.floor((at - startedAt) / 60_000));

  const stopFeed = new AbortController();
  const feeding = runSimulator({
    url: server.origin,
    key: feedKey,
    prefix: 'soak',
    parent: SUBJECT,
    house: HOUSE,
    rate: settings.feedRate,
    signal: stopFeed.signal,
    reportEveryMs: 3_600_000,
  });

  const sampler = setInterval(() => {
    const minute = minutes[minuteOf(Date.now())]!;
    minute.rss = residentBytes(server.pid);
  }, RSS_SAMPLE_MS);

  let next = 0;
  const client = async () => {
    while (Date.now() < endAt) {
      const i = next++ % cases.length;
      const started = process.hrtime.bigint();
      const minute = minutes[minuteOf(Date.now())]!;
      try {
        const res = await get(agent, { port: server.port, path: paths[i]!, token: tokens[i]!, gzip: true });
        if (res.status === 200) minute.latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        else {
          minute.errors += 1;
          minute.firstError ??= `${caseLabel(cases[i]!)}: ${res.status} ${res.body.toString('utf8', 0, 160)}`;
        }
      } catch (error) {
        minute.errors += 1;
        minute.firstError ??= `${caseLabel(cases[i]!)}: ${(error as Error).message}`;
      }
    }
  };
  const report = setInterval(() => {
    const done = minuteOf(Date.now()) - 1;
    if (done >= 0 && minutes[done]!.rss > 0 && !printed.has(done)) printMinute(done, minutes[done]!);
  }, 1_000);
  const printed = new Set<number>();
  const printMinute = (index: number, minute: Minute) => {
    printed.add(index);
    const sorted = [...minute.latencies].sort((a, b) => a - b);
    process.stdout.write(
      `  minute ${String(index + 1).padStart(2)}: ${String(sorted.length).padStart(6)} answers, p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(sorted, 95).toFixed(1)} ms, errors ${minute.errors}, RSS ${(minute.rss / 2 ** 20).toFixed(0)} MiB, ` +
        `load ${loadavg()[0]!.toFixed(1)}\n`,
    );
  };

  try {
    await Promise.all(Array.from({ length: settings.concurrency }, client));
  } finally {
    clearInterval(sampler);
    clearInterval(report);
    stopFeed.abort();
    agent.destroy();
  }
  const fed = await feeding;
  for (const [index, minute] of minutes.entries()) if (!printed.has(index)) printMinute(index, minute);
  return { minutes, fed, seconds: (Date.now() - startedAt) / 1000 };
}

function verdicts(minutes: Minute[], fed: SimulatorStats, seconds: number, settings: Settings): string[] {
  const errors = minutes.reduce((sum, m) => sum + m.errors, 0);
  const firstError = minutes.find((m) => m.firstError)?.firstError;
  const p95 = (m: Minute) =>
    percentile(
      [...m.latencies].sort((a, b) => a - b),
      95,
    );
  const first = minutes[0]!;
  const second = minutes[1] ?? first;
  const last = minutes.at(-1)!;
  const growth = last.rss / first.rss - 1;
  const drift = p95(last) / p95(second) - 1;
  const answers = minutes.reduce((sum, m) => sum + m.latencies.length, 0);
  const ok = (pass: boolean) => (pass ? 'ok' : 'MISS');
  return [
    `  reports: ${answers.toLocaleString('en')} answers (${(answers / seconds).toFixed(0)}/s) at c=${settings.concurrency}, ${errors} errors${firstError ? ` (first: ${firstError})` : ''} - aim 0: ${ok(errors === 0)}`,
    `  feed: ${fed.plays.toLocaleString('en')} plays in ${fed.batches} batches (${(fed.plays / (fed.elapsedMs / 1000)).toFixed(0)} plays/s, aim ${settings.feedRate}), ${fed.leftOut} events left out`,
    `  resident memory: ${(first.rss / 2 ** 20).toFixed(0)} MiB after minute 1, ${(last.rss / 2 ** 20).toFixed(0)} MiB at the end: ${(growth * 100).toFixed(1)}% - aim <= ${RSS_GROWTH_AIM * 100}%: ${ok(growth <= RSS_GROWTH_AIM)}`,
    `  report p95: ${p95(second).toFixed(1)} ms in minute 2, ${p95(last).toFixed(1)} ms in the last: ${(drift * 100).toFixed(1)}% - aim <= ${P95_DRIFT_AIM * 100}%: ${ok(drift <= P95_DRIFT_AIM)}`,
  ];
}

async function main(): Promise<number> {
  let settings: Settings;
  try {
    settings = readSettings();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  process.stdout.write(
    `Soak: ${settings.minutes} min, reports at c=${settings.concurrency}, feed at ${settings.feedRate} plays/s\n`,
  );
  const database = await prepareFedDatabase(settings.embedded ? 'pglite' : 'postgres', undefined, settings.keep, 'playrep_soak');
  try {
    const opened = await openDatabase({ ...database.open, poolSize: 2 });
    const ids = await accountIds(opened.db, NAMED_ACCOUNTS).finally(() => opened.close());
    const ctx = { today: istDay(new Date()), ids };
    const cases = benchCases();
    const paths = cases.map((c) => `/api/playrep${c.path(ctx)}`);
    process.stdout.write(`  ${database.label}; ${cases.length} report cases in turn\n`);
    // The clients stand for many people of a network, signed in as a handful of accounts: the
    // per-account limit of report calls in flight (tested on its own) is raised to the clients.
    const server = await startBenchServer({
      DEMO_FEED: '0',
      HOUSE_USERNAME: HOUSE,
      REPORTS_PER_ACCOUNT: String(settings.concurrency),
      ...database.serverEnv,
    });
    try {
      const { minutes, fed, seconds } = await soak(server, database.feedKey, cases, paths, settings);
      process.stdout.write(`${verdicts(minutes, fed, seconds, settings).join('\n')}\n`);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
  return 0;
}

function readSettings(): Settings {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: true,
    options: {
      embedded: { type: 'boolean', default: false },
      minutes: { type: 'string', default: '10' },
      concurrency: { type: 'string', default: '16' },
      'feed-rate': { type: 'string', default: '500' },
      keep: { type: 'boolean', default: false },
    },
  });
  const settings = {
    embedded: values.embedded,
    minutes: Number(values.minutes),
    concurrency: Number(values.concurrency),
    feedRate: Number(values['feed-rate']),
    keep: values.keep,
  };
  if (!Number.isInteger(settings.minutes) || settings.minutes < 2) throw new Error('--minutes must be a whole number, 2 or more');
  if (!Number.isInteger(settings.concurrency) || settings.concurrency < 1) throw new Error('--concurrency must be 1 or more');
  if (!(settings.feedRate > 0)) throw new Error('--feed-rate must be more than 0');
  return settings;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`Soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
