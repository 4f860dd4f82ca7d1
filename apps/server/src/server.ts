import { buildApp } from './app.js';
import { EnvError, readEnv } from './config/env.js';
import { migrateDatabase, openDatabase } from './db/client.js';

/** Listening, logging and graceful shutdown only; everything else is in buildApp(). */
async function main(): Promise<void> {
  let env: ReturnType<typeof readEnv>;
  try {
    env = readEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await migrateDatabase(database);
  const app = await buildApp({
    database,
    env,
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: env.PORT, host: env.HOST });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  console.log(`\nPlayrep back office is running at ${shown} (database: ${database.kind})\n`);
}

main().catch((err) => {
  console.error('Could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
