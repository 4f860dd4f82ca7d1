/**
 * npx tsx bench/compare.ts <git revision> [--only <pattern>] [--requests N] [--sign-in]
 * npx tsx bench/compare.ts <git revision> --c32 [--only <pattern>] [--rounds N] [--cpu-prof <folder>]
 *
 * With --c32, see compareAtC32 (bench/compare-c32.ts): both revisions' servers in processes of
 * their own, requests a second at c=32 and the overhead above the bare SQL at c=1.
 *
 * With --sign-in, POST /api/auth/login as master1 instead of the report cases (each request from
 * an address of its own, given in X-Forwarded-For to both apps, so that the sign-in throttle never
 * answers: what is measured is a sign-in that succeeds, with all it writes).
 *
 * Before/after in one run: the app as of <revision> and the app of the working tree, both in
 * this process on the bench database, each report call of the scale table (bench/sizes-cases.ts) measured at c=1 in alternating rounds of 5
 * requests, so that both see the same load on a shared machine. The revision's apps/server and
 * packages are extracted with `git archive` into a temporary folder (node_modules linked from
 * here); the database must suit both (run it against the newer schema: older code ignores new
 * tables).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { readEnv } from '../apps/server/src/config/env.js';
import { type Database, openDatabase } from '../apps/server/src/db/client.js';
import { DEMO_PASSWORD } from '../apps/server/src/demo/network.js';
import { istDay } from '../apps/server/src/lib/dates.js';
import { NAMED_ACCOUNTS } from './cases.js';
import { compareAtC32 } from './compare-c32.js';
import { createAgent, runPhase, type Summary, summarize } from './load.js';
import { accountIds, Sessions } from './sessions.js';
import { memberAndCafe, type SizesContext, sizeCaseLabel, sizeCases } from './sizes-cases.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/playrep_bench';
const ROUND = 5;

interface Side {
  database: Database;
  app: FastifyInstance;
  port: number;
  sessions: Sessions;
}

/** One side's app: its own revision's buildApp, openDatabase and readEnv (the settings' shape changes). */
interface Revision {
  buildApp: typeof buildApp;
  openDatabase: typeof openDatabase;
  readEnv: typeof readEnv;
}

async function start(revision: Revision, url: string): Promise<Side> {
  const database = await revision.openDatabase({ databaseUrl: url, poolSize: 12 });
  const app = await revision.buildApp({
    database,
    // Production, as `npm start` runs it: outside production zod also serialises every answer to check it.
    env: revision.readEnv({
      DATABASE_URL: url,
      LOG_LEVEL: 'silent',
      SEED_ON_EMPTY: '0',
      TRUST_PROXY: '127.0.0.1',
      NODE_ENV: 'production',
    }),
    webDist: null,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  return { database, app, port, sessions: new Sessions(port) };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      only: { type: 'string' },
      requests: { type: 'string', default: '30' },
      'sign-in': { type: 'boolean' },
      c32: { type: 'boolean' },
      rounds: { type: 'string', default: '6' },
      'cpu-prof': { type: 'string' },
    },
  });
  const revision = positionals[0];
  if (!revision) throw new Error('Usage: npx tsx bench/compare.ts <git revision> [--only <pattern>] [--requests N]');
  const only = values.only ? new RegExp(values.only, 'i') : undefined;
  const rounds = Math.max(1, Math.round(Number(values.requests) / ROUND));
  const url = process.env.BENCH_DATABASE_URL || DEFAULT_URL;

  const dir = mkdtempSync(path.join(tmpdir(), 'playrep-compare-'));
  try {
    const archive = execFileSync('git', ['archive', revision, 'apps/server', 'packages'], { cwd: ROOT, maxBuffer: 1 << 28 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    // The installed packages, but the revision's own workspace packages (its contracts).
    mkdirSync(path.join(dir, 'node_modules', '@playrep'), { recursive: true });
    for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
      if (entry !== '@playrep') symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(dir, 'node_modules', entry));
    }
    for (const entry of readdirSync(path.join(ROOT, 'node_modules', '@playrep'))) {
      const own = path.join(dir, 'packages', entry);
      const target = existsSync(own) ? own : path.join(ROOT, 'node_modules', '@playrep', entry);
      symlinkSync(target, path.join(dir, 'node_modules', '@playrep', entry));
    }
    // Versions held back for Node 20 are installed under the server's own folder.
    const serverModules = path.join(ROOT, 'apps/server/node_modules');
    if (existsSync(serverModules)) symlinkSync(serverModules, path.join(dir, 'apps/server/node_modules'));
    if (values.c32) {
      await compareAtC32({
        revision,
        root: dir,
        url,
        only,
        rounds: Number(values.rounds),
        cpuProfileDir: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined,
      });
      return;
    }
    const load = async <T>(file: string) => (await import(pathToFileURL(path.join(dir, 'apps/server/src', file)).href)) as T;
    const old: Revision = {
      ...(await load<Pick<Revision, 'buildApp'>>('app.ts')),
      ...(await load<Pick<Revision, 'openDatabase'>>('db/client.ts')),
      ...(await load<Pick<Revision, 'readEnv'>>('config/env.ts')),
    };
    const before = await start(old, url);
    const after = await start({ buildApp, openDatabase, readEnv }, url);
    try {
      const ids = await accountIds(after.database.db, NAMED_ACCOUNTS);
      const ctx: SizesContext = { today: istDay(new Date()), ids, ...(await memberAndCafe(after.database.db, ids.master1!)) };
      const agent = createAgent(4);
      const phase = { concurrency: 1, requests: ROUND, maxSeconds: 60, warmupPerClient: 0 };
      const show = (s: Summary) => `${s.p50.toFixed(1).padStart(7)} / ${s.p95.toFixed(1).padStart(7)}`;
      if (values['sign-in']) {
        await compareSignIn(before, after, rounds, revision, show);
        return;
      }
      process.stdout.write(`c=1 p50 / p95 ms, ${rounds * ROUND} requests a side; before = ${revision}, after = working tree\n`);
      for (const c of sizeCases().filter((c) => !only || only.test(sizeCaseLabel(c)))) {
        const pathAndQuery = `/api/playrep${c.path(ctx)}`;
        const latencies = { before: [] as number[], after: [] as number[] };
        for (let round = -1; round < rounds; round++) {
          for (const [name, side] of [
            ['before', before],
            ['after', after],
          ] as const) {
            const target = { port: side.port, path: pathAndQuery, token: await side.sessions.token(c.user), gzip: true };
            const result = await runPhase(agent, target, phase);
            if (result.errors > 0) throw new Error(`${sizeCaseLabel(c)} (${name}): ${result.firstError}`);
            if (round >= 0) latencies[name].push(...result.latencies); // round -1 warms both up
          }
        }
        const summary = (values: number[]) => summarize({ concurrency: 1, latencies: values, seconds: 1, errors: 0, bytes: 0 });
        const b = summary(latencies.before);
        const a = summary(latencies.after);
        process.stdout.write(
          `${sizeCaseLabel(c).padEnd(46)} ${show(b)}  ->  ${show(a)}   p50 x${(b.p50 / a.p50).toFixed(1).padStart(5)}\n`,
        );
      }
      agent.destroy();
    } finally {
      for (const side of [before, after]) {
        await side.app.close();
        await side.database.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Sign-ins of master1, alternating rounds of ROUND on each side; every request from a new address. */
async function compareSignIn(before: Side, after: Side, rounds: number, revision: string, show: (s: Summary) => string) {
  let address = 0;
  const signIn = async (side: Side): Promise<number> => {
    address++;
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${side.port}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      },
      body: JSON.stringify({ username: 'master1', password: DEMO_PASSWORD }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
    return performance.now() - started;
  };
  const latencies = { before: [] as number[], after: [] as number[] };
  for (let round = -1; round < rounds; round++) {
    for (const [name, side] of [
      ['before', before],
      ['after', after],
    ] as const) {
      for (let i = 0; i < ROUND; i++) {
        const ms = await signIn(side);
        if (round >= 0) latencies[name].push(ms); // round -1 warms both up
      }
    }
  }
  const summary = (values: number[]) => summarize({ concurrency: 1, latencies: values, seconds: 1, errors: 0, bytes: 0 });
  const b = summary(latencies.before);
  const a = summary(latencies.after);
  process.stdout.write(`sign-in p50 / p95 ms, ${rounds * ROUND} a side; before = ${revision}, after = working tree
`);
  process.stdout.write(`POST /api/auth/login master1  ${show(b)}  ->  ${show(a)}   after - before p50 ${(a.p50 - b.p50).toFixed(1)} ms
`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
