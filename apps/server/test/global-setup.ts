import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { withClient } from './scratch-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names the PostgreSQL databases this run's tests make: `playrep_t_{testRun}_...` (test-db.ts). */
    testRun: string;
  }
}

/**
 * The server project's run, on PostgreSQL: every database a test makes carries this run's id and,
 * as its comment, the test file that made it. After the last file, any still there is dropped and
 * the run fails naming the files, so a test that loses its database is found the day it starts to.
 * Other runs on the same server (their own ids) are left alone.
 */
export default function setup(project: TestProject): (() => Promise<void>) | undefined {
  const testRun = randomBytes(4).toString('hex');
  project.provide('testRun', testRun);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  return async () => {
    const left = await withClient(adminUrl, async (client) => {
      const { rows } = await client.query<{ name: string; madeBy: string | null }>(
        `SELECT datname AS name, shobj_description(oid, 'pg_database') AS "madeBy"
           FROM pg_database WHERE datname LIKE $1 ORDER BY datname`,
        [`playrep\\_t\\_${testRun}\\_%`],
      );
      for (const { name } of rows) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return rows;
    });
    if (left.length > 0) {
      const list = left.map(({ name, madeBy }) => `${name} (made by ${madeBy ?? 'an unknown test file'})`).join(', ');
      // Vitest reports a teardown's error without failing the run: the exit code does.
      process.exitCode = 1;
      throw new Error(`Test databases left behind (now dropped): ${list}. Their test files must destroy them.`);
    }
  };
}
