import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's folder lock: one process at a time has the folder open (openPglite in
 * client.ts says why). openDatabase takes it, and the backup and restore commands take it
 * themselves to work on the folder while no server has it open.
 */

/** The lock file in DATA_DIR: it holds the pid of the process that has the embedded database open. */
export const LOCK_FILE = 'playrep.lock';

export class DatabaseLockedError extends Error {
  /** The process holding the folder ('starting': one that is taking the lock this instant). */
  constructor(
    message: string,
    readonly holder?: number | 'starting',
  ) {
    super(message);
  }
}

export interface DataDirLock {
  /** Removes the lock file (when it is still this process's). Idempotent. */
  release(): void;
}

/** Lock files this process holds, released at exit if nothing closed them before. */
const heldLocks = new Set<string>();
let exitHookInstalled = false;

/**
 * Takes the folder's lock: creates DATA_DIR/playrep.lock exclusively (O_EXCL) with this process's
 * pid. A lock whose process no longer runs is stale and taken over. A live holder gets
 * DatabaseLockedError with a message for a person: the folder, the pid, what to do.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const folder = path.resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, LOCK_FILE);
  // Two rounds: the second follows the removal of a stale lock.
  for (let round = 0; round < 2; round += 1) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(file);
      if (holder === 'starting' || (holder !== null && isLiveHolder(holder, file))) {
        const who =
          holder === 'starting'
            ? 'a process that is opening it'
            : `process ${holder}${holder === process.pid ? ' (this process)' : ''}`;
        throw new DatabaseLockedError(
          `The embedded database in ${folder} is in use by ${who}. ` +
            'Stop the server first (or the command that has it open), or set DATABASE_URL to use PostgreSQL, ' +
            `which many processes can share. (Lock file: ${file})`,
          holder,
        );
      }
      rmSync(file, { force: true });
      continue;
    }
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    heldLocks.add(file);
    installExitHook();
    return { release: () => releaseLock(file) };
  }
  throw new DatabaseLockedError(`Could not take the lock of the embedded database in ${folder}: ${file} keeps reappearing.`);
}

/** lockDataDir, answering a folder in use with its DatabaseLockedError rather than throwing it. */
export function tryLockDataDir(dataDir: string): DataDirLock | DatabaseLockedError {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DatabaseLockedError) return error;
    throw error;
  }
}

/** The pid in a lock file; 'starting' for an empty file just created; null when gone or unreadable (stale). */
function lockHolder(file: string): number | 'starting' | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  if (/^\d+$/.test(text)) return Number(text);
  // Between its creation and its pid being written: only for an instant.
  const stat = statSync(file, { throwIfNoEntry: false });
  if (text === '' && stat && Date.now() - stat.mtimeMs < 5_000) return 'starting';
  return null;
}

function isLiveHolder(pid: number, file: string): boolean {
  // Our own pid on a lock this process did not take: a previous process that had the same pid
  // (a restarted container) died without releasing it.
  if (pid === process.pid) return heldLocks.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by another user
  }
}

function releaseLock(file: string): void {
  if (!heldLocks.delete(file)) return;
  // Only our own lock: never one a later process took over.
  if (lockHolder(file) === process.pid) rmSync(file, { force: true });
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const file of [...heldLocks]) releaseLock(file);
  });
}
