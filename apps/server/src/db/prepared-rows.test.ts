import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, databaseError, TEST_DB_KINDS } from '../../test/test-db.js';
import { queryPreparedRows, queryRows } from './client.js';

/** A statement with a timestamp, a number and text: the kinds whose parsing could differ between the two paths. */
const sample = (n: number) =>
  sql`SELECT ${n}::int AS n, ${`name ${n}`}::text AS name,
             ('2026-11-29T18:30:00Z'::timestamptz + make_interval(days => ${n}::int)) AS at,
             ${n}::numeric / 4 AS quarter`;

describe.each(TEST_DB_KINDS)('queryPreparedRows (%s)', (kind) => {
  it('answers the rows queryRows answers, past the calls after which PostgreSQL may plan it once', async () => {
    const database = await createTestDatabase(kind, { migrate: false, poolSize: 1 });
    try {
      for (let n = 0; n < 8; n++) {
        expect(await queryPreparedRows(database.db, sample(n))).toEqual(await queryRows(database.db, sample(n)));
      }
      // Two texts on the one connection: each has its own name.
      const other = await queryPreparedRows<{ x: string }>(database.db, sql`SELECT ${'other'}::text AS x`);
      expect(other).toEqual([{ x: 'other' }]);
      expect(await queryPreparedRows(database.db, sample(3))).toEqual(await queryRows(database.db, sample(3)));
    } finally {
      await database.destroy();
    }
  });

  it('runs inside a transaction, and a statement that fails leaves the connection usable', async () => {
    const database = await createTestDatabase(kind, { migrate: false, poolSize: 1 });
    try {
      const inverse = (n: number) => sql`SELECT 10 / ${n}::int AS q`;
      expect(await databaseError(queryPreparedRows(database.db, inverse(0)))).toMatch(/division by zero/);
      expect(await queryPreparedRows(database.db, inverse(5))).toEqual([{ q: 2 }]);
      const inTransaction = await database.db.transaction((tx) => queryPreparedRows<{ q: number }>(tx, inverse(2)));
      expect(inTransaction).toEqual([{ q: 5 }]);
    } finally {
      await database.destroy();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('queryPreparedRows on PostgreSQL', () => {
  it('prepares each text once per connection', async () => {
    const database = await createTestDatabase('postgres', { migrate: false, poolSize: 1 });
    try {
      const prepared = () =>
        queryRows<{ statement: string }>(database.db, sql`SELECT statement FROM pg_prepared_statements ORDER BY statement`);
      expect(await prepared()).toEqual([]);
      for (let n = 0; n < 3; n++) await queryPreparedRows(database.db, sample(n));
      await queryPreparedRows(database.db, sql`SELECT ${'other'}::text AS x`);
      const statements = (await prepared()).map((row) => row.statement);
      expect(statements).toHaveLength(2);
      expect(statements.some((text) => text.includes('make_interval'))).toBe(true);
      expect(statements.some((text) => text.includes('AS x'))).toBe(true);
    } finally {
      await database.destroy();
    }
  });

  it('answers after a migration changed the columns of a statement a connection has prepared', async () => {
    const database = await createTestDatabase('postgres', { migrate: false, poolSize: 1 });
    try {
      await queryRows(database.db, sql`CREATE TABLE prepared_probe (a int)`);
      await queryRows(database.db, sql`INSERT INTO prepared_probe VALUES (7)`);
      const read = () => queryPreparedRows<{ a: unknown }>(database.db, sql`SELECT a FROM prepared_probe WHERE ${1}::int = 1`);
      expect(await read()).toEqual([{ a: 7 }]);
      await queryRows(database.db, sql`ALTER TABLE prepared_probe ALTER COLUMN a TYPE text`);
      expect(await read()).toEqual([{ a: '7' }]);
      expect(await read()).toEqual([{ a: '7' }]);
    } finally {
      await database.destroy();
    }
  });
});
