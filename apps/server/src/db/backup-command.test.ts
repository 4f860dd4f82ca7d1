import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork } from '../../test/fixtures/network.js';
import { REPO_ROOT, startServerProcess, waitFor } from '../../test/server-process.js';
import { readEnv } from '../config/env.js';
import { backupCommand } from './backup-command.js';
import { BACKUP_STATUS_FILE, readBackupStatus, startBackups } from './backup-schedule.js';
import { listBackups, readBackup } from './backups.js';
import { type Database, migrateDatabase, openDatabase, queryRows } from './client.js';
import { LOCK_FILE } from './data-dir-lock.js';
import { restoreCommand } from './restore-command.js';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'playrep-backup-cmd-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A folder holding the test network's database (closed). */
async function networkFolder(): Promise<string> {
  const dataDir = path.join(freshDir(), 'data');
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await createNetwork(database.db);
  await database.close();
  return dataDir;
}

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, output: { out: (l: string) => void lines.out.push(l), err: (l: string) => void lines.err.push(l) } };
}

/** `npm run backup` / `npm run restore` as a process of its own. */
function runCli(
  cli: 'backup-cli.ts' | 'restore-cli.ts',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `apps/server/src/db/${cli}`, ...args],
      { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: '', BACKUP_DIR: '', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm run backup', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await networkFolder();
  });

  it('is for the embedded database only: on DATABASE_URL it points at PostgreSQL’s own tools', async () => {
    const { lines, output } = capture();
    expect(await backupCommand(readEnv({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u@127.0.0.1/x' }), output)).toBe(2);
    expect(lines.err).toEqual([
      'npm run backup copies the embedded database (DATA_DIR), but DATABASE_URL is set: back PostgreSQL up with pg_dump or base backups with WAL archiving (docs/deploy.md, "Backups").',
    ]);
  });

  it('says there is nothing to back up where there is no database, and creates nothing there', async () => {
    const empty = path.join(freshDir(), 'nothing-here');
    const result = await runCli('backup-cli.ts', [], { DATA_DIR: empty });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `There is no embedded database in ${empty}, so there is nothing to back up (DATA_DIR names its folder).`,
    );
    expect(existsSync(empty)).toBe(false);
  });

  it('makes the backup itself when no process has the folder open', async () => {
    const { lines, output } = capture();
    expect(await backupCommand(readEnv({ DATA_DIR: dataDir }), output)).toBe(0);
    const [file] = await listBackups(path.join(dataDir, 'backups'));
    expect(lines.out).toEqual([expect.stringMatching(/^Backup written \(\d+\.\d MB\): /)]);
    expect(lines.out[0]).toMatch(new RegExp(`: ${file}$`));
    expect((await readBackup(file!)).format).toBe(1);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('sends no signal to a process that holds the folder but takes no backup requests', async () => {
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(dataDir, LOCK_FILE), `${holder.pid}\n`);
      // A status file left by an earlier server, with another pid.
      mkdirSync(path.join(dataDir, 'backups'), { recursive: true });
      writeFileSync(path.join(dataDir, 'backups', BACKUP_STATUS_FILE), JSON.stringify({ pid: holder.pid! + 1, answered: 3 }));
      const { lines, output } = capture();
      expect(await backupCommand(readEnv({ DATA_DIR: dataDir }), output)).toBe(1);
      expect(lines.err).toEqual([
        `The embedded database in ${dataDir} is in use by process ${holder.pid}, which takes no backup requests: ` +
          'a server that is still starting (try again once it serves), a command such as npm run seed (wait for it to end), ' +
          `or a server whose BACKUP_DIR is not ${path.join(dataDir, 'backups')}.`,
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(isRunning(holder.pid!)).toBe(true);
    } finally {
      holder.kill('SIGKILL');
      rmSync(path.join(dataDir, LOCK_FILE), { force: true });
      rmSync(path.join(dataDir, 'backups', BACKUP_STATUS_FILE), { force: true });
    }
  });
});

describe('npm run backup asking a server', () => {
  it('tells when the server could not make the backup, and why', async () => {
    const dataDir = await networkFolder();
    const database = await openDatabase({ dataDir });
    // This process is the server here: it holds the folder and answers the signal.
    const failing: Database = {
      ...database,
      whileIdle: async () => {
        throw new Error('ENOSPC: no space left on device');
      },
    };
    const env = readEnv({ DATA_DIR: dataDir, BACKUP_DAILY: '0' });
    const backups = startBackups(failing, env, { info: () => {}, error: () => {} });
    try {
      await waitFor(() => readBackupStatus(path.join(dataDir, 'backups')) !== null, 'the status file');
      const { lines, output } = capture();
      expect(await backupCommand(env, output)).toBe(1);
      expect(lines.out).toEqual([`The server (process ${process.pid}) has the database open: it is making the backup...`]);
      expect(lines.err).toEqual(['The server could not make the backup: ENOSPC: no space left on device (its log says more).']);
      expect(await listBackups(path.join(dataDir, 'backups'))).toEqual([]);
    } finally {
      await backups.stop();
      await database.close();
    }
  });

  it('asks the server process, whose backup holds what was written before asking; restore waits for it to stop', async () => {
    const dataDir = await networkFolder();
    const backupDir = path.join(dataDir, 'backups');
    const server = startServerProcess({ DATA_DIR: dataDir, BACKUP_DAILY: '1' });
    let atStart: string;
    let asked: string;
    try {
      await waitFor(() => server.url() !== null, 'the server to listen');
      await waitFor(async () => (await listBackups(backupDir)).length === 1, 'the backup at start');
      [atStart] = (await listBackups(backupDir)) as [string];
      expect(readBackupStatus(backupDir)?.pid).toBe(server.child.pid);

      // A write the start-up backup does not hold: master1's session.
      const signIn = await fetch(`${server.url()}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'master1', password: 'Demo@1234' }),
      });
      expect(signIn.status).toBe(200);

      const backup = await runCli('backup-cli.ts', [], { DATA_DIR: dataDir });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      const lines = backup.stdout.trim().split('\n');
      expect(lines[0]).toBe(`The server (process ${server.child.pid}) has the database open: it is making the backup...`);
      expect(lines[1]).toMatch(/^Backup written \(\d+\.\d MB\): /);
      asked = lines[1]!.slice(lines[1]!.indexOf(': ') + 2);
      expect(await listBackups(backupDir)).toEqual([atStart, asked]);
      expect(readBackupStatus(backupDir)).toMatchObject({ pid: server.child.pid, answered: 1, last: { file: asked } });

      const restore = await runCli('restore-cli.ts', [asked], { DATA_DIR: dataDir });
      expect(restore.code).toBe(1);
      expect(restore.stderr).toMatch(
        new RegExp(`^Nothing was restored\\. The embedded database in ${dataDir} is in use by process ${server.child.pid}\\b`),
      );
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(backupDir, BACKUP_STATUS_FILE))).toBe(false);

    const sessionsOf = async (file: string) => {
      const into = path.join(freshDir(), 'data');
      const { output } = capture();
      expect(await restoreCommand(readEnv({ DATA_DIR: into }), { file, force: false }, output)).toBe(0);
      const database = await openDatabase({ dataDir: into });
      try {
        const [row] = await queryRows<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.username = 'master1'`,
        );
        return row!.n;
      } finally {
        await database.close();
      }
    };
    expect(await sessionsOf(atStart)).toBe(0);
    expect(await sessionsOf(asked)).toBe(1);

    // With the server stopped, the command makes the backup itself.
    const alone = await runCli('backup-cli.ts', [], { DATA_DIR: dataDir });
    expect(alone.code).toBe(0);
    expect(alone.stdout).toMatch(/^Backup written \(\d+\.\d MB\): /);
    expect(await listBackups(backupDir)).toHaveLength(3);
  }, 240_000); // a real server process starts, seeds nothing, backs up three times and restores twice: 76 s to over 120 s on a busy machine
});
