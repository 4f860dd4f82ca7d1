import { EnvError, readEnv } from '../../config/env.js';
import { migrateDatabase, openDatabase } from '../../db/client.js';
import { executeFeedsCommand, FEEDS_USAGE, parseFeedsCommand } from './feeds-command.js';

/**
 * `npm run feeds -- create NAME | list | revoke NAME` (DATABASE_URL or DATA_DIR as for the server).
 * The embedded database is one process's: while a server has DATA_DIR open, this stops with a
 * message saying so (the folder's lock).
 */
async function main(): Promise<number> {
  const command = parseFeedsCommand(process.argv.slice(2));
  if (typeof command === 'string') {
    console.error(`${command}\n\n${FEEDS_USAGE}`);
    return 2;
  }
  let env: ReturnType<typeof readEnv>;
  try {
    env = readEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
  try {
    await migrateDatabase(database);
    return await executeFeedsCommand(command, {
      db: database.db,
      now: new Date(),
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('feeds:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
