import { type Env, EnvError, readEnv } from '../config/env.js';
import { type Database, migrateDatabase, openDatabase } from './client.js';

/**
 * The frame of a command-line tool that works on the server's database (DATABASE_URL, else
 * DATA_DIR): reads the environment (a bad value prints its message, exit 2), opens and migrates
 * the database, runs the tool, closes the database and exits with the tool's code. A failure
 * prints `name: message` and exits 1; the embedded database's lock (a server holding DATA_DIR)
 * arrives that way, as a message and no stack trace.
 */
export function runDatabaseCommand(name: string, run: (database: Database, env: Env) => Promise<number>): void {
  const main = async (): Promise<number> => {
    let env: Env;
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
      return await run(database, env);
    } finally {
      await database.close();
    }
  };
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(`${name}:`, err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
