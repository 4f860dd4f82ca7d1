import http from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { LoginResponse } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Database, migrateDatabase, openDatabase } from '../apps/server/src/db/client.js';
import { accounts } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.js';
import { percentile } from './load.js';
import { type BenchServer, sleep, startBenchServer } from './server-process.js';
import { createThrowawayDatabase, DEFAULT_ADMIN_URL, type ThrowawayDatabase } from './throwaway-database.js';

const PASSWORD = 'Bench@1234';
const PLAYER = 'player1';
/** Fun Target (games.id 1 in the migrations). */
const GAME_CODE = 'MNOQqWWi';
/** A draw every 90 s over the 366 IST days from 2024-03-01 to 2025-03-01; every 1000th is not open. */
const DRAWS = 366 * 960;
const EXPORT_PATH = `/api/playrep/drawdetails?gameId=${GAME_CODE}&fromDate=2024-03-01&toDate=2025-03-01&format=xlsx`;
/** One health probe every this many ms, whether or not the previous one has answered (open loop). */
const PROBE_INTERVAL_MS = 20;
const IDLE_PROBE_SECONDS = 3;

const USAGE = `Usage: npm run bench:exports -- [--only <scenario>] [--embedded] [--exports N] [--keep] [--profile <dir>] [--calm <load>]

  --only       run one scenario: ${'one-session, ten-sessions, ten-running'}
  --embedded   the embedded database (PGlite, in a temporary folder) instead of PostgreSQL
  --exports    concurrent exports per scenario (default 10)
  --keep       keep the database (its name or folder is printed)
  --profile    write the server's CPU profiles (node --cpu-prof) into this folder
  --calm       before each scenario, wait (up to 15 minutes) until the machine's 1-minute load
               average is below this number: on a shared machine, other processes skew the figures

PostgreSQL: a database is created on BENCH_ADMIN_URL (default ${DEFAULT_ADMIN_URL}) and dropped at the end.`;

interface Scenario {
  name: string;
  what: string;
  /** One session for every export, or one session each. */
  sessions: 'one' | 'each';
  /** Extra environment of the server process. */
  serverEnv: Record<string, string>;
}

const SCENARIOS: Scenario[] = [
  { name: 'one-session', what: 'one player session fires them all', sessions: 'one', serverEnv: {} },
  { name: 'ten-sessions', what: 'one session per export', sessions: 'each', serverEnv: {} },
  {
    name: 'ten-running',
    what: 'one session per export, server-wide limit raised so that all of them run',
    sessions: 'each',
    serverEnv: { EXPORTS_PER_SERVER: '100' },
  },
];

interface ExportResult {
  status: number;
  bytes: number;
  seconds: number;
  retryAfter?: string;
  message?: string;
}

interface Latencies {
  n: number;
  p50: number;
  p99: number;
  max: number;
  /** Probes that got no 200, by what they got instead ("503", "ECONNRESET"). */
  failed: Record<string, number>;
}

// ---------------------------------------------------------------- the database

async function createDatabase(embedded: boolean, keep: boolean): Promise<ThrowawayDatabase> {
  const created = await createThrowawayDatabase(embedded, 'playrep_exports', keep);
  const database = await openDatabase(created.open);
  try {
    await fill(database);
    if (!embedded) await database.db.execute(sql`VACUUM (ANALYZE) draws`);
  } finally {
    await database.close();
  }
  return created;
}

/** The migrated schema, a chain of accounts down to one player, and the year of draws. */
async function fill(database: Database): Promise<void> {
  await migrateDatabase(database);
  const passwordHash = await hashPassword(PASSWORD);
  const chain = [
    ['superadmin', 'superadmin'],
    ['admin1', 'admin'],
    ['sam1', 'superareamanager'],
    ['am1', 'areamanager'],
    ['master1', 'master'],
    [PLAYER, 'player'],
  ] as const;
  let parentId: string | null = null;
  for (const [username, role] of chain) {
    const inserted: { id: string }[] = await database.db
      .insert(accounts)
      .values({ username, role, passwordHash, parentId, firstName: username, lastName: 'Bench' })
      .returning({ id: accounts.id });
    parentId = inserted[0]!.id;
  }
  await database.db.execute(sql`
    INSERT INTO draws (game_id, draw_time, drawno, color)
    SELECT 1, timestamptz '2024-02-29T18:30:00Z' + n * interval '90 seconds',
           CASE WHEN n % 1000 = 0 THEN NULL ELSE (n % 10)::text END, NULL
      FROM generate_series(0, ${DRAWS - 1}) AS n`);
}

// ---------------------------------------------------------------- the server process

function startServer(env: Record<string, string>, profileDir?: string): Promise<BenchServer> {
  const nodeArgs = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  return startBenchServer(env, { nodeArgs, startSeconds: 60 });
}

// ---------------------------------------------------------------- HTTP

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  bytes: number;
}

/** One request on its own connection; `keepBody: false` counts the body's bytes without holding it. */
function request(
  port: number,
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown; keepBody?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method,
        agent: false,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (options.keepBody !== false) chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), bytes }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(port: number): Promise<string> {
  const res = await request(port, 'POST', '/api/auth/login', { body: { username: PLAYER, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`Sign-in failed: ${res.status} ${res.body.toString()}`);
  return LoginResponse.parse(JSON.parse(res.body.toString())).token;
}

async function runExport(port: number, token: string): Promise<ExportResult> {
  const started = performance.now();
  const res = await request(port, 'GET', EXPORT_PATH, { token, keepBody: false });
  const result: ExportResult = { status: res.status, bytes: res.bytes, seconds: (performance.now() - started) / 1000 };
  if (res.status !== 200) {
    const retryAfter = res.headers['retry-after'];
    if (retryAfter !== undefined) result.retryAfter = String(retryAfter);
  }
  return result;
}

/** Probes /api/health every PROBE_INTERVAL_MS until stopped; each probe's time from send to last byte. */
function probeHealth(port: number) {
  const latencies: number[] = [];
  const failed: Record<string, number> = {};
  const fail = (why: string) => {
    failed[why] = (failed[why] ?? 0) + 1;
  };
  let running = true;
  const inFlight = new Set<Promise<void>>();
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const probe = request(port, 'GET', '/api/health').then(
        (res) => {
          if (res.status === 200) latencies.push(performance.now() - started);
          else fail(String(res.status));
        },
        (error: NodeJS.ErrnoException) => fail(error.code ?? error.message),
      );
      inFlight.add(probe);
      void probe.finally(() => inFlight.delete(probe));
      await sleep(PROBE_INTERVAL_MS);
    }
  })();
  return {
    async stop(): Promise<Latencies> {
      running = false;
      await loop;
      await Promise.all(inFlight);
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        n: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
        failed,
      };
    },
  };
}

// ---------------------------------------------------------------- the scenarios

async function runScenario(scenario: Scenario, database: ThrowawayDatabase, exports: number, profileDir?: string) {
  const server = await startServer({ ...database.serverEnv, ...scenario.serverEnv }, profileDir);
  try {
    const idleProbe = probeHealth(server.port);
    await sleep(IDLE_PROBE_SECONDS * 1000);
    const idle = await idleProbe.stop();

    const tokens: string[] = [];
    for (let i = 0; i < (scenario.sessions === 'one' ? 1 : exports); i++) tokens.push(await signIn(server.port));
    const busyProbe = probeHealth(server.port);
    const loadBefore = loadavg()[0]!;
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: exports }, (_, i) => runExport(server.port, tokens[i % tokens.length]!)),
    );
    const seconds = (performance.now() - started) / 1000;
    const busy = await busyProbe.stop();
    return { idle, busy, results, seconds, load: [loadBefore, loadavg()[0]!] as const };
  } finally {
    await server.stop();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '-');

function report(scenario: Scenario, outcome: Awaited<ReturnType<typeof runScenario>>): string {
  const { idle, busy, results, seconds, load } = outcome;
  const ok = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status !== 200);
  const statuses = [...new Set(refused.map((r) => `${r.status}${r.retryAfter ? ` (Retry-After ${r.retryAfter})` : ''}`))];
  const okSeconds = ok.map((r) => r.seconds).sort((a, b) => a - b);
  const lines = [
    `${scenario.name}: ${results.length} concurrent year-long XLSX exports, ${scenario.what}`,
    `  exports: ${ok.length} x 200${refused.length ? `, ${refused.length} refused: ${statuses.join(', ')}` : ''}; all answered in ${seconds.toFixed(1)} s`,
  ];
  if (ok.length > 0) {
    lines.push(
      `  200 exports: ${(ok[0]!.bytes / 1e6).toFixed(1)} MB each, ${okSeconds[0]!.toFixed(1)} s to ${okSeconds.at(-1)!.toFixed(1)} s`,
    );
  }
  if (refused.length > 0) {
    lines.push(`  refusals answered within ${Math.max(...refused.map((r) => r.seconds * 1000)).toFixed(0)} ms`);
  }
  const row = (label: string, l: Latencies) => {
    const failed = Object.entries(l.failed).map(([why, n]) => `${n} x ${why}`);
    return `  health ${label}: p50 ${ms(l.p50)}, p99 ${ms(l.p99)}, max ${ms(l.max)} (${l.n} answered${failed.length ? `; failed: ${failed.join(', ')}` : ''})`;
  };
  lines.push(row('idle         ', idle), row('under exports', busy));
  // The machine's own load (other processes included): latencies mean little on a busy machine.
  lines.push(`  machine load average (1 min): ${load[0].toFixed(1)} at the start, ${load[1].toFixed(1)} at the end`);
  return lines.join('\n');
}

/** Waits until the 1-minute load average is below `limit` (at most 15 minutes). */
async function untilCalm(limit: number): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  while (loadavg()[0]! >= limit && Date.now() < deadline) {
    process.stdout.write(`  waiting for a calmer machine (load average ${loadavg()[0]!.toFixed(1)}, want < ${limit})\n`);
    await sleep(30_000);
  }
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
  const exports = Number(values.exports);
  const scenarios = SCENARIOS.filter((s) => !values.only || s.name === values.only);
  if (!Number.isInteger(exports) || exports < 1 || scenarios.length === 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }

  process.stdout.write(`Loading a year of draws (${DRAWS} draws)...\n`);
  const loadStarted = performance.now();
  const database = await createDatabase(values.embedded, values.keep);
  process.stdout.write(`  ${database.label}, ready in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s\n\n`);
  try {
    for (const scenario of scenarios) {
      if (values.calm) await untilCalm(Number(values.calm));
      const outcome = await runScenario(scenario, database, exports, values.profile);
      process.stdout.write(`${report(scenario, outcome)}\n\n`);
    }
  } finally {
    await database.drop();
  }
  process.stdout.write(
    `Health: one GET /api/health every ${PROBE_INTERVAL_MS} ms from this process, each timed from send to last byte ` +
      '(nearest-rank percentiles); "idle" is the 3 s before the exports start.\n',
  );
  return 0;
}

function readOptions() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: true,
    options: {
      only: { type: 'string' },
      embedded: { type: 'boolean', default: false },
      exports: { type: 'string', default: '10' },
      keep: { type: 'boolean', default: false },
      profile: { type: 'string' },
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
    process.stderr.write(`Export load failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
