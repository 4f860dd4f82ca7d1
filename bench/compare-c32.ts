import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { openDatabase } from '../apps/server/src/db/client.js';
import { istDay } from '../apps/server/src/lib/dates.js';
import { benchCases, caseLabel, NAMED_ACCOUNTS } from './cases.js';
import { formatProfile, summarizeProfile } from './cpu-profile.js';
import { createAgent, get, median, type PhaseResult, runPhase, summarize, type Target } from './load.js';
import { type BenchServer, startBenchServer } from './server-process.js';
import { accountIds, Sessions } from './sessions.js';

/**
 * `npx tsx bench/compare.ts <revision> --c32`: the server of <revision> and the working tree's,
 * each started as `npm start` does (production mode, one process, pool of 10, REPORTS_PER_ACCOUNT=32
 * so that one account's 32 clients are never refused) on the bench database, measured from this
 * process in alternating rounds so that both see the same load:
 *
 * - first, both answers of each case, uncompressed and through gzip, must be the same bytes;
 * - c=32: 32 clients in a closed loop, `rounds` rounds of 320 requests a side (the side that goes
 *   first alternates), after 5 warm-up requests per client; requests a second over all rounds, and
 *   the server process's CPU time (user + system, /proc/<pid>/stat) over its requests;
 * - c=1: rounds of 5 requests a side, and 5 calls of the same work as bare SQL between them (the
 *   case's query functions on a pool of this process); overhead = c=1 p50 - bare SQL p50.
 *
 * `cpuProfileDir`: both servers run with `--cpu-prof`, and the profile of each (from the end of
 * the warm-up to the end) is summarised per request: run it with one case (`--only`).
 */
export interface C32Options {
  revision: string;
  /** Folder the revision was extracted to (its apps/server, packages and linked node_modules). */
  root: string;
  url: string;
  only?: RegExp;
  rounds: number;
  cpuProfileDir?: string;
}

const CLIENTS = 32;
/** Clock ticks a second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;
const C32_ROUND = 320;
const C1_ROUND = 5;
const C1_ROUNDS = 12;

interface Side {
  name: 'before' | 'after';
  server: BenchServer;
  sessions: Sessions;
  startedAt: number;
  profileDir?: string;
  /** Requests sent after the warm-up (for the profile's per-request figures). */
  measured: number;
  measureFrom?: number;
}

/** CPU time the process has used so far (user + system, all its threads), milliseconds; NaN off Linux. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

async function startSide(name: Side['name'], options: C32Options, root?: string): Promise<Side> {
  const profileDir = options.cpuProfileDir ? path.join(options.cpuProfileDir, name) : undefined;
  const startedAt = performance.now();
  const server = await startBenchServer(
    { DATABASE_URL: options.url, DEMO_FEED: '0', WEB_CONCURRENCY: '1', REPORTS_PER_ACCOUNT: String(CLIENTS) },
    { root, nodeArgs: profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [] },
  );
  return { name, server, sessions: new Sessions(server.port), startedAt, profileDir, measured: 0 };
}

export async function compareAtC32(options: C32Options): Promise<void> {
  const before = await startSide('before', options, options.root);
  const after = await startSide('after', options);
  const sides = [before, after];
  const database = await openDatabase({ databaseUrl: options.url, poolSize: 4 });
  const agent = createAgent(CLIENTS);
  try {
    const ctx = { today: istDay(new Date()), ids: await accountIds(database.db, NAMED_ACCOUNTS) };
    process.stdout.write(
      `before = ${options.revision}, after = working tree; load average at start ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );
    const rows: string[] = [];
    for (const c of benchCases().filter((c) => !options.only || options.only.test(caseLabel(c)))) {
      const pathAndQuery = `/api/playrep${c.path(ctx)}`;
      const target = async (side: Side): Promise<Target> => ({
        port: side.server.port,
        path: pathAndQuery,
        token: await side.sessions.token(c.user),
        gzip: true,
      });

      // The same bytes from both, uncompressed and through gzip.
      const plain = await Promise.all(sides.map(async (side) => get(agent, { ...(await target(side)), gzip: false })));
      const zipped = await Promise.all(sides.map(async (side) => get(agent, await target(side))));
      for (const res of [...plain, ...zipped]) {
        if (res.status !== 200) throw new Error(`${caseLabel(c)}: ${res.status} ${res.body.toString('utf8', 0, 200)}`);
      }
      const unzip = (res: (typeof zipped)[number]) =>
        res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body;
      const same =
        plain[0]!.body.equals(plain[1]!.body) &&
        unzip(zipped[0]!).equals(unzip(zipped[1]!)) &&
        unzip(zipped[0]!).equals(plain[0]!.body) &&
        plain[0]!.headers['content-type'] === plain[1]!.headers['content-type'];
      if (!same) throw new Error(`${caseLabel(c)}: the two revisions answer different bytes`);

      for (const side of sides) {
        await runPhase(agent, await target(side), { concurrency: CLIENTS, requests: 0, maxSeconds: 60, warmupPerClient: 5 });
        side.measureFrom ??= performance.now();
      }

      const c32 = { before: [] as PhaseResult[], after: [] as PhaseResult[] };
      const serverCpu = { before: 0, after: 0 };
      for (let round = 0; round < options.rounds; round++) {
        for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
          const phase = { concurrency: CLIENTS, requests: C32_ROUND, maxSeconds: 60, warmupPerClient: 0 };
          const t = await target(side);
          const cpuBefore = cpuMs(side.server.pid);
          const result = await runPhase(agent, t, phase);
          serverCpu[side.name] += cpuMs(side.server.pid) - cpuBefore;
          if (result.errors > 0) throw new Error(`${caseLabel(c)} (${side.name}): ${result.firstError}`);
          c32[side.name].push(result);
          side.measured += result.latencies.length;
        }
      }
      const c1 = { before: [] as number[], after: [] as number[] };
      const bare: number[] = [];
      for (let round = 0; round < C1_ROUNDS; round++) {
        for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
          const phase = { concurrency: 1, requests: C1_ROUND, maxSeconds: 60, warmupPerClient: round === 0 ? 2 : 0 };
          const result = await runPhase(agent, await target(side), phase);
          if (result.errors > 0) throw new Error(`${caseLabel(c)} (${side.name}): ${result.firstError}`);
          c1[side.name].push(...result.latencies);
          side.measured += result.latencies.length + phase.warmupPerClient;
        }
        for (let i = 0; i < C1_ROUND; i++) {
          const started = performance.now();
          await c.bare(database.db, ctx);
          bare.push(performance.now() - started);
        }
      }

      const rate = (results: PhaseResult[]) =>
        results.reduce((n, r) => n + r.latencies.length, 0) / results.reduce((s, r) => s + r.seconds, 0);
      const p50 = (results: PhaseResult[]) =>
        summarize({ concurrency: CLIENTS, latencies: results.flatMap((r) => r.latencies), seconds: 1, errors: 0, bytes: 0 }).p50;
      const cpuPerRequest = (name: Side['name']) => serverCpu[name] / c32[name].reduce((n, r) => n + r.latencies.length, 0);
      const rb = rate(c32.before);
      const ra = rate(c32.after);
      const c1b = median(c1.before);
      const c1a = median(c1.after);
      const bareMs = median(bare);
      rows.push(
        `| ${caseLabel(c).padEnd(44)} | ${rb.toFixed(0).padStart(6)} | ${ra.toFixed(0).padStart(6)} | x${(ra / rb).toFixed(2)} ` +
          `| ${cpuPerRequest('before').toFixed(2).padStart(5)} | ${cpuPerRequest('after').toFixed(2).padStart(5)} ` +
          `| ${p50(c32.before).toFixed(1).padStart(6)} | ${p50(c32.after).toFixed(1).padStart(6)} ` +
          `| ${bareMs.toFixed(2).padStart(6)} | ${c1b.toFixed(2).padStart(6)} | ${c1a.toFixed(2).padStart(6)} ` +
          `| ${(c1b - bareMs).toFixed(2).padStart(6)} | ${(c1a - bareMs).toFixed(2).padStart(6)} |`,
      );
      process.stderr.write(`${caseLabel(c)}: ${rb.toFixed(0)} -> ${ra.toFixed(0)} req/s at c=32\n`);
    }
    process.stdout.write(
      `\nc=32: ${options.rounds} rounds of ${C32_ROUND} requests a side; c=1: ${C1_ROUNDS * C1_ROUND} requests a side (p50 ms); ` +
        `bare SQL p50 of ${C1_ROUNDS * C1_ROUND} calls; answers compared byte for byte: equal\n\n` +
        '| case                                         | req/s before | req/s after | ratio | server CPU ms a request before | after ' +
        '| c=32 p50 before | after | bare SQL | c=1 p50 before | after | overhead before | after |\n' +
        `|${'-'.repeat(46)}|${'------:|'.repeat(12)}\n` +
        `${rows.join('\n')}\n`,
    );
    process.stdout.write(
      `load average at the end ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );
  } finally {
    agent.destroy();
    await database.close();
    for (const side of sides) await side.server.stop();
  }
  for (const side of sides) {
    if (!side.profileDir || !existsSync(side.profileDir) || side.measureFrom === undefined) continue;
    const file = readdirSync(side.profileDir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) continue;
    const summary = summarizeProfile(path.join(side.profileDir, file), side.measureFrom - side.startedAt);
    process.stdout.write(
      `\nCPU profile of ${side.name} (${path.join(side.profileDir, file)}):\n${formatProfile(summary, side.measured)}\n`,
    );
  }
}
