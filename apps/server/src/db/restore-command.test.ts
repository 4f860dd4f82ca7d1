import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '../../test/fixtures/network.js';
import { readEnv } from '../config/env.js';
import { makeBackup, readBackup } from './backups.js';
import { migrateDatabase, openDatabase, queryRows } from './client.js';
import { LOCK_FILE } from './data-dir-lock.js';
import { parseRestoreArgs, restoreCommand } from './restore-command.js';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'playrep-restore-cmd-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, output: { out: (l: string) => void lines.out.push(l), err: (l: string) => void lines.err.push(l) } };
}

/** A closed database in a new folder holding one account, `username`. */
async function folderWith(username: string): Promise<string> {
  const dataDir = path.join(freshDir(), 'data');
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await createAccounts(database.db, [[username, 'superadmin', null]]);
  await database.close();
  return dataDir;
}

async function usernamesIn(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await queryRows<{ username: string }>(database.db, sql`SELECT username FROM accounts ORDER BY username`);
    return rows.map((row) => row.username);
  } finally {
    await database.close();
  }
}

/** Every file under a folder with its size and modification time: to tell that nothing was touched. */
function snapshot(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((entry) => {
      const stat = statSync(path.join(dir, entry));
      return `${entry} ${stat.isDirectory() ? 'dir' : stat.size} ${stat.mtimeMs}`;
    });
}

describe('npm run restore', () => {
  let backup: string;
  let takenAt: string;

  beforeAll(async () => {
    const source = await folderWith('backedup');
    const database = await openDatabase({ dataDir: source });
    try {
      ({ file: backup } = await makeBackup(database, { dataDir: source, backupDir: path.join(source, 'backups') }));
    } finally {
      await database.close();
    }
    ({ takenAt } = await readBackup(backup));
  });

  it('reads its command line', () => {
    expect(parseRestoreArgs(['a.tar.gz'])).toEqual({ file: 'a.tar.gz', force: false });
    expect(parseRestoreArgs(['--force', 'a.tar.gz'])).toEqual({ file: 'a.tar.gz', force: true });
    expect(parseRestoreArgs([])).toBe('Name the backup file to restore.');
    expect(parseRestoreArgs(['a.tar.gz', 'b.tar.gz'])).toBe('Name one backup file only.');
    expect(parseRestoreArgs(['a.tar.gz', '--yes'])).toBe('Unknown option: --yes');
  });

  it('restores into a new folder', async () => {
    const dataDir = path.join(freshDir(), 'new');
    const { lines, output } = capture();
    expect(await restoreCommand(readEnv({ DATA_DIR: dataDir }), { file: backup, force: false }, output)).toBe(0);
    expect(lines.err).toEqual([]);
    expect(lines.out).toEqual([`Restored the backup taken at ${takenAt} (1 account) into ${dataDir}.`]);
    expect(await usernamesIn(dataDir)).toEqual(['backedup']);
    // Only the database and no trace of the restore (not even the lock).
    expect(readdirSync(dataDir)).toContain('PG_VERSION');
    expect(readdirSync(dataDir).filter((entry) => !/^(PG_VERSION|base|global|pg_.*|postgresql.*)$/.test(entry))).toEqual([]);
  });

  it('refuses a folder that is not empty, touching nothing; with --force keeps what was there aside', async () => {
    const dataDir = await folderWith('current');
    writeFileSync(path.join(dataDir, 'notes.txt'), 'kept\n');
    mkdirSync(path.join(dataDir, 'backups'));
    copyFileSync(backup, path.join(dataDir, 'backups', path.basename(backup)));
    const before = snapshot(dataDir);

    const refused = capture();
    expect(await restoreCommand(readEnv({ DATA_DIR: dataDir }), { file: backup, force: false }, refused.output)).toBe(1);
    expect(refused.lines.err).toEqual([
      `${dataDir} is not empty (it holds a database, notes.txt), so nothing was restored. Run again with --force to restore anyway: ` +
        `what is there now is then moved into ${dataDir}/replaced-<time>, not deleted.`,
    ]);
    expect(snapshot(dataDir)).toEqual(before);

    const forced = capture();
    const inBackups = path.join(dataDir, 'backups', path.basename(backup));
    expect(await restoreCommand(readEnv({ DATA_DIR: dataDir }), { file: inBackups, force: true }, forced.output)).toBe(0);
    const [replaced, ...more] = readdirSync(dataDir).filter((entry) => entry.startsWith('replaced-'));
    expect(more).toEqual([]);
    expect(replaced).toMatch(/^replaced-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z$/);
    expect(forced.lines.out[1]).toBe(`What ${dataDir} held before is in ${path.join(dataDir, replaced!)}.`);
    expect(await usernamesIn(dataDir)).toEqual(['backedup']);
    // What was there: all of it, the database still usable as a folder of its own; the backups stay.
    expect(readFileSync(path.join(dataDir, replaced!, 'notes.txt'), 'utf8')).toBe('kept\n');
    expect(await usernamesIn(path.join(dataDir, replaced!))).toEqual(['current']);
    expect(existsSync(inBackups)).toBe(true);
    expect(existsSync(path.join(dataDir, 'notes.txt'))).toBe(false);
  });

  it('refuses what is not a backup before touching the folder', async () => {
    const dir = freshDir();
    const text = path.join(dir, 'notes.txt');
    writeFileSync(text, 'hello\n');
    const otherTarball = path.join(dir, 'other.tar.gz');
    await tar.c({ gzip: true, file: otherTarball, cwd: dir }, ['notes.txt']);
    const cut = path.join(dir, 'cut.tar.gz');
    writeFileSync(cut, readFileSync(backup).subarray(0, Math.floor(statSync(backup).size / 2)));

    const dataDir = path.join(dir, 'data');
    const cases: [string, string][] = [
      [path.join(dir, 'missing.tar.gz'), `There is no file ${path.join(dir, 'missing.tar.gz')}.`],
      [dir, `There is no file ${dir}.`],
      [text, `${text} is not a backup of the embedded database: it is not a gzipped tar file.`],
      [otherTarball, `${otherTarball} is not a backup of the embedded database: it does not start with playrep-backup.json.`],
      [cut, `${cut} is not a backup of the embedded database: it is cut short or damaged (zlib: unexpected end of file).`],
    ];
    for (const [file, message] of cases) {
      const { lines, output } = capture();
      expect(await restoreCommand(readEnv({ DATA_DIR: dataDir }), { file, force: true }, output), file).toBe(1);
      expect(lines.err).toEqual([message]);
      expect(existsSync(dataDir)).toBe(false);
    }
  });

  it('refuses a folder another process has open', async () => {
    const dataDir = await folderWith('current');
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(dataDir, LOCK_FILE), `${holder.pid}\n`);
      const before = snapshot(dataDir);
      const { lines, output } = capture();
      expect(await restoreCommand(readEnv({ DATA_DIR: dataDir }), { file: backup, force: true }, output)).toBe(1);
      expect(lines.err[0]).toMatch(
        new RegExp(
          `^Nothing was restored\\. The embedded database in ${dataDir} is in use by process ${holder.pid}\\. Stop the server first`,
        ),
      );
      expect(snapshot(dataDir)).toEqual(before);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('is for the embedded database only', async () => {
    const { lines, output } = capture();
    const env = readEnv({ DATA_DIR: freshDir(), DATABASE_URL: 'postgres://u@127.0.0.1/x' });
    expect(await restoreCommand(env, { file: backup, force: false }, output)).toBe(2);
    expect(lines.err).toEqual([
      'npm run restore puts a backup into the embedded database (DATA_DIR), but DATABASE_URL is set: restore PostgreSQL with pg_restore or from a base backup (docs/deploy.md, "Backups").',
    ]);
  });
});
