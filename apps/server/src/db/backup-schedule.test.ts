import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/manual-clock.js';
import { createTestDatabase, TEST_DB_KINDS } from '../../test/test-db.js';
import { readEnv } from '../config/env.js';
import { BACKUP_STATUS_FILE, readBackupStatus, startBackups } from './backup-schedule.js';
import { listBackups } from './backups.js';
import { type Database, migrateDatabase, openDatabase } from './client.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const HOUR = 60 * 60 * 1000;
const silent = { info: () => {}, error: () => {} };

async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const names = async (dir: string) => (await listBackups(dir)).map((file) => path.basename(file));

describe('the server’s daily backups (embedded database)', () => {
  let dataDir: string;
  let database: Database;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'playrep-daily-'));
    dirs.push(dataDir);
    database = await openDatabase({ dataDir });
    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('makes one at start when there is none, then one a day, and answers requests once it has said so in the status file', async () => {
    const backupDir = path.join(dataDir, 'backups');
    const clock = new ManualClock('2025-03-12T06:00:00.000Z');
    const backups = startBackups(database, readEnv({ DATA_DIR: dataDir }), silent, { clock, checkEveryMs: 100 });
    try {
      await eventually(async () => (await names(backupDir)).length === 1, 'the backup at start');
      expect(await names(backupDir)).toEqual(['playrep-2025-03-12T06-00-00.000Z.tar.gz']);
      expect(readBackupStatus(backupDir)).toEqual({ pid: process.pid, answered: 0 });

      // Checked again and again within the day: nothing more.
      clock.advance(23 * HOUR);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await names(backupDir)).length).toBe(1);

      clock.advance(HOUR);
      await eventually(async () => (await names(backupDir)).length === 2, 'the next day’s backup');
      expect((await names(backupDir))[1]).toBe('playrep-2025-03-13T06-00-00.000Z.tar.gz');
    } finally {
      await backups.stop();
    }
    expect(existsSync(path.join(backupDir, BACKUP_STATUS_FILE))).toBe(false);
  });

  it('makes none at start when the newest is less than a day old, in BACKUP_DIR', async () => {
    const backupDir = path.join(mkdtempSync(path.join(tmpdir(), 'playrep-daily-dir-')), 'copies');
    dirs.push(path.dirname(backupDir));
    const clock = new ManualClock('2025-03-12T06:00:00.000Z');
    const env = readEnv({ DATA_DIR: dataDir, BACKUP_DIR: backupDir });
    let backups = startBackups(database, env, silent, { clock, checkEveryMs: 100 });
    await eventually(async () => (await names(backupDir)).length === 1, 'the backup at start');
    await backups.stop();

    clock.advance(23 * HOUR);
    backups = startBackups(database, env, silent, { clock, checkEveryMs: 100 });
    try {
      await eventually(() => readBackupStatus(backupDir) !== null, 'the status file');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await names(backupDir)).length).toBe(1);
    } finally {
      await backups.stop();
    }
  });

  it('makes none by itself with BACKUP_DAILY=0, but still answers requests', async () => {
    const backupDir = path.join(dataDir, 'off');
    const env = readEnv({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_DAILY: '0' });
    const backups = startBackups(database, env, silent, { checkEveryMs: 100 });
    try {
      await eventually(() => readBackupStatus(backupDir) !== null, 'the status file');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await names(backupDir)).toEqual([]);
    } finally {
      await backups.stop();
    }
  });

  it('refuses DATA_DIR itself as BACKUP_DIR', () => {
    expect(() => startBackups(database, readEnv({ DATA_DIR: dataDir, BACKUP_DIR: `${dataDir}/.` }), silent)).toThrow(
      'BACKUP_DIR must be a folder of its own, not DATA_DIR itself.',
    );
  });

  it('leaves a stale status file of another process alone when it stops', async () => {
    const backupDir = path.join(dataDir, 'stale');
    const env = readEnv({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_DAILY: '0' });
    const backups = startBackups(database, env, silent);
    await eventually(() => readBackupStatus(backupDir) !== null, 'the status file');
    // Another server took over the answering in the meantime (its own status).
    writeFileSync(path.join(backupDir, BACKUP_STATUS_FILE), JSON.stringify({ pid: process.pid + 1, answered: 0 }));
    await backups.stop();
    expect(readBackupStatus(backupDir)).toEqual({ pid: process.pid + 1, answered: 0 });
  });
});

describe.runIf(TEST_DB_KINDS.includes('postgres'))('the server on PostgreSQL', () => {
  it('makes no backup and says so in one log line', async () => {
    const database = await createTestDatabase('postgres');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'playrep-daily-pg-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const log = { info: (_: object, msg?: string) => void lines.push(msg ?? ''), error: silent.error };
    try {
      const backups = startBackups(database, readEnv({ DATA_DIR: dataDir, DATABASE_URL: database.url }), log);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await backups.stop();
    } finally {
      await database.destroy();
    }
    expect(lines).toEqual([
      'backups: the server makes none on PostgreSQL; use pg_dump or base backups with WAL archiving (docs/deploy.md, "Backups")',
    ]);
    expect(await listBackups(path.join(dataDir, 'backups'))).toEqual([]);
  });
});
