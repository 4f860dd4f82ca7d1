import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase, PGLITE_EXTENSIONS } from '../src/db/client.js';
import { createScratchDatabase, withClient } from './scratch-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names the PostgreSQL databases this run's tests make: `playrep_t_{testRun}_...` (test-db.ts). */
    testRun: string;
    /** PGlite dumps every embedded test database starts from (test-db.ts): an empty one and a migrated one. */
    pgliteDumps: { empty: string; migrated: string };
    /** On PostgreSQL, the migrated database every migrated test database is a copy of (test-db.ts). */
    postgresTemplate: string;
  }
}

/**
 * The server project's run, on PostgreSQL: every database a test makes carries this run's id and,
 * as its comment, the test file that made it. After the last file, any still there is dropped and
 * the run fails naming the files, so a test that loses its database is found the day it starts to.
 * Other runs on the same server (their own ids) are left alone.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const testRun = randomBytes(4).toString('hex');
  project.provide('testRun', testRun);
  const dumps = await writePgliteDumps(testRun);
  project.provide('pgliteDumps', dumps);
  const removeDumps = () => {
    for (const file of Object.values(dumps)) rmSync(file, { force: true });
  };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return async () => removeDumps();
  // Not named like the tests' databases: the check below leaves it to its own drop.
  const template = await createScratchDatabase(adminUrl, `playrep_template_${testRun}`);
  await migrateDatabaseAt(template.url);
  project.provide('postgresTemplate', template.name);
  return async () => {
    removeDumps();
    await template.drop();
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

/**
 * PGlite runs initdb for every new database, which takes seconds; a database loaded from a dump
 * does not. The run makes the two dumps once: right after initdb, and after the migrations.
 */
async function writePgliteDumps(testRun: string): Promise<{ empty: string; migrated: string }> {
  const dumps = {
    empty: path.join(tmpdir(), `playrep-test-${testRun}-empty.tar`),
    migrated: path.join(tmpdir(), `playrep-test-${testRun}-migrated.tar`),
  };
  const client = new PGlite('memory://', { extensions: PGLITE_EXTENSIONS });
  try {
    await client.waitReady;
    writeFileSync(dumps.empty, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    writeFileSync(dumps.migrated, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await client.close();
  }
  return dumps;
}

async function migrateDatabaseAt(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
}
