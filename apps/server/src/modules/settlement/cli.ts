import { EnvError, readEnv } from '../../config/env.js';
import { settleCommand } from './settle-command.js';

/** Entry of `npm run settle` (DATABASE_URL or DATA_DIR as for the server). */
try {
  await settleCommand(readEnv(), new Date(), (line) => console.log(line));
} catch (err) {
  console.error(err instanceof EnvError ? err.message : `Settlement failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
