import { EnvError, readEnv } from '../config/env.js';
import { parseRestoreArgs, RESTORE_USAGE, restoreCommand } from './restore-command.js';

/** Entry of `npm run restore -- FILE [--force]` (DATA_DIR and BACKUP_DIR as for the server). */
const args = parseRestoreArgs(process.argv.slice(2));
if (typeof args === 'string') {
  console.error(`${args}\n\n${RESTORE_USAGE}`);
  process.exit(2);
}
try {
  process.exitCode = await restoreCommand(readEnv(), args, { out: console.log, err: console.error });
} catch (err) {
  console.error(
    err instanceof EnvError ? err.message : `The restore failed: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exitCode = err instanceof EnvError ? 2 : 1;
}
