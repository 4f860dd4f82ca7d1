import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.js';

/** SIGINT and SIGTERM close the app (its hooks stop the jobs), then the database; at most 10 s. */
export function stopOnSignals(app: FastifyInstance, database: Database): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));
}
