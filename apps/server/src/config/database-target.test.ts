import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../db/client.js';
import { describeDatabase, underlyingCause } from './database-target.js';

describe('start-up messages about the database', () => {
  it('names PostgreSQL by host, port and database, never the credentials', () => {
    expect(
      describeDatabase({ DATABASE_URL: 'postgres://admin:s3cret@db.example:6543/playrep?sslmode=require', DATA_DIR: './data' }),
    ).toBe('PostgreSQL at db.example:6543/playrep');
    expect(describeDatabase({ DATABASE_URL: 'postgresql://u:p@127.0.0.1/x', DATA_DIR: './data' })).toBe(
      'PostgreSQL at 127.0.0.1:5432/x',
    );
    expect(describeDatabase({ DATABASE_URL: undefined, DATA_DIR: '/tmp/pr-data' })).toBe('the embedded database in /tmp/pr-data');
  });

  it('digs the driver error out of the query error, also when PostgreSQL cannot be reached', async () => {
    const wrapped = new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"', {
      cause: new AggregateError(
        [new Error('connect ECONNREFUSED ::1:5999'), new Error('connect ECONNREFUSED 127.0.0.1:5999')],
        '',
      ),
    });
    expect(underlyingCause(wrapped)).toBe('connect ECONNREFUSED ::1:5999; connect ECONNREFUSED 127.0.0.1:5999');

    // The real thing: a port nobody listens on.
    const database = await openDatabase({ databaseUrl: 'postgres://someone:hunter2@127.0.0.1:5999/nothing', poolSize: 1 });
    try {
      const failure = await migrateDatabase(database).then(
        () => null,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toMatch(/^Failed query/);
      expect(underlyingCause(failure)).toBe('connect ECONNREFUSED 127.0.0.1:5999');
    } finally {
      await database.close();
    }
  });
});
