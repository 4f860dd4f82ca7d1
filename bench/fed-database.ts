import { randomBytes } from 'node:crypto';
import { type Database, migrateDatabase, openDatabase } from '../apps/server/src/db/client.js';
import { isDatabaseEmpty, seedDemoNetwork } from '../apps/server/src/demo/index.js';
import { createFeedKey } from '../apps/server/src/modules/feed/keys.js';
import { closeFinishedWeeks } from '../apps/server/src/modules/settlement/index.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-database.js';

export type Kind = 'postgres' | 'pglite';

/** A database for the load scripts that feed the server: the small demo network and a feed key. */
export interface FedDatabase extends ThrowawayDatabase {
  kind: Kind;
  feedKey: string;
}

const HOUSE = 'HOUSE';

/**
 * A throwaway database (or `existingUrl`, a PostgreSQL database the run adds to and keeps; or a
 * copy of the PostgreSQL database `template`), migrated, with the small demo network unless it
 * holds one, its finished weeks closed (unless `close` is false), and a new feed key.
 */
export async function prepareFedDatabase(
  kind: Kind,
  existingUrl: string | undefined,
  keep: boolean,
  prefix: string,
  options: { template?: string; close?: boolean } = {},
): Promise<FedDatabase> {
  const close = options.close ?? true;
  if (existingUrl) {
    const open = { databaseUrl: existingUrl };
    const feedKey = await fill(await openDatabase({ ...open, poolSize: 4 }), close);
    return {
      kind,
      label: `PostgreSQL ${new URL(existingUrl).pathname.slice(1)}`,
      open,
      serverEnv: { DATABASE_URL: existingUrl },
      feedKey,
      drop: async () => {},
    };
  }
  const created = await createThrowawayDatabase(kind === 'pglite', prefix, keep, options.template);
  const feedKey = await fill(await openDatabase({ ...created.open, poolSize: 4 }), close);
  return { ...created, kind, feedKey };
}

async function fill(database: Database, close: boolean): Promise<string> {
  try {
    await migrateDatabase(database);
    if (await isDatabaseEmpty(database.db)) {
      const started = performance.now();
      await seedDemoNetwork(database, { scale: 'small', seed: 42, houseUsername: HOUSE });
      process.stdout.write(`  small demo network loaded in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    }
    if (close) await closeFinishedWeeks(database.db, { now: new Date() });
    return (await createFeedKey(database.db, `bench-${randomBytes(3).toString('hex')}`, new Date())).key;
  } finally {
    await database.close();
  }
}
