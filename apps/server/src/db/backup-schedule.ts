import { readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../config/env.js';
import { type Clock, systemClock } from '../lib/clock.js';
import { backupDirOf, backupTakenAt, listBackups, makeBackup } from './backups.js';
import type { Database } from './client.js';

/**
 * The server's backups of the embedded database: daily (checked at start and every hour: one is
 * made when the newest is a day old), and one whenever `npm run backup` asks. The command cannot
 * open the folder the server holds, so it asks the server with a signal (BACKUP_REQUEST_SIGNAL to
 * the pid in the folder's lock file) and reads the answer in the backup folder's status file,
 * which the server writes once it listens for that signal and after every backup asked for.
 * Backups never overlap. On PostgreSQL the server makes none (docs/deploy.md, "Backups").
 */

export const BACKUP_REQUEST_SIGNAL = 'SIGUSR2';
/** In the backup folder: which process answers backup requests, and its last answer. */
export const BACKUP_STATUS_FILE = 'status.json';
const DAY_MS = 24 * 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 60 * 1000;

export interface BackupStatus {
  pid: number;
  /** Backups asked for and answered since this server started. */
  answered: number;
  /** The last answer: the file written, or why none was. */
  last?: { file: string; bytes: number } | { error: string };
}

interface BackupLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface Backups {
  /** Stops the schedule and the requests, cutting a backup in progress short. */
  stop(): Promise<void>;
}

export function startBackups(
  database: Database,
  env: Env,
  log: BackupLog,
  options: { clock?: Clock; checkEveryMs?: number } = {},
): Backups {
  if (database.kind !== 'pglite') {
    log.info(
      { database: 'postgres' },
      'backups: the server makes none on PostgreSQL; use pg_dump or base backups with WAL archiving (docs/deploy.md, "Backups")',
    );
    return { stop: async () => {} };
  }
  const backupDir = backupDirOf(env);
  const clock = options.clock ?? systemClock;
  const aborter = new AbortController();
  let queue = Promise.resolve();
  let dailyWaiting = false;
  let requestWaiting = false;
  let answered = 0;
  let stopped = false;

  /** Runs the jobs one after the other; a job's failure is logged and does not stop the next. */
  const enqueue = (job: () => Promise<void>) => {
    queue = queue.then(job).catch((err) => log.error({ err }, 'backup: failed'));
  };
  const backUp = async (why: 'daily' | 'asked'): Promise<NonNullable<BackupStatus['last']>> => {
    try {
      const { file, bytes, heldMs, totalMs } = await makeBackup(database, {
        dataDir: env.DATA_DIR,
        backupDir,
        clock,
        signal: aborter.signal,
      });
      log.info({ file, bytes, heldMs: Math.round(heldMs), ms: Math.round(totalMs), why }, 'backup: written');
      return { file, bytes };
    } catch (err) {
      if (stopped) return { error: 'the server is shutting down' };
      log.error({ err, why }, 'backup: failed');
      return { error: err instanceof Error ? err.message : String(err) };
    }
  };

  const checkDaily = () => {
    if (stopped || dailyWaiting) return;
    dailyWaiting = true;
    enqueue(async () => {
      dailyWaiting = false;
      const newest = (await listBackups(backupDir)).at(-1);
      const takenAt = newest ? backupTakenAt(path.basename(newest)) : null;
      if (!stopped && (!takenAt || clock.now().getTime() - takenAt.getTime() >= DAY_MS)) await backUp('daily');
    });
  };

  // Requests that come while one waits are answered by the same backup, and a backup answering a
  // request starts after it came, so it holds what the caller wrote before asking.
  const onRequest = () => {
    if (stopped || requestWaiting) return;
    requestWaiting = true;
    enqueue(async () => {
      requestWaiting = false;
      const last = await backUp('asked');
      answered += 1;
      await writeStatus(backupDir, { pid: process.pid, answered, last });
    });
  };

  enqueue(async () => {
    await writeStatus(backupDir, { pid: process.pid, answered });
    process.on(BACKUP_REQUEST_SIGNAL, onRequest);
  });
  const timer = env.BACKUP_DAILY === '1' ? setInterval(checkDaily, options.checkEveryMs ?? CHECK_EVERY_MS) : undefined;
  timer?.unref();
  if (timer) checkDaily();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      process.off(BACKUP_REQUEST_SIGNAL, onRequest);
      aborter.abort();
      await queue;
      if (readBackupStatus(backupDir)?.pid === process.pid) await rm(path.join(backupDir, BACKUP_STATUS_FILE), { force: true });
    },
  };
}

async function writeStatus(backupDir: string, status: BackupStatus): Promise<void> {
  await mkdir(backupDir, { recursive: true });
  const file = path.join(backupDir, BACKUP_STATUS_FILE);
  await writeFile(`${file}.tmp`, `${JSON.stringify(status)}\n`);
  await rename(`${file}.tmp`, file);
}

/** The status file of the backup folder; null when there is none (or it cannot be read). */
export function readBackupStatus(backupDir: string): BackupStatus | null {
  try {
    return JSON.parse(readFileSync(path.join(backupDir, BACKUP_STATUS_FILE), 'utf8')) as BackupStatus;
  } catch {
    return null;
  }
}
