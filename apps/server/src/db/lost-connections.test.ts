import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withClient } from '../../test/scratch-database.js';
import { createTestDatabase } from '../../test/test-db.js';
import { queryRows } from './client.js';

/**
 * A connection the database kills while a transaction holds it between two statements (the
 * database restarting, an administrator's pg_terminate_backend): the next statement fails, the
 * process does not (an 'error' event nobody listened to used to end it), and the pool goes on.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a connection of the pool killed by the database', () => {
  it('fails the transaction that held it, never the process; the next query gets a new connection', async () => {
    const database = await createTestDatabase('postgres', { migrate: false, poolSize: 2 });
    try {
      const transaction = database.db.transaction(async (tx) => {
        const [own] = await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
        await withClient(database.url!, (client) => client.query('SELECT pg_terminate_backend($1)', [own!.pid]));
        // The connection's end arrives while no statement of it is running.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await queryRows(tx, sql`SELECT 1`);
      });
      await expect(transaction).rejects.toThrow();
      expect(await queryRows(database.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    } finally {
      await database.destroy();
    }
  });
});
