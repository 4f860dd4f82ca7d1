import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Runs `fn` on one connection to `url`, closed afterwards. `connectTimeoutMs` bounds the wait for
 * a server that may be down (a stopped replica); without it the connection waits as long as it takes.
 */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>, connectTimeoutMs?: number): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new empty database of its own: where it is, and how to drop it. */
export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates the database `{prefix}_{random}` on the server of `adminUrl` (any database there that
 * the user may connect to, usually `postgres`), as a copy of `template` when given (a database
 * nobody is connected to). Used by the tests and the load scripts alike.
 */
export async function createScratchDatabase(adminUrl: string, prefix: string, template?: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
