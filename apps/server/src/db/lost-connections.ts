import type pg from 'pg';

/**
 * A pool's connections may fail at any time (the database restarts, fails over, or kills them): that
 * must never crash the process. node-postgres emits the failure as an 'error' event, which throws
 * when nothing listens: on the pool for an idle connection (dropped from the pool), and on the
 * connection itself while a caller holds it, between the statements of a transaction say. Then the
 * caller's next statement fails instead, the transaction is rolled back by the server, and the
 * request answers 503 (plugins/error-handler.ts).
 */
export function surviveLostConnections(pool: pg.Pool): void {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}
