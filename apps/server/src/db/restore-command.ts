import { statSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { formatCount } from '@playrep/contracts/display-format';
import { sql } from 'drizzle-orm';
import { underlyingCause } from '../config/database-target.js';
import type { Env } from '../config/env.js';
import { definite } from '../lib/definite.js';
import type { CommandOutput } from './backup-command.js';
import { backupDirOf, readBackup, unpackBackup } from './backups.js';
import { openDatabase, PGDATA_ENTRY, queryRows, SECRET_KEY_FILE } from './client.js';
import { DatabaseLockedError, LOCK_FILE, tryLockDataDir } from './data-dir-lock.js';

export const RESTORE_USAGE = [
  'Usage: npm run restore -- FILE [--force]',
  '  FILE     a backup made by the server or by npm run backup (in DATA_DIR/backups unless BACKUP_DIR says otherwise)',
  '  --force  restore even though DATA_DIR is not empty: what is there is moved into DATA_DIR/replaced-<time>, not deleted',
].join('\n');

/** Where the backup is unpacked and opened once before it takes the database's place. */
const UNPACKED = '.restoring';
/** What a forced restore moves aside goes into a folder of DATA_DIR named so (and the time). */
const REPLACED = 'replaced-';

export interface RestoreArgs {
  file: string;
  force: boolean;
}

/** The command line of `npm run restore`, or what is wrong with it. */
export function parseRestoreArgs(args: readonly string[]): RestoreArgs | string {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  const unknown = rest.find((arg) => arg.startsWith('-'));
  if (unknown) return `Unknown option: ${unknown}`;
  const [file, ...more] = rest;
  if (file === undefined) return 'Name the backup file to restore.';
  if (more.length > 0) return 'Name one backup file only.';
  return { file, force };
}

/**
 * `npm run restore -- FILE [--force]`: puts a backup in place of the embedded database in
 * DATA_DIR, which no process may have open. The file is read through and checked first; then,
 * holding the folder's lock, it is unpacked beside the database and opened once; only then is
 * what DATA_DIR held moved aside (with --force) and the backup moved in. Returns the exit code.
 */
export async function restoreCommand(env: Env, args: RestoreArgs, { out, err }: CommandOutput): Promise<number> {
  if (env.DATABASE_URL) {
    err(
      'npm run restore puts a backup into the embedded database (DATA_DIR), but DATABASE_URL is set: restore ' +
        'PostgreSQL with pg_restore or from a base backup (docs/deploy.md, "Backups").',
    );
    return 2;
  }
  const file = path.resolve(args.file);
  const dataDir = path.resolve(env.DATA_DIR);
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) {
    err(`There is no file ${file}.`);
    return 1;
  }
  let takenAt: string;
  try {
    ({ takenAt } = await readBackup(file));
  } catch (error) {
    err(`${file} is not a backup of the embedded database: ${error instanceof Error ? error.message : String(error)}.`);
    return 1;
  }

  const lock = tryLockDataDir(dataDir);
  if (lock instanceof DatabaseLockedError) {
    err(`Nothing was restored. ${lock.message}`);
    return 1;
  }
  const unpacked = path.join(dataDir, UNPACKED);
  try {
    const present = await currentContents(dataDir, backupDirOf(env));
    if (present.length > 0 && !args.force) {
      err(
        `${dataDir} is not empty (it holds ${describeContents(present)}), so nothing was restored. Run again with --force to restore ` +
          `anyway: what is there now is then moved into ${path.join(dataDir, `${REPLACED}<time>`)}, not deleted.`,
      );
      return 1;
    }
    await rm(unpacked, { recursive: true, force: true }); // left by a restore that was cut short
    await unpackBackup(file, unpacked);
    let accounts: number;
    try {
      accounts = await countAccounts(unpacked);
    } catch (error) {
      err(`Nothing was restored: the database in ${file} does not open (${underlyingCause(error)}).`);
      return 1;
    }

    let aside: string | null = null;
    if (present.length > 0) {
      aside = path.join(dataDir, `${REPLACED}${new Date().toISOString().replaceAll(':', '-')}`);
      await mkdir(aside);
      for (const entry of present) await rename(path.join(dataDir, entry), path.join(aside, entry));
    }
    for (const entry of await readdir(unpacked)) await rename(path.join(unpacked, entry), path.join(dataDir, entry));
    out(`Restored the backup taken at ${takenAt} (${formatCount(accounts, 'account')}) into ${dataDir}.`);
    if (aside) out(`What ${dataDir} held before is in ${aside}.`);
    return 0;
  } finally {
    await rm(unpacked, { recursive: true, force: true });
    lock.release();
  }
}

/**
 * The entries of DATA_DIR a restore would replace: everything but the lock, the SECRET_KEY file
 * (the restored database's two-step secrets need it), the backup folder (when it is inside),
 * earlier replaced contents and an unfinished restore.
 */
async function currentContents(dataDir: string, backupDir: string): Promise<string[]> {
  const inside = path.relative(dataDir, backupDir);
  const backupEntry = inside && !inside.startsWith('..') && !path.isAbsolute(inside) ? inside.split(path.sep)[0] : null;
  return (await readdir(dataDir))
    .filter(
      (entry) => ![LOCK_FILE, SECRET_KEY_FILE, UNPACKED].includes(entry) && entry !== backupEntry && !entry.startsWith(REPLACED),
    )
    .sort();
}

/** "a database", "notes.txt" or "a database, notes.txt": the database's own files as one. */
function describeContents(entries: readonly string[]): string {
  const others = entries.filter((entry) => !PGDATA_ENTRY.test(entry));
  return [...(others.length < entries.length ? ['a database'] : []), ...others].join(', ');
}

async function countAccounts(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const [row] = await queryRows<{ accounts: number }>(database.db, sql`SELECT count(*)::int AS accounts FROM accounts`);
    return definite(row, 'the count row').accounts;
  } finally {
    await database.close();
  }
}
