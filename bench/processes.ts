import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { istDay } from '../apps/server/src/lib/dates.js';
import { type BenchCase, type BenchContext, caseLabel } from './cases.js';
import { createAgent, get, type Phase, runPhase, type Summary, summarize } from './load.js';
import { Sessions } from './sessions.js';

/**
 * The c=32 phase against the real server started as `npm start` starts it, once with one server
 * process and once with two (WEB_CONCURRENCY=2), both running side by side on the same
 * database: each case is measured on the one, then at once on the other, so that both see the
 * same load of the machine. The load generator runs in this process, on the same cores.
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Server {
  processes: number;
  child: ChildProcess;
  port: number;
  sessions: Sessions;
}

async function startServer(url: string, processes: number): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: '0',
      DEMO_FEED: '0',
      WEB_CONCURRENCY: String(processes),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /running at http:\/\/[^:\s]+:(\d+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the server stopped (exit code ${code}):\n${output}`)));
  });
  return { processes, child, port, sessions: new Sessions(port) };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.on('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

export interface ProcessesResult {
  label: string;
  byProcesses: { processes: number; summary: Summary; errors: number }[];
}

export async function compareProcesses(
  url: string,
  cases: readonly BenchCase[],
  ctx: Omit<BenchContext, 'today'>,
  phase: Phase,
  gzip: boolean,
): Promise<ProcessesResult[]> {
  const servers: Server[] = [];
  try {
    for (const processes of [1, 2]) servers.push(await startServer(url, processes));
    const fullCtx: BenchContext = { ...ctx, today: istDay(new Date()) };
    const agent = createAgent(64);
    const results: ProcessesResult[] = [];
    for (const [i, c] of cases.entries()) {
      const result: ProcessesResult = { label: caseLabel(c), byProcesses: [] };
      for (const server of servers) {
        const target = {
          port: server.port,
          path: `/api/playrep${c.path(fullCtx)}`,
          token: await server.sessions.token(c.user),
          gzip,
        };
        const first = await get(agent, target);
        const run = await runPhase(agent, target, phase);
        result.byProcesses.push({
          processes: server.processes,
          summary: summarize(run),
          errors: run.errors + (first.status === 200 ? 0 : 1),
        });
      }
      const [one, two] = result.byProcesses;
      process.stderr.write(
        `[${String(i + 1).padStart(2)}/${cases.length}] ${result.label}: ${one!.summary.reqPerSec.toFixed(0)} req/s with 1 process, ` +
          `${two!.summary.reqPerSec.toFixed(0)} with 2\n`,
      );
      results.push(result);
    }
    agent.destroy();
    return results;
  } finally {
    for (const server of servers) await stopServer(server);
  }
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(1) : value.toFixed(0));

export function formatProcesses(results: readonly ProcessesResult[]): string {
  const header = [
    'case (c=32)',
    '1 proc req/s',
    '1 proc p50',
    '1 proc p95',
    '2 proc req/s',
    '2 proc p50',
    '2 proc p95',
    'req/s 2 / 1',
  ];
  const rows = results.map((r) => {
    const [one, two] = r.byProcesses as [ProcessesResult['byProcesses'][number], ProcessesResult['byProcesses'][number]];
    const cells = (x: typeof one) =>
      x.errors > 0 ? ['ERROR', '', ''] : [x.summary.reqPerSec.toFixed(0), ms(x.summary.p50), ms(x.summary.p95)];
    return [r.label, ...cells(one), ...cells(two), `x${(two.summary.reqPerSec / one.summary.reqPerSec).toFixed(2)}`];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i > 0 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i > 0 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
