/**
 * npm run bench [-- --quick] [-- --only <pattern>] [--allow-small] [--json <file>] [--no-gzip]
 *               [--scale-only | --no-scale] [--processes] [--sizes [--end-of-day]]
 *
 * Latency of the report endpoints (transfers, draws, money and network reports) on the large demo
 * network in PostgreSQL: the real app in this process on an ephemeral port, signed in as the demo
 * accounts, each endpoint at 1 and at 32 concurrent clients, and the same work as bare SQL (the
 * module's query functions on the same pool); then the scale table (scale.ts) over the small,
 * medium, large and xlarge networks. --processes instead runs the c=32 phase against the real server
 * with one and with two processes (processes.ts); --sizes instead measures every report through
 * HTTP at c=1 on medium, large and xlarge at once (sizes.ts). See bench/README.md.
 */
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { readEnv } from '../apps/server/src/config/env.js';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client.js';
import { istDay } from '../apps/server/src/lib/dates.js';
import { ensureActivityEntries } from './activity-entries.js';
import { type BenchUser, benchCases, caseLabel, NAMED_ACCOUNTS } from './cases.js';
import { BenchRefusal, formatFacts, readDbFacts, tooSmall } from './db-facts.js';
import { createAgent, get, type Phase, runPhase, summarize, type Target } from './load.js';
import { compareProcesses, formatProcesses } from './processes.js';
import { type Scale, scaleTable, timeBare } from './scale.js';
import { accountIds, Sessions } from './sessions.js';
import { SIZES_FULL, SIZES_QUICK, sizesTable } from './sizes.js';
import { type CaseResult, formatTable } from './table.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/playrep_bench';
const DEFAULT_SCALE_URL = (scale: Scale) => `postgres://postgres@127.0.0.1:5432/playrep_bench_${scale}`;
const DEFAULT_XLARGE_URL = DEFAULT_SCALE_URL('xlarge');
const POOL_SIZE = 40;

const USAGE = `Usage: npm run bench -- [--quick] [--only <pattern>] [--allow-small] [--json <file>] [--no-gzip]

  --quick        fewer requests per case (a rough figure in a few minutes)
  --only         run the cases whose "endpoint user note" matches this regular expression
                 (case-insensitive), e.g. --only 'revenue' or --only 'dailystatus superadmin'
  --allow-small  run on a database smaller than the large network (figures then mean little)
  --json         also write every figure (p99 and max included) to this file
  --no-gzip      do not ask for gzip bodies (a browser does ask)
  --scale-only   only the scale table (bare SQL of the superadmin's whole-network reports on
                 the small, medium, large and xlarge networks)
  --no-scale     leave the scale table out
  --processes    instead of the table: the c=32 phase against the real server with one and with
                 two server processes (WEB_CONCURRENCY=2), side by side
  --sizes        instead of the table: every report through HTTP at c=1 on the medium, large and
                 xlarge networks at once, in alternating rounds, p50 / p95 and the ratios
                 (--quick and --only apply; --no-gzip too)
  --end-of-day   with --sizes: the apps' clock fixed at yesterday 23:59 IST, the day's plays all in

Database: BENCH_DATABASE_URL (default ${DEFAULT_URL}), the large network (or the xlarge one).
The scale table and --sizes also read BENCH_SMALL_DATABASE_URL, BENCH_MEDIUM_DATABASE_URL and
BENCH_XLARGE_DATABASE_URL (default ${DEFAULT_SCALE_URL('small')}, ..._medium and ..._xlarge);
their large network is BENCH_DATABASE_URL unless that is the xlarge one (then ${DEFAULT_URL}).
A database that is missing is left out with the reason.`;

interface Settings {
  c1: Phase;
  c32: Phase;
  bareRuns: number;
  bareMaxSeconds: number;
}

const FULL: Settings = {
  c1: { concurrency: 1, requests: 200, maxSeconds: 15, warmupPerClient: 5 },
  c32: { concurrency: 32, requests: 1200, maxSeconds: 20, warmupPerClient: 2 },
  bareRuns: 21,
  bareMaxSeconds: 10,
};
const QUICK: Settings = {
  c1: { concurrency: 1, requests: 40, maxSeconds: 5, warmupPerClient: 2 },
  c32: { concurrency: 32, requests: 320, maxSeconds: 8, warmupPerClient: 1 },
  bareRuns: 7,
  bareMaxSeconds: 4,
};

function readOptions() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: true,
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      'allow-small': { type: 'boolean', default: false },
      json: { type: 'string' },
      'no-gzip': { type: 'boolean', default: false },
      'scale-only': { type: 'boolean', default: false },
      'no-scale': { type: 'boolean', default: false },
      processes: { type: 'boolean', default: false },
      sizes: { type: 'boolean', default: false },
      'end-of-day': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return values;
}

async function main(): Promise<number> {
  let options: ReturnType<typeof readOptions>;
  try {
    options = readOptions();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const settings = options.quick ? QUICK : FULL;
  let only: RegExp | undefined;
  try {
    only = options.only ? new RegExp(options.only, 'i') : undefined;
  } catch (error) {
    process.stderr.write(`--only: ${(error as Error).message}\n`);
    return 2;
  }
  const cases = benchCases().filter((c) => !only || only.test(caseLabel(c)));
  if (cases.length === 0 && !options.sizes) {
    process.stderr.write(`No case matches --only ${options.only}\n`);
    return 2;
  }

  const url = process.env.BENCH_DATABASE_URL || DEFAULT_URL;
  const xlargeUrl = process.env.BENCH_XLARGE_DATABASE_URL || DEFAULT_XLARGE_URL;
  const scaleUrls: Record<Scale, string> = {
    small: process.env.BENCH_SMALL_DATABASE_URL || DEFAULT_SCALE_URL('small'),
    medium: process.env.BENCH_MEDIUM_DATABASE_URL || DEFAULT_SCALE_URL('medium'),
    // When the bench itself runs on the xlarge network, the tables' large one is the default.
    large: url === xlargeUrl ? DEFAULT_URL : url,
    xlarge: xlargeUrl,
  };
  const printScale = async () => {
    process.stdout.write(`\nScale table\n\n${await scaleTable(scaleUrls, settings.bareRuns)}\n`);
  };
  if (options['end-of-day'] && !options.sizes) {
    process.stderr.write('--end-of-day goes with --sizes\n');
    return 2;
  }
  if (options.sizes) {
    const { text, errors } = await sizesTable(
      { medium: scaleUrls.medium, large: scaleUrls.large, xlarge: scaleUrls.xlarge },
      options.quick ? SIZES_QUICK : SIZES_FULL,
      { at: options['end-of-day'] ? 'end-of-day' : 'now', gzip: !options['no-gzip'], ...(only ? { only } : {}) },
    );
    process.stdout.write(`\n${text}\n`);
    return errors > 0 ? 1 : 0;
  }
  if (options['scale-only']) {
    await printScale();
    return 0;
  }
  // One account makes all 32 calls of the c=32 phase: its limit of reports in flight (429 beyond)
  // is raised to that, or the phase would measure the limit rather than the reports.
  // Production, as `npm start` runs it: outside production zod also serialises every answer to check it.
  const env = readEnv({
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: '0',
    REPORTS_PER_ACCOUNT: '32',
    NODE_ENV: 'production',
  });
  const database = await openDatabase({ databaseUrl: url, poolSize: POOL_SIZE });
  let app: FastifyInstance | undefined;
  try {
    // As the server does at start: a database seeded by an older revision gets the newer migrations.
    await migrateDatabase(database);
    const added = await ensureActivityEntries(database.db);
    if (added > 0) process.stdout.write(`Activity: ${added} entries added for the Activity screen's case\n`);
    const facts = await readDbFacts(database.db, url);
    const small = tooSmall(facts);
    process.stdout.write(`${formatFacts(facts)}\n`);
    if (small.length > 0 && !options['allow-small']) {
      throw new BenchRefusal(
        `This is not the large network: ${small.join(', ')}.\n` +
          `Seed a fresh database with --scale large (see bench/README.md), or pass --allow-small.`,
      );
    }
    if (facts.closedWeeks === 0) {
      throw new BenchRefusal(
        `No settlement week is closed, so revenue would be computed live for every week.\n  DATABASE_URL=${url} npm run settle`,
      );
    }

    const ctx = { today: istDay(new Date()), ids: await accountIds(database.db, NAMED_ACCOUNTS) };
    const gzip = !options['no-gzip'];
    if (options.processes) {
      process.stdout.write(
        `${cases.length} case(s): c=32 up to ${settings.c32.requests} requests / ${settings.c32.maxSeconds} s against the server ` +
          `with 1 and with 2 processes (WEB_CONCURRENCY), pool of 10 per process, gzip ${gzip ? 'on' : 'off'}\n\n`,
      );
      const compared = await compareProcesses(url, cases, ctx, settings.c32, gzip);
      process.stdout.write(`\n${formatProcesses(compared)}\n`);
      return compared.some((r) => r.byProcesses.some((p) => p.errors > 0)) ? 1 : 0;
    }
    app = await buildApp({ database, env, webDist: null });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    const sessions = new Sessions(port);
    const users = [...new Set(cases.map((c) => c.user))] as BenchUser[];
    for (const user of users) await sessions.token(user);

    const agent = createAgent(64);
    process.stdout.write(
      `${cases.length} case(s), ${options.quick ? 'quick' : 'full'}: c=1 up to ${settings.c1.requests} requests / ${settings.c1.maxSeconds} s, ` +
        `c=32 up to ${settings.c32.requests} / ${settings.c32.maxSeconds} s, bare SQL median of ${settings.bareRuns}; ` +
        `pool ${POOL_SIZE}, gzip ${gzip ? 'on' : 'off'}, today ${ctx.today} IST\n\n`,
    );

    const results: CaseResult[] = [];
    for (const [i, c] of cases.entries()) {
      const target: Target = { port, path: `/api/playrep${c.path(ctx)}`, token: await sessions.token(c.user), gzip };
      const first = await get(agent, target);
      const label = caseLabel(c);
      if (first.status !== 200) {
        process.stderr.write(`  ${label}: ${first.status} ${first.body.toString('utf8', 0, 300)}\n`);
      }
      const c1 = await runPhase(agent, target, settings.c1);
      const c32 = await runPhase(agent, target, settings.c32);
      const bareMs = await timeBare(c, database, ctx, settings.bareRuns, settings.bareMaxSeconds);
      const s1 = summarize(c1);
      const s32 = summarize(c32);
      const recorded = c1.latencies.length + c32.latencies.length;
      const result: CaseResult = {
        endpoint: c.endpoint,
        subject: `${c.user}${c.note ? `, ${c.note}` : ''}`,
        aim: c.aim,
        c1: s1,
        c32: s32,
        bareMs,
        errors: c1.errors + c32.errors + (first.status === 200 ? 0 : 1),
        meanBytes: recorded > 0 ? (c1.bytes + c32.bytes) / recorded : 0,
      };
      const firstError = first.status !== 200 ? `${first.status}` : (c1.firstError ?? c32.firstError);
      if (firstError) result.firstError = firstError;
      results.push(result);
      process.stderr.write(
        `[${String(i + 1).padStart(2)}/${cases.length}] ${label}: c=1 p95 ${s1.p95.toFixed(1)} ms (n ${s1.n}), ` +
          `c=32 p95 ${s32.p95.toFixed(1)} ms (n ${s32.n}, ${s32.reqPerSec.toFixed(0)}/s), bare ${bareMs.toFixed(1)} ms` +
          `${result.errors ? `, ${result.errors} error(s): ${result.firstError}` : ''}\n`,
      );
    }
    agent.destroy();

    process.stdout.write(`\n${formatTable(results)}\n\n`);
    process.stdout.write(
      'Latencies in ms, measured by the client from send to the last body byte (nearest-rank percentiles); ' +
        'bare SQL = median of the same query functions called on the pool. ' +
        'c=1 / c=32: p95 under the aim at that concurrency. * the Revenue aim applied to the other money reports.\n',
    );
    if (!options['no-scale'] && !only) await printScale();
    if (options.json) {
      writeFileSync(options.json, `${JSON.stringify({ at: new Date().toISOString(), facts, settings, results }, null, 2)}\n`);
      process.stdout.write(`Figures written to ${options.json}\n`);
    }
    return results.some((r) => r.errors > 0) ? 1 : 0;
  } catch (error) {
    if (!(error instanceof BenchRefusal)) throw error;
    process.stderr.write(`Refusing to run the bench: ${error.message}\n`);
    return 2;
  } finally {
    await app?.close();
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`Bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
