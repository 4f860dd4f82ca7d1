import { existsSync } from 'node:fs';
import path from 'node:path';
import { formatCount } from '@playrep/contracts/display-format';
import type { Env } from '../config/env.js';
import { BACKUP_REQUEST_SIGNAL, readBackupStatus } from './backup-schedule.js';
import { backupDirOf, makeBackup } from './backups.js';
import { openDatabase } from './client.js';
import { DatabaseLockedError, tryLockDataDir } from './data-dir-lock.js';

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** How long `npm run backup` waits for the server's answer. */
const ANSWER_TIMEOUT_MS = 30 * 60 * 1000;
const POLL_MS = 200;

/**
 * `npm run backup`: a backup of the embedded database in DATA_DIR into the backup folder. When a
 * server has the folder open, the server makes it (db/backup-schedule.ts) and this waits for its
 * answer; otherwise this takes the folder's lock and makes it. Returns the exit code.
 */
export async function backupCommand(env: Env, output: CommandOutput, options: { timeoutMs?: number } = {}): Promise<number> {
  const { out, err } = output;
  if (env.DATABASE_URL) {
    err(
      'npm run backup copies the embedded database (DATA_DIR), but DATABASE_URL is set: back PostgreSQL up ' +
        'with pg_dump or base backups with WAL archiving (docs/deploy.md, "Backups").',
    );
    return 2;
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const backupDir = backupDirOf(env);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    err(`There is no embedded database in ${dataDir}, so there is nothing to back up (DATA_DIR names its folder).`);
    return 1;
  }
  const lock = tryLockDataDir(dataDir);
  if (lock instanceof DatabaseLockedError) {
    if (typeof lock.holder !== 'number') {
      err(`The embedded database in ${dataDir} is being opened by another process: try again in a moment.`);
      return 1;
    }
    return askServer(lock.holder, dataDir, backupDir, output, options.timeoutMs ?? ANSWER_TIMEOUT_MS);
  }
  const database = await openDatabase({ dataDir, lock });
  try {
    const { file, bytes } = await makeBackup(database, { dataDir, backupDir });
    out(`Backup written (${megabytes(bytes)}): ${file}`);
    return 0;
  } catch (error) {
    err(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

/** Asks the server holding the folder for a backup and waits for its answer in the status file. */
async function askServer(pid: number, dataDir: string, backupDir: string, { out, err }: CommandOutput, timeoutMs: number) {
  const before = readBackupStatus(backupDir);
  if (before?.pid !== pid) {
    err(
      `The embedded database in ${dataDir} is in use by process ${pid}, which takes no backup requests: ` +
        'a server that is still starting (try again once it serves), a command such as npm run seed ' +
        `(wait for it to end), or a server whose BACKUP_DIR is not ${backupDir}.`,
    );
    return 1;
  }
  process.kill(pid, BACKUP_REQUEST_SIGNAL);
  out(`The server (process ${pid}) has the database open: it is making the backup...`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const status = readBackupStatus(backupDir);
    if (status?.pid === pid && status.answered > before.answered && status.last) {
      if ('file' in status.last) {
        out(`Backup written (${megabytes(status.last.bytes)}): ${status.last.file}`);
        return 0;
      }
      err(`The server could not make the backup: ${status.last.error} (its log says more).`);
      return 1;
    }
    if (!isRunning(pid)) {
      err(`The server (process ${pid}) stopped before it made the backup.`);
      return 1;
    }
    if (Date.now() > deadline) {
      err(
        `The server (process ${pid}) has not made the backup after ${formatCount(Math.round(timeoutMs / 60_000), 'minute')}; see its log.`,
      );
      return 1;
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
