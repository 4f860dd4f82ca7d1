import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../test/test-db.js';
import { isStatementTimeout, isUniqueViolation, pgConstraint, pgErrorCode } from './errors.js';

async function failure(statement: Promise<unknown>): Promise<unknown> {
  try {
    await statement;
  } catch (error) {
    return error;
  }
  throw new Error('the statement was accepted');
}

describe.each(TEST_DB_KINDS)('database errors through Drizzle on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql`INSERT INTO accounts (username, role, first_name) VALUES ('twin', 'superadmin', 'T')`);
  });
  afterAll(async () => database?.destroy());

  it('reads the SQLSTATE and the constraint of a unique violation wrapped by Drizzle', async () => {
    const error = await failure(
      database.db.execute(sql`INSERT INTO accounts (username, role, first_name) VALUES ('TWIN', 'superadmin', 'T')`),
    );
    expect(pgErrorCode(error)).toBe('23505');
    expect(pgConstraint(error)).toBe('accounts_username_lower_key');
    expect(isUniqueViolation(error)).toBe(true);
    expect(isStatementTimeout(error)).toBe(false);
  });

  it('reads another refusal as what it is, and finds no code where there is none', async () => {
    const error = await failure(database.db.execute(sql`SELECT 1 / 0`));
    expect(pgErrorCode(error)).toBe('22012');
    expect(isUniqueViolation(error)).toBe(false);
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
    expect(pgErrorCode(undefined)).toBeUndefined();
  });
});
