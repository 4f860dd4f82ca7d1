import { runDatabaseCommand } from '../../../db/database-command.js';
import { systemClock } from '../../../lib/clock.js';
import { ACCOUNTS_USAGE, executeAccountsCommand, parseAccountsCommand } from './accounts-command.js';

/** `npm run accounts -- create|disable|enable|reset-password|link ...` (see ACCOUNTS_USAGE). */
const command = parseAccountsCommand(process.argv.slice(2));
if (typeof command === 'string') {
  console.error(`${command}\n\n${ACCOUNTS_USAGE}`);
  process.exit(2);
}
runDatabaseCommand('accounts', (database, env) =>
  executeAccountsCommand(command, {
    db: database.db,
    env,
    clock: systemClock,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }),
);
