import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { ensureConfiguredHouse, HouseAccountError } from './ledger.js';
import { getHouseAccountId } from './test-support.js';

const houses = (database: TestDatabase) =>
  queryRows<{ id: string; username: string; password_hash: string | null }>(
    database.db,
    sql`SELECT id, username, password_hash FROM accounts WHERE role = 'house'`,
  );

describe.each(TEST_DB_KINDS)('the house account at start-up on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it('creates the house under HOUSE_USERNAME when there is none, once, where the ledger finds it', async () => {
    database = await createTestDatabase(kind);
    const id = await ensureConfiguredHouse(database.db, 'BANK');
    expect(await ensureConfiguredHouse(database.db, 'BANK')).toBe(id);
    expect(await ensureConfiguredHouse(database.db, 'bank')).toBe(id); // usernames are unique ignoring case
    expect(await houses(database)).toEqual([{ id, username: 'BANK', password_hash: null }]);
    expect(await getHouseAccountId(database.db)).toBe(id);
  });

  it('stops when the house exists under another username, naming both', async () => {
    database = await createTestDatabase(kind);
    const id = await ensureConfiguredHouse(database.db, 'HOUSE');
    const other = ensureConfiguredHouse(database.db, 'TREASURY');
    await expect(other).rejects.toBeInstanceOf(HouseAccountError);
    await expect(other).rejects.toThrow(
      'The house account in the database is HOUSE, but HOUSE_USERNAME is TREASURY. Set HOUSE_USERNAME=HOUSE',
    );
    expect((await houses(database)).map((h) => h.id)).toEqual([id]);
  });

  it('stops when HOUSE_USERNAME belongs to an account that is not the house', async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql`INSERT INTO accounts (username, role) VALUES ('chief', 'superadmin')`);
    await expect(ensureConfiguredHouse(database.db, 'Chief')).rejects.toThrow(
      'HOUSE_USERNAME is Chief, but that username belongs to an account that is not the house.',
    );
    expect(await houses(database)).toEqual([]);
  });
});
