import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server in a process of its own, as `npm start` runs it (production mode, warnings only,
 * nothing seeded unless `env` says so), for the load scripts: they measure it from outside.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BenchServer {
  port: number;
  origin: string;
  /** The server's process id (the load scripts read its memory). */
  pid: number;
  /** SIGTERM, then SIGKILL after 15 s; resolves once the process is gone. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the server on a free port with `env` over the defaults and resolves once `/api/health`
 * answers 200. `nodeArgs`: Node.js flags for it (e.g. `--cpu-prof`); `root`: another checkout's
 * folder to run the server of (a revision extracted with `git archive`, for before and after).
 */
export async function startBenchServer(
  env: Record<string, string>,
  options: { nodeArgs?: string[]; startSeconds?: number; root?: string } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/server.ts'],
    {
      cwd: options.root ?? ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SEED_ON_EMPTY: '0',
        // A backup at start would run beside what is measured.
        BACKUP_DAILY: '0',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const startSeconds = options.startSeconds ?? 120;
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server stopped at start:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer within ${startSeconds} s:\n${stderr}`);
    }
    const healthy = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (healthy) break;
    await sleep(250);
  }
  return {
    port,
    origin,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
