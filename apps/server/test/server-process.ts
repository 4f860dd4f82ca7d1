import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** server.ts run as `npm start` runs it, as a child process of the test. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  /** The exit code (null after a signal). */
  exited: Promise<number | null>;
  /** The address from the start-up banner, once printed. */
  url: () => string | null;
}

/** Starts server.ts with production settings, no demo load and no daily backup, on a free port unless `env` says otherwise. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: '0',
      BACKUP_DAILY: '0',
      DATABASE_URL: '',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = () => /running at (http:\/\/\S+)/.exec(stdout)?.[1] ?? null;
  return { child, output: () => ({ stdout, stderr }), exited, url };
}

export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
