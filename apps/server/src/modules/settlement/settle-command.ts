import type { Env } from '../../config/env.js';
import { migrateDatabase, openDatabase } from '../../db/client.js';
import { closeFinishedWeeks } from './close-weeks.js';

/** `npm run settle`: migrates the configured database, closes the finished weeks, says what it closed. */
export async function settleCommand(env: Env, now: Date, print: (line: string) => void): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
  try {
    await migrateDatabase(database);
    const { closed } = await closeFinishedWeeks(database.db, { now });
    if (closed.length === 0) print(`Nothing to close (${database.kind}).`);
    else {
      print(`Closed ${closed.length} settlement week(s) (${database.kind}):`);
      for (const week of closed) print(`  ${week}`);
    }
    return closed;
  } finally {
    await database.close();
  }
}
