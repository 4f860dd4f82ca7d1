import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e/artifacts');

export interface RunningServer {
  url: string;
  /** A live feed key of the server (named "e2e"), for posting to /api/feed/v1 as a platform does. */
  feedKey: string;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the OS picks it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

/**
 * A feed key made the way an operator makes one, `npm run feeds -- create e2e`, in the folder before
 * the server opens it (the embedded database is one process's: the command cannot while the server
 * runs). Its last line of output is the key.
 */
async function createFeedKey(env: NodeJS.ProcessEnv): Promise<string> {
  const args = ['--import', 'tsx', 'apps/server/src/modules/feed/cli.ts', 'create', 'e2e'];
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, args, { cwd: REPO_ROOT, env }, (err, out, errOut) =>
      err ? reject(new Error(`npm run feeds -- create e2e failed: ${errOut || err.message}`)) : resolve(out),
    ),
  );
  return stdout.trim().split('\n').at(-1)!;
}

/**
 * Starts the real server the way `npm start` does (tsx, embedded database in a fresh temporary
 * folder, the small demo network seeded by the server itself) and waits until /api/health answers.
 * It serves the web app built by `npm run build` (the root `npm test` builds it first). Its data
 * does not move by itself (DEMO_FEED=0): the tests compare screens with figures read a moment
 * before. A feed key is made first (createFeedKey) for the tests that post to the feed.
 */
export async function startServer(options: { startTimeoutMs?: number; name?: string } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'playrep-e2e-'));
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const logFile = path.join(ARTIFACTS_DIR, `${options.name ?? 'server'}.log`);
  const log = createWriteStream(logFile);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_ON_EMPTY: '1',
    SEED: '42',
    LOG_LEVEL: 'warn',
    DEMO_FEED: '0',
    // No backup at start: nothing else on the machine while the browser drives the screens.
    BACKUP_DAILY: '0',
  };
  // The browser tests always run on the embedded database, whatever the caller's environment says.
  delete env.DATABASE_URL;
  const feedKey = await createFeedKey(env);

  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 240_000);
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      await stop();
      throw new Error(`The server exited (code ${exitCode}) before it was ready. Its output (${logFile}):\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return { url, feedKey, dataDir, logFile, stop };
    } catch {
      // Not listening yet: it migrates and seeds first.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The server did not answer /api/health within the time limit. Its output (${logFile}):\n${tail(logFile)}`);
}
