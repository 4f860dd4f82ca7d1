import { EnvError, readEnv } from '../../config/env.js';
import { migrateDatabase, openDatabase } from '../../db/client.js';
import { systemClock } from '../../lib/clock.js';
import { ACCOUNTS_USAGE, executeAccountsCommand, parseAccountsCommand } from './accounts-command.js';

/** `npm run accounts -- create|disable|enable|reset-password ...` (see ACCOUNTS_USAGE). */
async function main(): Promise<number> {
  const command = parseAccountsCommand(process.argv.slice(2));
  if (typeof command === 'string') {
    console.error(`${command}\n\n${ACCOUNTS_USAGE}`);
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
    return await executeAccountsCommand(command, {
      db: database.db,
      env,
      clock: systemClock,
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
    console.error('accounts:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
