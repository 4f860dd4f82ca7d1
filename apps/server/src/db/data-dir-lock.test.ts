import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from './client.js';
import { DatabaseLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'playrep-lock-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const lockFileOf = (dir: string) => path.join(dir, LOCK_FILE);
const lockedMessage = (dir: string, pid: number) =>
  new RegExp(
    `^The embedded database in ${escapeRegExp(dir)} is in use by process ${pid}\\b.*Stop the server first.*DATABASE_URL`,
  );
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pid of a process that has run and exited (so no process has it now, barring reuse). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

describe('the embedded database lock (DATA_DIR/playrep.lock)', () => {
  it('refuses a second opener while the first has the folder open, and frees it on close', async () => {
    const dir = freshDir();
    const first = await openDatabase({ dataDir: dir });
    expect(readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(process.pid));
    const second = openDatabase({ dataDir: dir });
    await expect(second).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(second).rejects.toThrow(lockedMessage(dir, process.pid));
    // The refused opener did not disturb the holder's lock.
    expect(readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(process.pid));
    await first.close();
    expect(existsSync(lockFileOf(dir))).toBe(false);

    const again = await openDatabase({ dataDir: dir });
    await migrateDatabase(again);
    await again.close();
    await again.close(); // closing twice is harmless
    expect(existsSync(lockFileOf(dir))).toBe(false);
  });

  it('refuses while another live process holds the lock, and takes it over once that process is gone', async () => {
    const dir = freshDir();
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lockFileOf(dir), `${holder.pid}\n`);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(lockedMessage(dir, holder.pid!));
    } finally {
      const exited = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill('SIGKILL');
      await exited;
    }
    const database = await openDatabase({ dataDir: dir });
    expect(readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(process.pid));
    await database.close();
    expect(existsSync(lockFileOf(dir))).toBe(false);
  });

  it('takes over a stale lock: a dead pid, or an old file without a pid', () => {
    const dir = freshDir();
    writeFileSync(lockFileOf(dir), `${deadPid()}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    lock.release();
    expect(existsSync(lockFileOf(dir))).toBe(false);

    writeFileSync(lockFileOf(dir), 'garbage');
    const second = lockDataDir(dir);
    expect(readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(process.pid));
    second.release();
  });

  it('is released when the process exits without closing the database', async () => {
    const dir = freshDir();
    const client = pathToFileURL(path.join(ROOT, 'apps/server/src/db/client.ts')).href;
    const script = `import { existsSync } from 'node:fs';
      import { openDatabase } from ${JSON.stringify(client)};
      await openDatabase({ dataDir: ${JSON.stringify(dir)} });
      console.log(existsSync(${JSON.stringify(lockFileOf(dir))}));
      process.exit(0);`;
    const run = await runNode(['--import', 'tsx', '--input-type=module', '-e', script], {});
    expect(run.stdout.trim()).toBe('true');
    expect(run.code).toBe(0);
    expect(existsSync(lockFileOf(dir))).toBe(false);
  });

  it('makes the command-line tools say so and exit non-zero (no stack trace) while the server has the folder open', async () => {
    const dir = freshDir();
    const server = await openDatabase({ dataDir: dir });
    try {
      await migrateDatabase(server);
      const commands = [
        ['apps/server/src/modules/identity/manage/accounts-cli.ts', 'disable', '--username', 'master1'],
        ['apps/server/src/modules/settlement/cli.ts'],
        ['apps/server/src/demo/cli.ts', '--scale', 'small', '--seed', '1'],
      ];
      const runs = await Promise.all(commands.map((args) => runNode(['--import', 'tsx', ...args], { DATA_DIR: dir })));
      for (const [i, run] of runs.entries()) {
        const label = commands[i]![0];
        expect(run.code, label).not.toBe(0);
        expect(run.stderr, label).toContain(`The embedded database in ${dir} is in use by process ${process.pid}`);
        expect(run.stderr, label).toContain('Stop the server first');
        expect(run.stderr, label).not.toMatch(/^\s+at /m);
      }
    } finally {
      await server.close();
    }
  });
});

function runNode(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
