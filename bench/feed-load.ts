import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runAsLeader } from '../apps/server/src/db/leader-lock.js';
import { runSimulator, type SimulatorStats } from '../apps/server/src/demo/simulator.js';
import { istDay } from '../apps/server/src/lib/dates.js';
import { closeFinishedWeeks } from '../apps/server/src/modules/settlement/index.js';
import { type CpuSplit, startCpuCount } from './cpu-time.js';
import { type FedDatabase, type Kind, prepareFedDatabase } from './fed-database.js';
import { measureVoids, reportVoids, type VoidsOutcome } from './feed-voids.js';
import { createAgent, type Phase, percentile, runPhase, type Summary, summarize } from './load.js';
import { type BenchServer, sleep, startBenchServer } from './server-process.js';
import { Sessions } from './sessions.js';
import { DEFAULT_ADMIN_URL } from './throwaway-database.js';

const HOUSE = 'HOUSE';
const BATCH = 1_000;
const SUBJECT = 'superadmin';
/** What the reports may lose while the feed runs at the fed rate, and the throughput aims. */
const REPORT_AIM_RATIO = 2;
const THROUGHPUT_AIM: Record<Kind, number> = { postgres: 20_000, pglite: 5_000 };
/** The plays' rate the feed keeps with 1 void in 500 (docs/feed.md, "Voided plays and hands"). */
const VOIDS_RATE_AIM: Record<Kind, number> = { postgres: 18_000, pglite: 5_000 };
/** A closing under the feed: no batch may wait longer than this for it. */
const CLOSING_AIM_MS = 1_000;
/** Plays per batch and batches in flight while a closing runs: a platform's steady feed. */
const CLOSING_BATCH = 200;
const CLOSING_CONCURRENCY = 2;
/** Seconds of feed before and after the closing. */
const CLOSING_MARGIN_S = 6;

const USAGE = `Usage: npm run bench:feed -- [--only postgres|pglite] [--seconds N] [--fed-rate N] [--concurrency N] [--quick] [--database URL] [--keep]
       npm run bench:feed -- --closing-template NAME [--fed-rate N] [--keep]

  --only         one database: postgres or pglite (default both)
  --seconds      length of the throughput phase (default 30; --quick 10)
  --fed-rate     plays a second while the reports are measured fed (default 2000)
  --concurrency  batches in flight in the throughput phase (default 2 on PostgreSQL, 1 on PGlite)
  --quick        fewer report requests and a shorter throughput phase
  --database     an existing PostgreSQL database holding the demo network (e.g. "$BENCH_DATABASE_URL")
                 instead of a throwaway one; the run adds its plays to it (prefix "bench")
  --keep         keep the throwaway database (its name or folder is printed)
  --voids-rounds rounds of the voids' batches, after the server stops (default 5; --quick 3; 0: none)
  --closing-template
                 a closing under the feed instead (PostgreSQL): a copy of the database NAME (one with a
                 finished week not closed yet, e.g. a large network settled up to the week before) is fed
                 at --fed-rate plays/s in batches of ${CLOSING_BATCH}, ${CLOSING_CONCURRENCY} in flight, and ${CLOSING_MARGIN_S} s in, the
                 finished weeks are closed; prints the batches' p99 and max during the closing and without it

BENCH_SERVER_NODE_ARGS: extra Node.js flags for the server process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
PostgreSQL: a throwaway database is created on BENCH_ADMIN_URL (default ${DEFAULT_ADMIN_URL}),
loaded with the small demo network and dropped at the end. PGlite: a temporary folder.`;

interface Settings {
  seconds: number;
  fedRate: number;
  concurrency: number | undefined;
  reports: Phase;
  /** Seconds the fed simulator runs before the reports are measured. */
  fedWarmupSeconds: number;
  voidsRounds: number;
}

// ---------------------------------------------------------------- the server process

function startServer(env: Record<string, string>): Promise<BenchServer> {
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return startBenchServer({ DEMO_FEED: '0', HOUSE_USERNAME: HOUSE, ...env }, { nodeArgs });
}

// ---------------------------------------------------------------- the phases

interface ReportCase {
  label: string;
  path: string;
}

function reportCases(): ReportCase[] {
  const today = istDay(new Date());
  const twelveWeeksAgo = istDay(new Date(Date.now() - 83 * 86_400_000));
  return [
    { label: 'dailystatus, today', path: `/api/playrep/dailystatus?fromDate=${today}&toDate=${today}` },
    { label: 'revenuereport, 12 weeks', path: `/api/playrep/revenuereport?fromDate=${twelveWeeksAgo}&toDate=${today}` },
    { label: 'agentdetails', path: '/api/playrep/agentdetails' },
  ];
}

async function measureReports(port: number, token: string, settings: Settings): Promise<Map<string, Summary>> {
  const agent = createAgent(1);
  const out = new Map<string, Summary>();
  try {
    for (const c of reportCases()) {
      const result = await runPhase(agent, { port, path: c.path, token, gzip: true }, settings.reports);
      if (result.errors > 0) throw new Error(`${c.label}: ${result.errors} failed requests (${result.firstError})`);
      out.set(c.label, summarize(result));
    }
  } finally {
    agent.destroy();
  }
  return out;
}

interface Throughput {
  playsPerSecond: number;
  stats: SimulatorStats;
  concurrency: number;
  /** The CPU each process used in the throughput phase. */
  cpu: CpuSplit;
  /** Deadlocks PostgreSQL broke in the phase (each a batch retried after deadlock_timeout); null on PGlite. */
  deadlocks: number | null;
}

interface Outcome {
  database: FedDatabase;
  idle: Map<string, Summary>;
  fed: Map<string, Summary>;
  fedRate: number;
  throughput: Throughput;
  voids: VoidsOutcome | null;
  load: { start: number; fed: number; throughput: number; end: number };
}

async function runDatabase(database: FedDatabase, settings: Settings, throwaway: boolean): Promise<Outcome> {
  const outcome = await runServer(database, settings);
  const voids = settings.voidsRounds > 0 ? await measureVoids(database, settings.voidsRounds, throwaway) : null;
  return { ...outcome, voids, load: { ...outcome.load, end: loadavg()[0]! } };
}

async function runServer(database: FedDatabase, settings: Settings): Promise<Omit<Outcome, 'voids'>> {
  const server = await startServer(database.serverEnv);
  const url = `http://127.0.0.1:${server.port}`;
  const simulator = {
    url,
    key: database.feedKey,
    prefix: 'bench',
    parent: SUBJECT,
    house: HOUSE,
    players: 100,
    reportEveryMs: 3_600_000,
  };
  try {
    const token = await new Sessions(server.port).token(SUBJECT);
    const loadStart = loadavg()[0]!;
    // The simulator's network first, so that idle and fed see the same accounts.
    await runSimulator({ ...simulator, rate: 1, durationMs: 1 });
    const idle = await measureReports(server.port, token, settings);

    const stop = new AbortController();
    const feeding = runSimulator({ ...simulator, rate: settings.fedRate, batchSize: BATCH, signal: stop.signal });
    await sleep(settings.fedWarmupSeconds * 1000);
    const loadFed = loadavg()[0]!;
    const fed = await measureReports(server.port, token, settings);
    stop.abort();
    const fedStats = await feeding;

    const concurrency = settings.concurrency ?? (database.kind === 'postgres' ? 2 : 1);
    const loadThroughput = loadavg()[0]!;
    const deadlocksBroken = await startDeadlockCount(database);
    const cpuUsed = startCpuCount(server.pid);
    const stats = await runSimulator({
      ...simulator,
      rate: Number.POSITIVE_INFINITY,
      batchSize: BATCH,
      concurrency,
      durationMs: settings.seconds * 1000,
    });
    return {
      database,
      idle,
      fed,
      fedRate: fedStats.plays / (fedStats.elapsedMs / 1000),
      throughput: {
        playsPerSecond: stats.plays / (stats.elapsedMs / 1000),
        stats,
        concurrency,
        cpu: cpuUsed(),
        deadlocks: await deadlocksBroken(),
      },
      load: { start: loadStart, fed: loadFed, throughput: loadThroughput, end: loadavg()[0]! },
    };
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- a closing under the feed

interface Batch {
  sentAt: number;
  ms: number;
}

interface ClosingOutcome {
  label: string;
  closed: string[];
  closingMs: number;
  /** The seal's part of it (a closing in two steps; undefined for one that is a single transaction). */
  sealMs: number | undefined;
  /** Batches in flight at some moment of the seal (all of the closing when it has no seal). */
  duringSeal: Batch[];
  during: Batch[];
  outside: Batch[];
  feedRate: number;
  /** Deadlocks PostgreSQL broke while the feed ran (each a batch retried after deadlock_timeout). */
  deadlocks: number | null;
  load: { start: number; end: number };
}

/**
 * The feed at a steady rate, and the finished weeks closed in its middle from this process (as the
 * server's hourly job would: this process holds the job's leader lock, so the server does not
 * close them at start). A batch is "during" the closing when its time in flight meets the closing's.
 */
async function runClosing(template: string, fedRate: number, keep: boolean): Promise<ClosingOutcome> {
  const database = await prepareFedDatabase('postgres', undefined, keep, 'playrep_closingbench', { template, close: false });
  const databaseUrl = database.serverEnv.DATABASE_URL!;
  let leading!: () => void;
  const isLeader = new Promise<void>((resolve) => {
    leading = resolve;
  });
  const leader = runAsLeader({
    databaseUrl,
    job: 'settlement',
    start: () => {
      leading();
      return { stop: async () => {} };
    },
  });
  await isLeader;
  const server = await startServer(database.serverEnv);
  const own = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const simulator = {
      url: `http://127.0.0.1:${server.port}`,
      key: database.feedKey,
      prefix: 'bench',
      parent: SUBJECT,
      house: HOUSE,
    };
    await runSimulator({ ...simulator, rate: 1, durationMs: 1 });
    const loadStart = loadavg()[0]!;
    const deadlocksBroken = await startDeadlockCount(database);
    const batches: Batch[] = [];
    const stop = new AbortController();
    const feeding = runSimulator({
      ...simulator,
      rate: fedRate,
      batchSize: CLOSING_BATCH,
      concurrency: CLOSING_CONCURRENCY,
      signal: stop.signal,
      onBatch: (batch) => batches.push(batch),
    });
    await sleep(CLOSING_MARGIN_S * 1000);
    const started = performance.now();
    let sealed: number | undefined;
    const result = await closeFinishedWeeks(own.db, {
      now: new Date(),
      onSealed: () => {
        sealed = performance.now();
      },
    });
    const ended = performance.now();
    const sealEnded = sealed ?? ended;
    await sleep(CLOSING_MARGIN_S * 1000);
    stop.abort();
    const stats = await feeding;
    const meets = (b: Batch) => b.sentAt < ended && b.sentAt + b.ms > started;
    return {
      label: `${database.label} (a copy of ${template})`,
      closed: result.closed,
      closingMs: ended - started,
      sealMs: sealed === undefined ? undefined : sealed - started,
      duringSeal: batches.filter((b) => b.sentAt < sealEnded && b.sentAt + b.ms > started),
      during: batches.filter(meets),
      outside: batches.filter((b) => !meets(b)),
      feedRate: stats.plays / (stats.elapsedMs / 1000),
      deadlocks: await deadlocksBroken(),
      load: { start: loadStart, end: loadavg()[0]! },
    };
  } finally {
    await server.stop();
    await own.close();
    await leader.close();
    await database.drop();
  }
}

function closingReport(outcome: ClosingOutcome): string {
  const figures = (batches: Batch[]) => {
    const sorted = batches.map((b) => b.ms).sort((a, b) => a - b);
    return sorted.length === 0
      ? 'none'
      : `${n(sorted.length)} batches, p50 ${ms(percentile(sorted, 50))} ms, p99 ${ms(percentile(sorted, 99))} ms, max ${ms(sorted.at(-1)!)} ms`;
  };
  const worst = Math.max(0, ...outcome.during.map((b) => b.ms));
  return [
    outcome.label,
    `  closed: ${outcome.closed.join(', ') || 'nothing (no finished week was open)'}`,
    `  the closing took ${(outcome.closingMs / 1000).toFixed(2)} s, under a feed of ${n(outcome.feedRate)} plays/s (batches of ${CLOSING_BATCH}, ${CLOSING_CONCURRENCY} in flight)`,
    outcome.sealMs === undefined
      ? '  (one transaction: no seal)'
      : `  of which the seal (the settlement lock taken alone, its wait for the batches in flight included): ${ms(outcome.sealMs)} ms; batches in flight during it: ${figures(outcome.duringSeal)}`,
    `  batches during the closing: ${figures(outcome.during)}`,
    `  deadlocks PostgreSQL broke while the feed ran (each a batch retried after deadlock_timeout): ${outcome.deadlocks}`,
    `  batches without a closing:  ${figures(outcome.outside)}`,
    `  aim: no batch over ${n(CLOSING_AIM_MS)} ms during the closing - ${worst <= CLOSING_AIM_MS ? 'met' : 'missed'} (worst ${ms(worst)} ms)`,
    `  machine load average (1 min): ${outcome.load.start.toFixed(1)} at the start, ${outcome.load.end.toFixed(1)} at the end`,
  ].join('\n');
}

/** A backend reports its counts to pg_stat_database at most once a second, when idle. */
const STATS_FLUSH_MS = 1_500;

/**
 * Starts counting the deadlocks PostgreSQL breaks in the database (as startCpuCount counts CPU):
 * the function returned gives how many since, or null on PGlite, which has one session.
 */
async function startDeadlockCount(database: FedDatabase): Promise<() => Promise<number | null>> {
  const url = database.serverEnv.DATABASE_URL;
  if (!url) return async () => null;
  const deadlocksSoFar = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ deadlocks: string }>(
        'SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()',
      );
      return Number(rows[0]!.deadlocks);
    } finally {
      await client.end();
    }
  };
  const before = await deadlocksSoFar();
  return async () => {
    await sleep(STATS_FLUSH_MS);
    return (await deadlocksSoFar()) - before;
  };
}

// ---------------------------------------------------------------- the report

const n = (value: number) => Math.round(value).toLocaleString('en');
const ms = (value: number) => (value >= 10 ? value.toFixed(0) : value.toFixed(1));

/** The CPU a thousand plays cost in the throughput phase: comparable between runs on a busy machine, where the rate is not. */
function cpuLine({ cpu, stats }: Throughput): string {
  const per1000 = (cpuMs: number) => ms((cpuMs / stats.plays) * 1000);
  return (
    `  CPU per 1,000 plays in that phase: server ${per1000(cpu.serverMs)} ms, PostgreSQL ${per1000(cpu.postgresMs)} ms, ` +
    `load generator ${per1000(cpu.benchMs)} ms`
  );
}

function report(outcome: Outcome): string {
  const { database, throughput, load } = outcome;
  const sorted = [...throughput.stats.latencies].sort((a, b) => a - b);
  const aim = THROUGHPUT_AIM[database.kind];
  const lines = [
    `${database.label}`,
    `  throughput: ${n(throughput.playsPerSecond)} plays/s sustained over ${(throughput.stats.elapsedMs / 1000).toFixed(0)} s ` +
      `(${n(throughput.stats.plays)} plays in ${n(throughput.stats.batches)} batches of ${n(BATCH)}, ${throughput.concurrency} in flight; ` +
      `batch p50 ${ms(percentile(sorted, 50))} ms, p95 ${ms(percentile(sorted, 95))} ms, max ${ms(sorted.at(-1) ?? 0)} ms) - aim ${n(aim)}: ${throughput.playsPerSecond >= aim ? 'ok' : 'MISS'}`,
    ...(throughput.deadlocks === null
      ? []
      : [`  deadlocks PostgreSQL broke in that phase (each a batch retried after deadlock_timeout): ${throughput.deadlocks}`]),
    cpuLine(throughput),
    `  reports as ${SUBJECT}, one request at a time, idle and while fed at ${n(outcome.fedRate)} plays/s (ms):`,
    '    report                     idle p50  idle p95   fed p50   fed p95   p95 ratio  aim <= 2x',
  ];
  for (const [label, idle] of outcome.idle) {
    const fed = outcome.fed.get(label)!;
    const ratio = fed.p95 / idle.p95;
    lines.push(
      `    ${label.padEnd(26)} ${ms(idle.p50).padStart(8)} ${ms(idle.p95).padStart(9)} ${ms(fed.p50).padStart(9)} ${ms(fed.p95).padStart(9)} ${ratio.toFixed(2).padStart(11)}  ${ratio <= REPORT_AIM_RATIO ? 'ok' : 'MISS'}`,
    );
  }
  if (outcome.voids) lines.push(reportVoids(outcome.voids, throughput.playsPerSecond, VOIDS_RATE_AIM[database.kind]));
  lines.push(
    `  machine load average (1 min): ${load.start.toFixed(1)} at the start, ${load.fed.toFixed(1)} fed, ${load.throughput.toFixed(1)} before the throughput phase, ${load.end.toFixed(1)} at the end`,
  );
  return lines.join('\n');
}

async function main(): Promise<number> {
  let values: ReturnType<typeof readOptions>;
  try {
    values = readOptions();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values['closing-template'] !== undefined) {
    const fedRate = Number(values['fed-rate']);
    if (!(fedRate > 0)) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    process.stdout.write(
      `Feed benchmark, a closing under the feed; machine load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min)\n\n`,
    );
    const outcome = await runClosing(values['closing-template'], fedRate, values.keep);
    process.stdout.write(
      `${closingReport(outcome)}\n\nEach batch timed from send to answer; nearest-rank percentiles; "during": in flight at some moment of the closing.\n`,
    );
    return 0;
  }
  const kinds: Kind[] = values.only === undefined ? ['postgres', 'pglite'] : [values.only as Kind];
  const seconds = Number(values.seconds ?? (values.quick ? 10 : 30));
  const fedRate = Number(values['fed-rate']);
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  const voidsRounds = Number(values['voids-rounds'] ?? (values.quick ? 3 : 5));
  if (
    !(Number.isInteger(voidsRounds) && voidsRounds >= 0) ||
    !kinds.every((k) => k === 'postgres' || k === 'pglite') ||
    !(seconds >= 1) ||
    !(fedRate > 0) ||
    (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1))
  ) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const settings: Settings = {
    seconds,
    fedRate,
    concurrency,
    reports: values.quick
      ? { concurrency: 1, requests: 100, maxSeconds: 6, warmupPerClient: 3 }
      : { concurrency: 1, requests: 300, maxSeconds: 15, warmupPerClient: 5 },
    fedWarmupSeconds: 3,
    voidsRounds,
  };
  process.stdout.write(
    `Feed benchmark, machine load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1 / 5 / 15 min)\n\n`,
  );
  for (const kind of kinds) {
    process.stdout.write(`Preparing ${kind}...\n`);
    const database = await prepareFedDatabase(
      kind,
      kind === 'postgres' ? values.database : undefined,
      values.keep,
      'playrep_feedbench',
    );
    try {
      const outcome = await runDatabase(database, settings, values.database === undefined);
      process.stdout.write(`${report(outcome)}\n\n`);
    } finally {
      await database.drop();
    }
  }
  process.stdout.write(
    'Reports: c=1 closed loop over keep-alive, each request timed from send to last byte, nearest-rank percentiles.\n' +
      'Throughput: plays applied (200 answers) over the phase, from the first batch sent to the last answer.\n' +
      'Voids: batches applied in this process (applyFeedBatch, one transaction each) once the server has stopped.\n',
  );
  return 0;
}

function readOptions() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: true,
    options: {
      only: { type: 'string' },
      seconds: { type: 'string' },
      'fed-rate': { type: 'string', default: '2000' },
      concurrency: { type: 'string' },
      quick: { type: 'boolean', default: false },
      database: { type: 'string' },
      keep: { type: 'boolean', default: false },
      'voids-rounds': { type: 'string' },
      'closing-template': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return values;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`Feed benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
