import { copyFileSync, createWriteStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { Env } from '../config/env.js';
import { type Clock, systemClock } from '../lib/clock.js';
import { type Database, PGDATA_ENTRY } from './client.js';

/**
 * Backups of the embedded database (README, "Backups"). A backup is a gzipped tarball of the
 * database's files in DATA_DIR (a PostgreSQL data directory, laid out as PGlite's dumpDataDir lays
 * it out, so that its loadDataDir opens one too) with playrep-backup.json first. Its name says when
 * it was taken, in UTC, so that names sort by time; it is written under a work folder and renamed
 * into place once complete, and only then are the backups beyond the newest BACKUPS_KEPT deleted.
 *
 * The copy is consistent without stopping the server for long: a first pass copies the files
 * while requests go on; a second one, between statements and transactions (Database.whileIdle),
 * copies again only what changed since. The copy is then the folder as it was at that instant, as
 * after a power cut: opened, PostgreSQL replays its write-ahead log up to the last commit.
 */

export const BACKUPS_KEPT = 7;
/** The first entry of every backup: what it is and when it was taken. */
export const BACKUP_MANIFEST = 'playrep-backup.json';
/** Where a backup is put together (in the backup folder, so that the final rename stays on one file system). */
const WORK_DIR = '.in-progress';
/** playrep-2026-09-20T10-15-30.123Z.tar.gz */
const BACKUP_NAME = /^playrep-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2}\.\d{3}Z)\.tar\.gz$/;
/** PostgreSQL's own state while it runs: never copied (a restored folder must not look in use). */
const RUNTIME_FILE = /^postmaster\.(pid|opts)$/;
/**
 * A file changed within this long before a pass started is copied again by the next one, even if
 * its size and modification time look the same: file systems keep those times in coarse steps.
 */
const CLOCK_MARGIN_MS = 2_000;

export interface BackupManifest {
  format: 1;
  /** The instant the database was copied (ISO). */
  takenAt: string;
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** How long the database was held between statements for the second pass. */
  heldMs: number;
  totalMs: number;
}

/** The backup folder: BACKUP_DIR, else DATA_DIR/backups; absolute. */
export function backupDirOf(env: Pick<Env, 'DATA_DIR' | 'BACKUP_DIR'>): string {
  const dir = path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups'));
  if (dir === path.resolve(env.DATA_DIR)) throw new Error('BACKUP_DIR must be a folder of its own, not DATA_DIR itself.');
  return dir;
}

export function backupFileName(takenAt: Date): string {
  return `playrep-${takenAt.toISOString().replaceAll(':', '-')}.tar.gz`;
}

/** When the backup of this file name was taken; null for a name that is not a backup's. */
export function backupTakenAt(fileName: string): Date | null {
  const match = BACKUP_NAME.exec(fileName);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}`) : null;
}

/** The backups in the folder, oldest first, as full paths (none when the folder does not exist). */
export async function listBackups(backupDir: string): Promise<string[]> {
  const names = await readdir(backupDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return names
    .filter((name) => backupTakenAt(name) !== null)
    .sort()
    .map((name) => path.join(backupDir, name));
}

/**
 * Backs the open embedded database up into `backupDir`, then deletes the backups beyond the newest
 * BACKUPS_KEPT. Nothing is deleted when it fails, and what it left half done is removed.
 */
export async function makeBackup(
  database: Database,
  options: { dataDir: string; backupDir: string; clock?: Clock; signal?: AbortSignal },
): Promise<BackupResult> {
  const { whileIdle } = database;
  if (database.kind !== 'pglite' || !whileIdle) throw new Error('Only the embedded database is backed up this way.');
  const started = performance.now();
  const dataDir = path.resolve(options.dataDir);
  const work = path.join(options.backupDir, WORK_DIR);
  const copy = path.join(work, 'data');
  const clock = options.clock ?? systemClock;
  options.signal?.throwIfAborted();
  try {
    await rm(work, { recursive: true, force: true }); // what a run that was cut short left
    await mkdir(copy, { recursive: true });
    const firstPass = await copyAll(dataDir, copy);
    options.signal?.throwIfAborted();
    let heldMs = 0;
    const takenAt = await whileIdle(async () => {
      const held = performance.now();
      copyChanges(dataDir, copy, firstPass);
      heldMs = performance.now() - held;
      return clock.now();
    });
    const manifest: BackupManifest = { format: 1, takenAt: takenAt.toISOString() };
    await writeFile(path.join(copy, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = (await readdir(copy)).filter((name) => name !== BACKUP_MANIFEST);
    const packed = path.join(work, 'backup.tar.gz');
    await pipeline(tar.c({ gzip: true, cwd: copy, portable: true }, [BACKUP_MANIFEST, ...entries]), createWriteStream(packed), {
      signal: options.signal,
    });
    await syncFile(packed);
    const file = path.join(options.backupDir, backupFileName(takenAt));
    await rename(packed, file);
    await pruneBackups(options.backupDir);
    return { file, bytes: (await stat(file)).size, heldMs, totalMs: performance.now() - started };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Deletes the backups beyond the newest `keep`; returns the deleted ones. */
async function pruneBackups(backupDir: string, keep = BACKUPS_KEPT): Promise<string[]> {
  const backups = await listBackups(backupDir);
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const file of old) await rm(file, { force: true });
  return old;
}

/** The database's folders and files in DATA_DIR, with each file's size and modification time. */
interface Listing {
  /** When the listing began (Date.now()). */
  at: number;
  folders: string[];
  files: Map<string, { size: number; mtimeMs: number }>;
}

/**
 * Lists the database's files, by path relative to the folder, in one synchronous walk (some
 * milliseconds; the embedded database runs on this thread, so nothing changes meanwhile).
 */
function listDatabaseFiles(dataDir: string): Listing {
  const listing: Listing = { at: Date.now(), folders: [], files: new Map() };
  const visit = (name: string) => {
    const found = statSync(path.join(dataDir, name));
    if (found.isDirectory()) {
      listing.folders.push(name);
      for (const child of readdirSync(path.join(dataDir, name))) visit(path.join(name, child));
    } else if (found.isFile()) {
      listing.files.set(name, { size: found.size, mtimeMs: found.mtimeMs });
    }
  };
  for (const name of readdirSync(dataDir)) if (PGDATA_ENTRY.test(name) && !RUNTIME_FILE.test(name)) visit(name);
  return listing;
}

/** The first pass, while the database works: copies every file (one that is gone by then is skipped). */
async function copyAll(dataDir: string, to: string): Promise<Listing> {
  const listing = listDatabaseFiles(dataDir);
  for (const folder of listing.folders) await mkdir(path.join(to, folder), { recursive: true });
  for (const name of listing.files.keys()) {
    await copyFile(path.join(dataDir, name), path.join(to, name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
  return listing;
}

/**
 * The second pass, with the database held: copies again the files that changed since the first
 * pass began (or just before: file systems keep modification times in coarse steps) and removes
 * those that are gone. Synchronous, so that it holds the database no longer than the copying takes.
 */
function copyChanges(dataDir: string, to: string, first: Listing): void {
  const now = listDatabaseFiles(dataDir);
  for (const folder of now.folders) mkdirSync(path.join(to, folder), { recursive: true });
  for (const [name, { size, mtimeMs }] of now.files) {
    const before = first.files.get(name);
    const unchanged = before?.size === size && before.mtimeMs === mtimeMs && mtimeMs < first.at - CLOCK_MARGIN_MS;
    if (!unchanged) copyFileSync(path.join(dataDir, name), path.join(to, name));
  }
  for (const name of first.files.keys()) if (!now.files.has(name)) rmSync(path.join(to, name), { force: true });
  for (const folder of first.folders)
    if (!now.folders.includes(folder)) rmSync(path.join(to, folder), { recursive: true, force: true });
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Reads a backup through to its end (so a truncated or damaged file is found out) and returns its
 * manifest; throws with the reason when the file is not a complete backup.
 */
export async function readBackup(file: string): Promise<BackupManifest> {
  const paths: string[] = [];
  let manifestText = '';
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        paths.push(entry.path);
        if (entry.path !== BACKUP_MANIFEST) return entry.resume();
        entry.on('data', (chunk: Buffer) => {
          manifestText += chunk.toString('utf8');
        });
      },
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code?.startsWith('TAR_')) throw new Error('it is not a gzipped tar file');
    if (code?.startsWith('Z_')) throw new Error(`it is cut short or damaged (${(err as Error).message})`);
    throw err;
  }
  if (paths[0] !== BACKUP_MANIFEST) throw new Error(`it does not start with ${BACKUP_MANIFEST}`);
  for (const needed of ['PG_VERSION', 'global/pg_control']) {
    if (!paths.includes(needed)) throw new Error(`it holds no ${needed}`);
  }
  let manifest: Partial<BackupManifest> | null = null;
  try {
    manifest = JSON.parse(manifestText) as Partial<BackupManifest>;
  } catch {
    // told below
  }
  if (manifest?.format !== 1 || typeof manifest.takenAt !== 'string')
    throw new Error(`its ${BACKUP_MANIFEST} is not one this version reads`);
  return { format: 1, takenAt: manifest.takenAt };
}

/** Unpacks a backup (checked with readBackup) into an empty folder, without its manifest. */
export async function unpackBackup(file: string, into: string): Promise<void> {
  await mkdir(into, { recursive: true });
  await tar.x({ file, cwd: into, strict: true, filter: (entryPath) => entryPath !== BACKUP_MANIFEST });
}
