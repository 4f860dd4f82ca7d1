import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DRAW_GAMES, LoginResponse } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { addDays, istDay } from '../apps/server/src/lib/dates.js';
import { healthLine, type Latencies, ms, PROBE_INTERVAL_MS, probeHealth, request, untilCalm } from './health-probe.js';
import { createAgent, get, percentile } from './load.js';
import { sleep, startBenchServer } from './server-process.js';
import { createThrowawayDatabase } from './throwaway-database.js';

/**
 * npm run bench:reports: one account hammers a year of reports while /api/health is probed from
 * outside. The real server in a process of its own (as `npm start` runs it, default limits) on
 * PostgreSQL with a demo network; the superadmin's clients ask, in a closed loop, for Draw Details
 * of a year at page 900, in the middle and at the end, and for a year of Daily Status and of
 * Revenue. A client refused with 429 waits as Retry-After says, unless --ignore-retry-after.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HAMMER = 'superadmin';
const PASSWORD = 'Demo@1234';
const GAME = DRAW_GAMES[0];
const IDLE_PROBE_SECONDS = 3;

const USAGE = `Usage: npm run bench:reports -- [--scale small|medium|large] [--embedded] [--database-url URL | --data-dir DIR] [--clients N]
                             [--seconds S] [--ignore-retry-after] [--server-root DIR] [--keep] [--calm <load>]

  --scale         demo network loaded into a throwaway PostgreSQL database (default medium; large
                  takes minutes to load)
  --embedded      into an embedded database (PGlite, in a temporary folder) instead
  --database-url  use this PostgreSQL database instead, seeded and settled already (npm run seed, npm run settle)
  --data-dir      use this embedded database folder instead, seeded and settled already
  --clients       concurrent clients of the one account (default 50)
  --seconds       how long they hammer (default 30)
  --ignore-retry-after  send the next request at once after a 429 too (by default a refused client waits
                  as Retry-After says, as a well-behaved client does)
  --server-root   run the server of another checkout (a revision extracted with git archive, its
                  node_modules linked), to compare before and after on the same database
  --keep          keep the throwaway database (its name or folder is printed)
  --calm          first wait (up to 15 minutes) until the machine's 1-minute load average is below this

The throwaway database is created on BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).`;

interface Report {
  name: string;
  path: string;
}

interface Tally {
  statuses: Record<string, number>;
  /** Latency of the 200 answers, ms. */
  ok: number[];
  /** The first answer of each status other than 200, for the report. */
  samples: Record<string, string>;
}

// ---------------------------------------------------------------- the database

/** Runs one of the project's commands (seed, settle) on the database `env` names, its output shown. */
function runCommand(script: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} ${args.join(' ')} exited with ${code}`))));
  });
}

interface BenchDatabase {
  label: string;
  /** What the server is started with to use it. */
  serverEnv: Record<string, string>;
  drop(): Promise<void>;
}

async function seededDatabase(scale: string, embedded: boolean, keep: boolean): Promise<BenchDatabase> {
  const created = await createThrowawayDatabase(embedded, 'playrep_reports', keep);
  try {
    await runCommand('apps/server/src/demo/cli.ts', ['--scale', scale, '--seed', '1'], created.serverEnv);
    await runCommand('apps/server/src/modules/settlement/cli.ts', [], created.serverEnv);
    // Fresh tables: their statistics now, rather than autovacuum's work during the measure.
    const database = await openDatabase(created.open);
    try {
      await database.db.execute(sql`VACUUM (ANALYZE)`);
    } finally {
      await database.close();
    }
  } catch (error) {
    await created.drop();
    throw error;
  }
  return created;
}

// ---------------------------------------------------------------- the load

async function signIn(port: number): Promise<string> {
  const res = await request(port, 'POST', '/api/auth/login', { body: { username: HAMMER, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`Sign-in failed: ${res.status} ${res.body.toString()}`);
  return LoginResponse.parse(JSON.parse(res.body.toString())).token;
}

/** The reports of a year to today, the Draw Details pages placed by the year's number of draws. */
async function yearOfReports(port: number, token: string): Promise<Report[]> {
  const today = istDay(new Date());
  const range = `fromDate=${addDays(today, -364)}&toDate=${today}`;
  const draws = `/api/playrep/drawdetails?gameId=${GAME.code}&${range}&pageSize=10`;
  const first = await request(port, 'GET', `${draws}&page=1`, { token });
  if (first.status !== 200) throw new Error(`Draw Details answered ${first.status}: ${first.body.toString()}`);
  const pages = Math.ceil((JSON.parse(first.body.toString()) as { total: number }).total / 10);
  return [
    { name: 'Draw Details, page 900', path: `${draws}&page=900` },
    { name: `Draw Details, page ${Math.ceil(pages / 2)} (middle)`, path: `${draws}&page=${Math.ceil(pages / 2)}` },
    { name: `Draw Details, page ${pages} (last)`, path: `${draws}&page=${pages}` },
    { name: 'Daily Status', path: `/api/playrep/dailystatus?${range}` },
    { name: 'Revenue', path: `/api/playrep/revenuereport?${range}` },
  ];
}

/** `clients` clients in a closed loop for `seconds`, each going round the reports from its own start. */
async function hammer(port: number, token: string, reports: Report[], clients: number, seconds: number, waitOn429: boolean) {
  const agent = createAgent(clients);
  const tallies = new Map<string, Tally>(reports.map((r) => [r.name, { statuses: {}, ok: [], samples: {} }]));
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = client; Date.now() < deadline; i++) {
        const report = reports[i % reports.length]!;
        const tally = tallies.get(report.name)!;
        const started = performance.now();
        let status: string;
        try {
          const res = await get(agent, { port, path: report.path, token, gzip: true });
          status = String(res.status);
          if (res.status === 200) tally.ok.push(performance.now() - started);
          else tally.samples[status] ??= res.body.toString('utf8', 0, 200);
          if (res.status === 429 && waitOn429) {
            tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
            await sleep(Math.min(Number(res.headers['retry-after'] ?? 1) * 1000, Math.max(0, deadline - Date.now())));
            continue;
          }
        } catch (error) {
          status = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        }
        tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
      }
    }),
  );
  agent.destroy();
  return tallies;
}

function report(reports: Report[], tallies: Map<string, Tally>, idle: Latencies, busy: Latencies, seconds: number): string {
  const lines: string[] = [];
  let answered = 0;
  for (const { name } of reports) {
    const tally = tallies.get(name)!;
    const total = Object.values(tally.statuses).reduce((a, b) => a + b, 0);
    answered += total;
    const statuses = Object.entries(tally.statuses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${n} x ${status}`)
      .join(', ');
    const sorted = [...tally.ok].sort((a, b) => a - b);
    const latency = sorted.length ? `; 200 in p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}` : '';
    lines.push(`  ${name}: ${statuses}${latency}`);
    for (const [status, body] of Object.entries(tally.samples)) lines.push(`    ${status}: ${body}`);
  }
  lines.push(`  ${answered} answers in ${seconds} s (${(answered / seconds).toFixed(0)} a second)`);
  lines.push(healthLine('idle          ', idle), healthLine('under the load', busy));
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
  const clients = Number(values.clients);
  const seconds = Number(values.seconds);
  if (!Number.isInteger(clients) || clients < 1 || !(seconds > 0) || !['small', 'medium', 'large'].includes(values.scale)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }

  let database: BenchDatabase;
  const url = values['database-url'];
  const dataDir = values['data-dir'];
  if (url) {
    database = {
      label: `PostgreSQL ${url.replace(/\/\/[^@/]*@/, '//')}`,
      serverEnv: { DATABASE_URL: url },
      drop: async () => {},
    };
  } else if (dataDir) {
    database = { label: `embedded (PGlite) in ${dataDir}`, serverEnv: { DATA_DIR: dataDir }, drop: async () => {} };
  } else {
    const kind = values.embedded ? 'embedded' : 'PostgreSQL';
    process.stdout.write(`Loading the ${values.scale} demo network into a throwaway ${kind} database...\n`);
    const started = performance.now();
    database = await seededDatabase(values.scale, values.embedded, values.keep);
    process.stdout.write(`  ${database.label}, ready in ${((performance.now() - started) / 1000).toFixed(0)} s\n\n`);
  }
  try {
    if (values.calm) await untilCalm(Number(values.calm));
    // The live demo feed stays off: the report calls are the only load.
    const root = values['server-root'];
    const server = await startBenchServer({ ...database.serverEnv, DEMO_FEED: '0' }, root ? { root } : {});
    try {
      const token = await signIn(server.port);
      const reports = await yearOfReports(server.port, token);
      const idleProbe = probeHealth(server.port);
      await sleep(IDLE_PROBE_SECONDS * 1000);
      const idle = await idleProbe.stop();

      const loadBefore = loadavg()[0]!;
      const busyProbe = probeHealth(server.port);
      const waitOn429 = !values['ignore-retry-after'];
      const tallies = await hammer(server.port, token, reports, clients, seconds, waitOn429);
      const busy = await busyProbe.stop();
      process.stdout.write(
        `${HAMMER}: ${clients} clients in a closed loop for ${seconds} s, ${waitOn429 ? 'waiting as Retry-After says after a 429' : 'ignoring Retry-After'}, ` +
          `a year of reports (to ${istDay(new Date())} IST), on ${database.label}${root ? `, server of ${root}` : ''}\n`,
      );
      process.stdout.write(`${report(reports, tallies, idle, busy, seconds)}\n`);
      process.stdout.write(
        `  machine load average (1 min): ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end\n\n`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
  process.stdout.write(
    `Health: one GET /api/health every ${PROBE_INTERVAL_MS} ms from this process, each on a connection of its own and timed ` +
      `from send to last byte (nearest-rank percentiles); "idle" is the ${IDLE_PROBE_SECONDS} s before the load. The clients ` +
      'share one session and keep-alive connections, and send their next request as soon as an answer is read.\n',
  );
  return 0;
}

function readOptions() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: true,
    options: {
      scale: { type: 'string', default: 'medium' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      clients: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '30' },
      'ignore-retry-after': { type: 'boolean', default: false },
      embedded: { type: 'boolean', default: false },
      'server-root': { type: 'string' },
      keep: { type: 'boolean', default: false },
      calm: { type: 'string' },
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
    process.stderr.write(`Report load failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
