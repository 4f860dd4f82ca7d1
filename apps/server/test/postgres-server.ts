import { execFile, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * PostgreSQL servers of a test's own, made on this machine with the PostgreSQL 15 binaries: a
 * throwaway instance (initdb into a temporary folder, a free port) that the test may stop and
 * start, and the helpers the test replicas (replica.ts) share with it. When this process is root,
 * the `postgres` system user owns and runs them (PostgreSQL refuses to run as root).
 */
const run = promisify(execFile);

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * Why a server of the test's own cannot be made here (`binary` is the one it needs), or null when
 * it can. Like every PostgreSQL test, these run only when TEST_DATABASE_URL is set.
 */
export function ownServerUnavailable(binary: string): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set';
  if (!existsSync(path.join(PG_BIN, binary))) return `no PostgreSQL 15 binaries in ${PG_BIN}`;
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'no postgres system user';
  return null;
}

/** Runs a PostgreSQL binary as the postgres user when this process is root. */
export async function asPostgres(binary: string, args: string[]): Promise<string> {
  const command = path.join(PG_BIN, binary);
  const { stdout } =
    process.getuid?.() === 0 ? await run('runuser', ['-u', 'postgres', '--', command, ...args]) : await run(command, args);
  return stdout;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A new temporary folder (mode 700) owned by whoever runs the PostgreSQL binaries; `own` gives them a file in it. */
export function serverFolder(prefix: string): { dir: string; own(file: string): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const owner =
    process.getuid?.() === 0
      ? {
          uid: Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim()),
          gid: Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim()),
        }
      : null;
  const own = (file: string) => {
    if (owner) chownSync(file, owner.uid, owner.gid);
  };
  own(dir);
  chmodSync(dir, 0o700);
  return { dir, own };
}

export interface PostgresServer {
  /** Connection string of its `postgres` database, as the superuser `postgres` (trusted). */
  url: string;
  /** Starts it (again) and waits until it accepts connections. */
  start(): Promise<void>;
  /**
   * Stops it and waits until it is down: `fast` rolls back open transactions and closes the
   * connections cleanly; `immediate` kills every backend at once, as a crash would (recovery at
   * the next start).
   */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Whether it is up (it accepts connections). */
  running(): Promise<boolean>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

/** A new, started PostgreSQL server of the caller's own, trusting connections from 127.0.0.1. */
export async function createPostgresServer(): Promise<PostgresServer> {
  const port = await freePort();
  const { dir } = serverFolder('playrep-pg-');
  const dataDir = path.join(dir, 'data');
  await asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '--encoding=UTF8', '--locale=C']);
  // A test server: nothing needs to survive a crash of the machine.
  appendFileSync(path.join(dataDir, 'postgresql.conf'), 'fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n');

  const ctl = (args: string[]) =>
    asPostgres('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', ...args]);
  const server: PostgresServer = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      await ctl(['-o', `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir}`, 'start']);
    },
    stop: async (mode = 'fast') => {
      await ctl(['-m', mode, 'stop']).catch(() => undefined);
    },
    running: async () => {
      const status = await ctl(['status']).catch(() => '');
      return status.includes('server is running');
    },
    remove: async () => {
      await server.stop('immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await server.start();
  } catch (error) {
    await server.remove();
    throw error;
  }
  return server;
}
