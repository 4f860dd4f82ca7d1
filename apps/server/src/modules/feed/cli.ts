import { runDatabaseCommand } from '../../db/database-command.js';
import { executeFeedsCommand, FEEDS_USAGE, parseFeedsCommand } from './feeds-command.js';

/**
 * `npm run feeds -- create NAME | list | revoke NAME` (DATABASE_URL or DATA_DIR as for the server).
 * The embedded database is one process's: while a server has DATA_DIR open, this stops with a
 * message saying so (the folder's lock).
 */
const command = parseFeedsCommand(process.argv.slice(2));
if (typeof command === 'string') {
  console.error(`${command}\n\n${FEEDS_USAGE}`);
  process.exit(2);
}
runDatabaseCommand('feeds', (database) =>
  executeFeedsCommand(command, {
    db: database.db,
    now: new Date(),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }),
);
