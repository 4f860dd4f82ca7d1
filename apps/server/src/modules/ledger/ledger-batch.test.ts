import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { type Db, queryRows } from '../../db/client.js';
import { ensureHouseAccount, inOneTransaction } from './ledger.js';
import { addAccount, balancesOf, checkLedger, expectHttpError, give } from './test-support.js';

describe.each(TEST_DB_KINDS)('ledger operations in one transaction on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let admin: string;
  let master: string;
  const transferCount = async () => (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM transfers`))[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    const house = await ensureHouseAccount(db, 'HOUSE');
    const top = await addAccount(db, { username: 'superadmin', role: 'superadmin' });
    admin = await addAccount(db, { username: 'admin1', role: 'admin', parentId: top });
    master = await addAccount(db, { username: 'master1', role: 'master', parentId: admin });
    await give(db, house, top, 1000_00);
    await give(db, top, admin, 500_00);
  });
  afterAll(async () => database?.destroy());

  it('applies every step in order, as the one-transaction operations would', async () => {
    const records = await inOneTransaction(db, async (ledger) => {
      const down = await ledger.createTransfer({ fromId: admin, toId: master, amountCents: 300_00, channel: 'single' });
      const accepted = await ledger.acceptTransfer({ transferId: down.id, byAccountId: master });
      // The master spends what it was given in the same transaction.
      const up = await ledger.createTransfer({ fromId: master, toId: admin, amountCents: 100_00, channel: 'multiplayer' });
      const cancelled = await ledger.cancelTransfer({ transferId: up.id, byAccountId: master });
      const again = await ledger.createTransfer({ fromId: master, toId: admin, amountCents: 50_00, channel: 'single' });
      const rejected = await ledger.rejectTransfer({ transferId: again.id, byAccountId: admin });
      return [accepted, cancelled, rejected];
    });
    expect(records.map((r) => [r.status, r.amountCents])).toEqual([
      ['accepted', 300_00],
      ['cancelled', 100_00],
      ['rejected', 50_00],
    ]);
    expect(await balancesOf(db, [admin, master])).toEqual([200_00, 300_00]);
    await checkLedger(db);
  });

  it('undoes the whole batch when one step is refused, with the refusal of that step', async () => {
    const before = [await balancesOf(db, [admin, master]), await transferCount()];
    const batch = inOneTransaction(db, async (ledger) => {
      await ledger.createTransfer({ fromId: admin, toId: master, amountCents: 150_00, channel: 'single' });
      await ledger.createTransfer({ fromId: admin, toId: master, amountCents: 150_00, channel: 'single' });
    });
    await expectHttpError(batch, 409, 'Insufficient balance');
    expect([await balancesOf(db, [admin, master]), await transferCount()]).toEqual(before);
    await checkLedger(db);
  });
});
