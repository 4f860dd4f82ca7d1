import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { LoginResponse } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Database, migrateDatabase, openDatabase } from '../apps/server/src/db/client.js';
import { accounts } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/modules/identity/gate/passwords.js';
import { FLOOD_CONNECTIONS, FLOOD_SECONDS, floodReport, measureFlood } from './export-flood.js';
import { healthLine, PROBE_INTERVAL_MS, probeHealth, request, untilCalm } from './health-probe.js';
import { type BenchServer, sleep, startBenchServer } from './server-process.js';
import { createThrowawayDatabase, DEFAULT_ADMIN_URL, type ThrowawayDatabase } from './throwaway-database.js';

const PASSWORD = 'Bench@1234';
/** Players under master1, one account per export in the scenarios that want as many accounts. */
const PLAYERS = Array.from({ length: 10 }, (_, i) => `player${i + 1}`);
/** Fun Target (games.id 1 in the migrations). */
const GAME_CODE = 'MNOQqWWi';
/** A draw every 90 s over the 366 IST days from 2024-03-01 to 2025-03-01; every 1000th is not open. */
const DRAWS = 366 * 960;
const YEAR_PATH = `/api/playrep/drawdetails?gameId=${GAME_CODE}&fromDate=2024-03-01&toDate=2025-03-01`;
const EXPORT_PATH = `${YEAR_PATH}&format=xlsx`;
/** The flood's file: the year as CSV. */
const CSV_PATH = `${YEAR_PATH}&format=csv`;
const FLOOD = 'flood';
const IDLE_PROBE_SECONDS = 3;

const USAGE = `Usage: npm run bench:exports -- [--only <scenario>] [--embedded] [--exports N] [--keep] [--profile <dir>] [--calm <load>]
                              [--server-root <dir>]

  --only       run one scenario: ${'one-session, ten-sessions, ten-accounts, ten-running'}, ${FLOOD}
  --embedded   the embedded database (PGlite, in a temporary folder) instead of PostgreSQL
  --exports    concurrent exports per scenario (default 10; not the flood)
  --keep       keep the database (its name or folder is printed)
  --profile    write the server's CPU profiles (node --cpu-prof) into this folder
  --calm       before each scenario, wait (up to 15 minutes) until the machine's 1-minute load
               average is below this number: on a shared machine, other processes skew the figures
  --server-root  run the server of another checkout (a revision extracted with git archive, its
               node_modules linked), to compare before and after

${FLOOD}: ${FLOOD_CONNECTIONS} connections of one account ask for a year's CSV again and again, whatever the
answer, for ${FLOOD_SECONDS} s, while another account downloads the same (default limits).

PostgreSQL: a database is created on BENCH_ADMIN_URL (default ${DEFAULT_ADMIN_URL}) and dropped at the end.`;

interface Scenario {
  name: string;
  what: string;
  /** One session for every export, one session each of one account, or one account each. */
  sessions: 'one' | 'each' | 'accounts';
  /** Extra environment of the server process. */
  serverEnv: Record<string, string>;
}

const SCENARIOS: Scenario[] = [
  { name: 'one-session', what: 'one player session fires them all', sessions: 'one', serverEnv: {} },
  { name: 'ten-sessions', what: 'one session per export, all of one account', sessions: 'each', serverEnv: {} },
  { name: 'ten-accounts', what: 'one account per export', sessions: 'accounts', serverEnv: {} },
  {
    name: 'ten-running',
    what: 'one account per export, server-wide limit raised so that all of them run',
    sessions: 'accounts',
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

/** The migrated schema, a chain of accounts down to master1 and its players, and the year of draws. */
async function fill(database: Database): Promise<void> {
  await migrateDatabase(database);
  const passwordHash = await hashPassword(PASSWORD);
  const chain = [
    ['superadmin', 'superadmin'],
    ['admin1', 'admin'],
    ['sam1', 'superareamanager'],
    ['am1', 'areamanager'],
    ['master1', 'master'],
  ] as const;
  let parentId: string | null = null;
  for (const [username, role] of chain) {
    const inserted: { id: string }[] = await database.db
      .insert(accounts)
      .values({ username, role, passwordHash, parentId, firstName: username, lastName: 'Bench' })
      .returning({ id: accounts.id });
    parentId = inserted[0]!.id;
  }
  await database.db.insert(accounts).values(
    PLAYERS.map((username) => ({
      username,
      role: 'player' as const,
      passwordHash,
      parentId,
      firstName: username,
      lastName: 'Bench',
    })),
  );
  await database.db.execute(sql`
    INSERT INTO draws (game_id, draw_time, drawno, color)
    SELECT 1, timestamptz '2024-02-29T18:30:00Z' + n * interval '90 seconds',
           CASE WHEN n % 1000 = 0 THEN NULL ELSE (n % 10)::text END, NULL
      FROM generate_series(0, ${DRAWS - 1}) AS n`);
}

// ---------------------------------------------------------------- the server process

/** Where the server runs and what it writes: the options every scenario starts it with. */
interface ServerOptions {
  profileDir?: string | undefined;
  root?: string | undefined;
}

function startServer(env: Record<string, string>, options: ServerOptions): Promise<BenchServer> {
  const nodeArgs = options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', options.profileDir] : [];
  return startBenchServer(env, { nodeArgs, startSeconds: 60, ...(options.root ? { root: options.root } : {}) });
}

// ---------------------------------------------------------------- HTTP

/**
 * Sessions by username and number, kept across the scenarios: they live in the database, which
 * every scenario's server shares, and sign-in allows one address 30 attempts a minute.
 */
const sessions = new Map<string, string>();

async function signIn(port: number, username: string, n: number): Promise<string> {
  const key = `${username}#${n}`;
  const known = sessions.get(key);
  if (known) return known;
  const res = await request(port, 'POST', '/api/auth/login', { body: { username, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`Sign-in failed: ${res.status} ${res.body.toString()}`);
  const { token } = LoginResponse.parse(JSON.parse(res.body.toString()));
  sessions.set(key, token);
  return token;
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

// ---------------------------------------------------------------- the scenarios

async function runScenario(scenario: Scenario, database: ThrowawayDatabase, exports: number, options: ServerOptions) {
  const server = await startServer({ ...database.serverEnv, ...scenario.serverEnv }, options);
  try {
    const idleProbe = probeHealth(server.port);
    await sleep(IDLE_PROBE_SECONDS * 1000);
    const idle = await idleProbe.stop();

    const tokens: string[] = [];
    for (let i = 0; i < (scenario.sessions === 'one' ? 1 : exports); i++) {
      const [username, n] = scenario.sessions === 'accounts' ? [PLAYERS[i % PLAYERS.length]!, 0] : [PLAYERS[0]!, i];
      tokens.push(await signIn(server.port, username, n));
    }
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

async function runFloodScenario(database: ThrowawayDatabase, options: ServerOptions): Promise<string> {
  const server = await startServer(database.serverEnv, options);
  try {
    const flooder = await signIn(server.port, PLAYERS[0]!, 0);
    const other = await signIn(server.port, PLAYERS[1]!, 0);
    const loadBefore = loadavg()[0]!;
    const outcome = await measureFlood(server.port, CSV_PATH, { flooder, other });
    return [
      `${FLOOD}: ${FLOOD_CONNECTIONS} connections of one account ask for a year-long CSV of Draw Details again at once, ` +
        `whatever the answer, for ${FLOOD_SECONDS} s; another account downloads the same`,
      ...floodReport(outcome),
      `  machine load average (1 min): ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`,
    ].join('\n');
  } finally {
    await server.stop();
  }
}

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
  lines.push(healthLine('idle         ', idle), healthLine('under exports', busy));
  // The machine's own load (other processes included): latencies mean little on a busy machine.
  lines.push(`  machine load average (1 min): ${load[0].toFixed(1)} at the start, ${load[1].toFixed(1)} at the end`);
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
  const exports = Number(values.exports);
  const scenarios = SCENARIOS.filter((s) => !values.only || s.name === values.only);
  const flood = !values.only || values.only === FLOOD;
  if (!Number.isInteger(exports) || exports < 1 || (scenarios.length === 0 && !flood)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }

  const serverOptions: ServerOptions = { profileDir: values.profile, root: values['server-root'] };
  process.stdout.write(`Loading a year of draws (${DRAWS} draws)...\n`);
  const loadStarted = performance.now();
  const database = await createDatabase(values.embedded, values.keep);
  process.stdout.write(`  ${database.label}, ready in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s\n\n`);
  try {
    for (const scenario of scenarios) {
      if (values.calm) await untilCalm(Number(values.calm));
      const outcome = await runScenario(scenario, database, exports, serverOptions);
      process.stdout.write(`${report(scenario, outcome)}\n\n`);
    }
    if (flood) {
      if (values.calm) await untilCalm(Number(values.calm));
      process.stdout.write(`${await runFloodScenario(database, serverOptions)}\n\n`);
    }
  } finally {
    await database.drop();
  }
  process.stdout.write(
    `Health: one GET /api/health every ${PROBE_INTERVAL_MS} ms from this process, each timed from send to last byte ` +
      '(nearest-rank percentiles); "idle" is the 3 s before the exports start, the flood\'s "alone" while the other ' +
      'account downloads on the otherwise idle server.\n',
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
      'server-root': { type: 'string' },
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
