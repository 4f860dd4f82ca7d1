import { EnvError, readEnv } from '../config/env.js';
import { backupCommand } from './backup-command.js';

/** Entry of `npm run backup` (DATA_DIR and BACKUP_DIR as for the server). */
try {
  process.exitCode = await backupCommand(readEnv(), { out: console.log, err: console.error });
} catch (err) {
  console.error(err instanceof EnvError ? err.message : `The backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = err instanceof EnvError ? 2 : 1;
}
