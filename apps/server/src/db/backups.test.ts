import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork } from '../../test/fixtures/network.js';
import { ManualClock } from '../../test/manual-clock.js';
import { BACKUP_MANIFEST, backupTakenAt, listBackups, makeBackup, readBackup, unpackBackup } from './backups.js';
import { type Database, migrateDatabase, openDatabase, queryRows } from './client.js';
import { LOCK_FILE } from './data-dir-lock.js';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'playrep-backup-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The probe rows of the database in a backup (unpacked into a folder of its own and opened). */
async function probeRowsIn(file: string): Promise<number[]> {
  const dir = path.join(freshDir(), 'data');
  await unpackBackup(file, dir);
  const database = await openDatabase({ dataDir: dir });
  try {
    const rows = await queryRows<{ n: number }>(database.db, sql`SELECT n FROM backup_probe ORDER BY n`);
    return rows.map((row) => row.n);
  } finally {
    await database.close();
  }
}

describe('backups of the embedded database', () => {
  let dataDir: string;
  let backupDir: string;
  let database: Database;

  beforeAll(async () => {
    dataDir = path.join(freshDir(), 'data');
    backupDir = path.join(dataDir, 'backups');
    database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    await createNetwork(database.db);
    await database.db.execute(sql`CREATE TABLE backup_probe (n int)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('holds the database files and its manifest, first; not the lock, the backups or other files', async () => {
    writeFileSync(path.join(dataDir, 'notes.txt'), 'not the database\n');
    const clock = new ManualClock('2025-03-12T10:15:30.123Z');
    const { file, bytes } = await makeBackup(database, { dataDir, backupDir, clock });
    expect(path.basename(file)).toBe('playrep-2025-03-12T10-15-30.123Z.tar.gz');
    expect(bytes).toBeGreaterThan(0);
    const paths: string[] = [];
    await tar.t({ file, onReadEntry: (entry) => void paths.push(entry.path) });
    expect(paths[0]).toBe(BACKUP_MANIFEST);
    const top = new Set(paths.map((p) => p.split('/')[0]));
    expect(top).toContain('PG_VERSION');
    expect(top).toContain('base');
    expect(top).toContain('pg_wal');
    for (const absent of [LOCK_FILE, 'backups', 'notes.txt', 'postmaster.pid']) expect(top).not.toContain(absent);
    expect(await readBackup(file)).toEqual({ format: 1, takenAt: '2025-03-12T10:15:30.123Z' });
    rmSync(path.join(dataDir, 'notes.txt'));
  });

  it('holds what was written while its first pass ran: the second pass copies again what changed', async () => {
    await database.db.execute(sql`INSERT INTO backup_probe VALUES (1)`);
    // Written after the first pass, just before the second.
    const writingBetweenPasses: Database = {
      ...database,
      whileIdle: async (fn) => {
        await database.db.execute(sql`INSERT INTO backup_probe VALUES (2)`);
        return database.whileIdle!(fn);
      },
    };
    const { file } = await makeBackup(writingBetweenPasses, { dataDir, backupDir: freshDir() });
    expect(await probeRowsIn(file)).toEqual([1, 2]);
    await database.db.execute(sql`DELETE FROM backup_probe`);
  });

  it('is taken between transactions: one under way when the copy is due is waited for, whole', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let begun!: () => void;
    const inside = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO backup_probe VALUES (10)`);
      begun();
      await gate;
      await tx.execute(sql`INSERT INTO backup_probe VALUES (11)`);
    });
    await inside;

    // whileIdle itself: not while the transaction is open.
    let ran = false;
    const idle = database.whileIdle!(async () => {
      ran = true;
    });
    await sleep(300);
    expect(ran).toBe(false);

    // A backup whose copy becomes due while the transaction waits: the transaction then ends.
    const releasingWhenDue: Database = {
      ...database,
      whileIdle: (fn) => {
        setTimeout(release, 200);
        return database.whileIdle!(fn);
      },
    };
    const { file } = await makeBackup(releasingWhenDue, { dataDir, backupDir: freshDir() });
    await transaction;
    await idle;
    expect(ran).toBe(true);
    expect(await probeRowsIn(file)).toEqual([10, 11]);
    await database.db.execute(sql`DELETE FROM backup_probe`);
  });

  it('keeps the newest 7, deleting older ones only once the new one is complete', async () => {
    const dir = freshDir();
    // Nine backups of earlier days (as names: what the rotation goes by), and files that are not backups.
    const earlier = Array.from(
      { length: 9 },
      (_, i) => `playrep-2025-02-${String(10 + i).padStart(2, '0')}T06-00-00.000Z.tar.gz`,
    );
    for (const name of earlier) writeFileSync(path.join(dir, name), '');
    writeFileSync(path.join(dir, 'notes.txt'), '');
    writeFileSync(path.join(dir, 'playrep-manual-copy.tar.gz'), '');

    // A backup that fails (here its folder cannot be read) deletes none of them and leaves nothing behind.
    await expect(makeBackup(database, { dataDir: path.join(dataDir, 'gone'), backupDir: dir })).rejects.toThrow(/ENOENT/);
    expect(readdirSync(dir).sort()).toEqual([...earlier, 'notes.txt', 'playrep-manual-copy.tar.gz'].sort());

    const clock = new ManualClock('2025-02-19T06:00:00.000Z');
    const { file } = await makeBackup(database, { dataDir, backupDir: dir, clock });
    const kept = [...earlier.slice(-6), path.basename(file)];
    expect((await listBackups(dir)).map((f) => path.basename(f))).toEqual(kept);
    expect(readdirSync(dir).sort()).toEqual([...kept, 'notes.txt', 'playrep-manual-copy.tar.gz'].sort());
    expect(backupTakenAt(path.basename(file))).toEqual(clock.now());
  });

  it('removes what a backup cut short left, and writes nothing when stopped', async () => {
    const dir = freshDir();
    mkdirSync(path.join(dir, '.in-progress', 'data'), { recursive: true });
    writeFileSync(path.join(dir, '.in-progress', 'backup.tar.gz'), 'half');
    const stopped = new AbortController();
    stopped.abort();
    await expect(makeBackup(database, { dataDir, backupDir: dir, signal: stopped.signal })).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['.in-progress']);
    await makeBackup(database, { dataDir, backupDir: dir });
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^playrep-.*\.tar\.gz$/)]);
  });
});
