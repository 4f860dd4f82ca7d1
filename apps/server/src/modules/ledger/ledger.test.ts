import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inNumbers } from '../../../test/in-numbers.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import {
  acceptTransfer,
  cancelTransfer,
  createTransfer,
  ensureHouseAccount,
  MAX_TRANSFER_CENTS,
  rejectTransfer,
} from './ledger.js';
import {
  addAccount,
  balanceOf,
  balancesOf,
  checkLedger,
  expectHttpError,
  getHouseAccountId,
  give,
  ledgerTotals,
  setActive,
} from './test-support.js';

const NOT_RELATED = 'Points can only be transferred between a parent and its direct child, or with the house';

describe.each(TEST_DB_KINDS)('house account on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  it('is created once, without a password, and found by getHouseAccountId', async () => {
    const db = database.db;
    await expectHttpError(getHouseAccountId(db), 404, 'The house account does not exist');
    await addAccount(db, { username: 'bank', role: 'superadmin' });
    await expectHttpError(ensureHouseAccount(db, 'BANK'), 409, 'The username BANK is taken by another account');
    await expectHttpError(ensureHouseAccount(db, '   '), 400);

    const id = await ensureHouseAccount(db, '  HOUSE ');
    const [row] = await queryRows<{ username: string; role: string; password_hash: string | null; user_status: boolean }>(
      db,
      sql`SELECT username, role, password_hash, user_status FROM accounts WHERE id = ${id}`,
    );
    expect(row).toEqual({ username: 'HOUSE', role: 'house', password_hash: null, user_status: true });
    expect(await getHouseAccountId(db)).toBe(id);
    expect(await ensureHouseAccount(db, 'HOUSE')).toBe(id);
    expect(await Promise.all([1, 2, 3].map(() => ensureHouseAccount(db, 'HOUSE')))).toEqual([id, id, id]);
    // A single house: asking under another name gives the existing one, unchanged.
    expect(await ensureHouseAccount(db, 'MINT')).toBe(id);
    const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM accounts WHERE role = 'house'`);
    expect(count!.n).toBe(1);
  });

  it('ledgerTotals adds up a known history', async () => {
    const db = database.db;
    const house = await getHouseAccountId(db);
    const [sa] = await queryRows<{ id: string }>(db, sql`SELECT id FROM accounts WHERE role = 'superadmin'`);
    const top = sa!.id;
    const admin = await addAccount(db, { username: 'totals-admin', role: 'admin', parentId: top });

    await give(db, house, top, 1000_00); // issued 1000
    await createTransfer(db, { fromId: house, toId: admin, amountCents: 300_00, channel: 'multiplayer' }); // issued, pending
    await give(db, top, admin, 200_00);
    await give(db, admin, house, 50_00); // returned 50
    await createTransfer(db, { fromId: admin, toId: house, amountCents: 20_00, channel: 'single' }); // pending
    const rejected = await createTransfer(db, { fromId: top, toId: house, amountCents: 10_00, channel: 'single' });
    await rejectTransfer(db, { transferId: rejected.id, byAccountId: house });
    const cancelled = await createTransfer(db, { fromId: house, toId: top, amountCents: 70_00, channel: 'single' });
    await cancelTransfer(db, { transferId: cancelled.id, byAccountId: house });

    // By hand: top 1000 − 200 = 800; admin 200 − 50 − 20 = 130; house −1000 − 300 + 50 = −1250.
    expect(inNumbers(await ledgerTotals(db))).toEqual({
      balancesCents: 930_00,
      pendingCents: 320_00,
      issuedCents: 1300_00,
      returnedCents: 50_00,
      houseBalanceCents: -1250_00,
    });
    expect(await balancesOf(db, [top, admin, house])).toEqual([800_00, 130_00, -1250_00]);
    await checkLedger(db);
  });
});

describe.each(TEST_DB_KINDS)('ledger rules on %s', (kind) => {
  let database: TestDatabase;
  let house: string;
  let top: string;
  let n = 0;

  /** A fresh branch under the superadmin for each test: admin > master > player1, player2, with 1000 points for the admin. */
  async function branch() {
    const db = database.db;
    n += 1;
    const admin = await addAccount(db, { username: `admin${n}`, role: 'admin', parentId: top });
    const master = await addAccount(db, { username: `master${n}`, role: 'master', parentId: admin });
    const player1 = await addAccount(db, { username: `p${n}a`, role: 'player', parentId: master });
    const player2 = await addAccount(db, { username: `p${n}b`, role: 'player', parentId: master });
    await give(db, house, admin, 1000_00);
    return { db, admin, master, player1, player2 };
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    house = await ensureHouseAccount(database.db, 'HOUSE');
    top = await addAccount(database.db, { username: 'superadmin', role: 'superadmin' });
  });
  afterAll(async () => {
    if (database) await checkLedger(database.db);
    await database?.destroy();
  });

  describe('createTransfer', () => {
    it('debits the sender at once and records a pending transfer', async () => {
      const { db, admin, master } = await branch();
      const at = new Date('2025-03-05T10:30:00Z');
      const t = await createTransfer(db, { fromId: admin, toId: master, amountCents: 250_75, channel: 'multiplayer', at });
      expect(t).toEqual({
        id: expect.any(Number),
        fromId: admin,
        toId: master,
        amountCents: 250_75,
        channel: 'multiplayer',
        status: 'pending',
        createdAt: at,
        resolvedAt: null,
      });
      expect(await balancesOf(db, [admin, master])).toEqual([749_25, 0]);
      const [row] = await queryRows<{ created_ms: number; status: string }>(
        db,
        sql`SELECT (extract(epoch FROM created_at) * 1000)::bigint AS created_ms, status FROM transfers WHERE id = ${t.id}`,
      );
      expect(row).toEqual({ created_ms: at.getTime(), status: 'pending' });
    });

    it('defaults the creation time to now', async () => {
      const { db, admin, master } = await branch();
      const before = Date.now();
      const t = await createTransfer(db, { fromId: admin, toId: master, amountCents: 1, channel: 'single' });
      expect(t.createdAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(t.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    });

    it('runs between a parent and its direct child, both ways', async () => {
      const { db, admin, master, player1 } = await branch();
      await give(db, admin, master, 100_00);
      await give(db, master, player1, 40_00);
      await give(db, player1, master, 15_00);
      await give(db, master, admin, 5_00);
      expect(await balancesOf(db, [admin, master, player1])).toEqual([905_00, 70_00, 25_00]);
    });

    it('runs between the house and any account, both ways, the house going below zero', async () => {
      const { db, player1 } = await branch();
      const houseBefore = await balanceOf(db, house);
      await give(db, house, player1, 30_00);
      await give(db, player1, house, 10_00);
      expect(await balanceOf(db, player1)).toBe(20_00);
      expect(await balanceOf(db, house)).toBe(houseBefore - 20_00);
      expect(houseBefore).toBeLessThan(0);
    });

    it('refuses accounts that are not parent and direct child', async () => {
      const { db, admin, master, player1, player2 } = await branch();
      await give(db, admin, master, 100_00);
      await give(db, master, player1, 50_00);
      await expectHttpError(
        createTransfer(db, { fromId: admin, toId: player1, amountCents: 1_00, channel: 'single' }),
        400,
        NOT_RELATED,
      );
      await expectHttpError(
        createTransfer(db, { fromId: player1, toId: admin, amountCents: 1_00, channel: 'single' }),
        400,
        NOT_RELATED,
      );
      await expectHttpError(
        createTransfer(db, { fromId: player1, toId: player2, amountCents: 1_00, channel: 'single' }),
        400,
        NOT_RELATED,
      );
      await expectHttpError(
        createTransfer(db, { fromId: top, toId: master, amountCents: 1_00, channel: 'single' }),
        400,
        NOT_RELATED,
      );
      await expectHttpError(
        createTransfer(db, { fromId: master, toId: master, amountCents: 1_00, channel: 'single' }),
        400,
        'An account cannot transfer points to itself',
      );
      expect(await balancesOf(db, [admin, master, player1, player2])).toEqual([900_00, 50_00, 50_00, 0]);
    });

    it('refuses unknown accounts with 404', async () => {
      const { db, admin } = await branch();
      const ghost = randomUUID();
      await expectHttpError(
        createTransfer(db, { fromId: ghost, toId: admin, amountCents: 1, channel: 'single' }),
        404,
        'Unknown sender account',
      );
      await expectHttpError(
        createTransfer(db, { fromId: admin, toId: ghost, amountCents: 1, channel: 'single' }),
        404,
        'Unknown receiver account',
      );
      await expectHttpError(
        createTransfer(db, { fromId: admin, toId: 'nobody', amountCents: 1, channel: 'single' }),
        404,
        'Unknown receiver account',
      );
      expect(await balanceOf(db, admin)).toBe(1000_00);
    });

    it('accepts ids in any letter case', async () => {
      const { db, admin, master } = await branch();
      const t = await createTransfer(db, {
        fromId: admin.toUpperCase(),
        toId: master.toUpperCase(),
        amountCents: 1,
        channel: 'single',
      });
      expect([t.fromId, t.toId]).toEqual([admin, master]);
    });

    it('refuses amounts that are not > 0 whole hundredths', async () => {
      const { db, admin, master } = await branch();
      for (const amountCents of [
        0,
        -1,
        -100_00,
        10.5,
        0.01,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        MAX_TRANSFER_CENTS + 1,
        '100' as never,
      ]) {
        await expectHttpError(
          createTransfer(db, { fromId: admin, toId: master, amountCents, channel: 'single' }),
          400,
          'The amount must be greater than 0 with at most 2 decimals',
        );
      }
      const smallest = await createTransfer(db, { fromId: admin, toId: master, amountCents: 1, channel: 'single' });
      expect(smallest.amountCents).toBe(1);
      expect(await balanceOf(db, admin)).toBe(999_99);
      const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM transfers WHERE from_id = ${admin}`);
      expect(count!.n).toBe(1);
    });

    it('refuses a bad channel or time', async () => {
      const { db, admin, master } = await branch();
      await expectHttpError(createTransfer(db, { fromId: admin, toId: master, amountCents: 1, channel: 'bulk' as never }), 400);
      await expectHttpError(
        createTransfer(db, { fromId: admin, toId: master, amountCents: 1, channel: 'single', at: new Date('nope') }),
        400,
      );
    });

    it('refuses to overdraw (409) and allows spending the whole balance', async () => {
      const { db, admin, master } = await branch();
      await expectHttpError(
        createTransfer(db, { fromId: admin, toId: master, amountCents: 1000_01, channel: 'single' }),
        409,
        'Insufficient balance',
      );
      await expectHttpError(
        createTransfer(db, { fromId: master, toId: admin, amountCents: 1, channel: 'single' }),
        409,
        'Insufficient balance',
      );
      await createTransfer(db, { fromId: admin, toId: master, amountCents: 600_00, channel: 'single' });
      // Held points are gone from the balance: they cannot be sent twice.
      await expectHttpError(createTransfer(db, { fromId: admin, toId: master, amountCents: 400_01, channel: 'single' }), 409);
      await createTransfer(db, { fromId: admin, toId: master, amountCents: 400_00, channel: 'single' });
      expect(await balanceOf(db, admin)).toBe(0);
    });

    it('refuses inactive senders and receivers (409)', async () => {
      const { db, admin, master, player1 } = await branch();
      await give(db, admin, master, 100_00);
      await setActive(db, master, false);
      await expectHttpError(
        createTransfer(db, { fromId: master, toId: player1, amountCents: 1_00, channel: 'single' }),
        409,
        'The sender account is inactive',
      );
      await expectHttpError(
        createTransfer(db, { fromId: admin, toId: master, amountCents: 1_00, channel: 'single' }),
        409,
        'The receiver account is inactive',
      );
      await expectHttpError(createTransfer(db, { fromId: house, toId: master, amountCents: 1_00, channel: 'single' }), 409);
      expect(await balancesOf(db, [admin, master, player1])).toEqual([900_00, 100_00, 0]);
      await setActive(db, master, true);
      await give(db, master, player1, 1_00);
    });
  });

  describe('accept, reject, cancel', () => {
    it('accept credits the receiver, once', async () => {
      const { db, admin, master } = await branch();
      const t = await createTransfer(db, { fromId: admin, toId: master, amountCents: 120_50, channel: 'single' });
      const at = new Date(t.createdAt.getTime() + 60_000);
      const accepted = await acceptTransfer(db, { transferId: t.id, byAccountId: master, at });
      expect(accepted).toEqual({ ...t, status: 'accepted', resolvedAt: at });
      expect(await balancesOf(db, [admin, master])).toEqual([879_50, 120_50]);
      await expectHttpError(
        acceptTransfer(db, { transferId: t.id, byAccountId: master }),
        409,
        'This transfer is already accepted',
      );
      await expectHttpError(
        rejectTransfer(db, { transferId: t.id, byAccountId: master }),
        409,
        'This transfer is already accepted',
      );
      await expectHttpError(
        cancelTransfer(db, { transferId: t.id, byAccountId: admin }),
        409,
        'This transfer is already accepted',
      );
      expect(await balancesOf(db, [admin, master])).toEqual([879_50, 120_50]);
    });

    it('reject refunds the sender, once', async () => {
      const { db, admin, master } = await branch();
      const t = await createTransfer(db, { fromId: admin, toId: master, amountCents: 300_00, channel: 'multiplayer' });
      const rejected = await rejectTransfer(db, { transferId: t.id, byAccountId: master });
      expect(rejected.status).toBe('rejected');
      expect(rejected.resolvedAt).toBeInstanceOf(Date);
      expect(await balancesOf(db, [admin, master])).toEqual([1000_00, 0]);
      await expectHttpError(
        rejectTransfer(db, { transferId: t.id, byAccountId: master }),
        409,
        'This transfer is already rejected',
      );
      await expectHttpError(acceptTransfer(db, { transferId: t.id, byAccountId: master }), 409);
      expect(await balancesOf(db, [admin, master])).toEqual([1000_00, 0]);
    });

    it('cancel refunds the sender, once', async () => {
      const { db, admin, master } = await branch();
      const t = await createTransfer(db, { fromId: admin, toId: master, amountCents: 300_00, channel: 'single' });
      const cancelled = await cancelTransfer(db, { transferId: t.id, byAccountId: admin });
      expect(cancelled.status).toBe('cancelled');
      expect(await balancesOf(db, [admin, master])).toEqual([1000_00, 0]);
      await expectHttpError(
        cancelTransfer(db, { transferId: t.id, byAccountId: admin }),
        409,
        'This transfer is already cancelled',
      );
      await expectHttpError(acceptTransfer(db, { transferId: t.id, byAccountId: master }), 409);
    });

    it('only the receiver accepts or rejects, only the sender cancels (403)', async () => {
      const { db, admin, master, player1 } = await branch();
      const t = await createTransfer(db, { fromId: admin, toId: master, amountCents: 10_00, channel: 'single' });
      const receiverOnly = 'Only the receiver can accept this transfer';
      await expectHttpError(acceptTransfer(db, { transferId: t.id, byAccountId: admin }), 403, receiverOnly);
      await expectHttpError(acceptTransfer(db, { transferId: t.id, byAccountId: player1 }), 403, receiverOnly);
      await expectHttpError(acceptTransfer(db, { transferId: t.id, byAccountId: house }), 403, receiverOnly);
      await expectHttpError(acceptTransfer(db, { transferId: t.id, byAccountId: 'garbage' }), 403, receiverOnly);
      await expectHttpError(
        rejectTransfer(db, { transferId: t.id, byAccountId: admin }),
        403,
        'Only the receiver can reject this transfer',
      );
      await expectHttpError(
        cancelTransfer(db, { transferId: t.id, byAccountId: master }),
        403,
        'Only the sender can cancel this transfer',
      );
      // Still pending and untouched: the right party can resolve it.
      expect(await balancesOf(db, [admin, master])).toEqual([990_00, 0]);
      await acceptTransfer(db, { transferId: t.id, byAccountId: master.toUpperCase() });
      expect(await balanceOf(db, master)).toBe(10_00);
      // Wrong party on a resolved transfer is still 403, not a hint about its state.
      await expectHttpError(cancelTransfer(db, { transferId: t.id, byAccountId: player1 }), 403);
    });

    it('unknown transfers give 404', async () => {
      const { db, master } = await branch();
      for (const transferId of [999_999_999, 0, -1, 1.5, Number.NaN]) {
        await expectHttpError(acceptTransfer(db, { transferId, byAccountId: master }), 404, 'Unknown transfer');
        await expectHttpError(cancelTransfer(db, { transferId, byAccountId: master }), 404, 'Unknown transfer');
      }
    });

    it('a transfer is not resolved before it was created', async () => {
      const { db, admin, master } = await branch();
      const createdAt = new Date('2025-01-10T00:00:00Z');
      const t = await createTransfer(db, { fromId: admin, toId: master, amountCents: 1_00, channel: 'single', at: createdAt });
      await expectHttpError(
        acceptTransfer(db, { transferId: t.id, byAccountId: master, at: new Date('2025-01-09T23:59:59Z') }),
        400,
        'A transfer cannot be resolved before it was created',
      );
      const same = await acceptTransfer(db, { transferId: t.id, byAccountId: master, at: createdAt });
      expect(same.resolvedAt).toEqual(createdAt);
    });

    it('an inactive receiver cannot accept; refunds to inactive accounts still happen', async () => {
      const { db, admin, master, player1 } = await branch();
      await give(db, admin, master, 100_00);
      const toPlayer = await createTransfer(db, { fromId: master, toId: player1, amountCents: 30_00, channel: 'single' });
      const toAdmin = await createTransfer(db, { fromId: master, toId: admin, amountCents: 20_00, channel: 'single' });
      await setActive(db, player1, false);
      await expectHttpError(
        acceptTransfer(db, { transferId: toPlayer.id, byAccountId: player1 }),
        409,
        'The receiver account is inactive',
      );
      const [row] = await queryRows<{ status: string; unresolved: boolean }>(
        db,
        sql`SELECT status, resolved_at IS NULL AS unresolved FROM transfers WHERE id = ${toPlayer.id}`,
      );
      expect(row).toEqual({ status: 'pending', unresolved: true });
      await rejectTransfer(db, { transferId: toPlayer.id, byAccountId: player1 });
      await setActive(db, master, false);
      await cancelTransfer(db, { transferId: toAdmin.id, byAccountId: master });
      expect(await balancesOf(db, [admin, master, player1])).toEqual([900_00, 100_00, 0]);
    });

    it('the house accepts, rejects and cancels like any account', async () => {
      const { db, master } = await branch();
      await give(db, house, master, 50_00);
      const back = await createTransfer(db, { fromId: master, toId: house, amountCents: 20_00, channel: 'single' });
      const before = await ledgerTotals(db);
      await acceptTransfer(db, { transferId: back.id, byAccountId: house });
      const after = await ledgerTotals(db);
      expect(after.returnedCents - before.returnedCents).toBe(20_00n);
      expect(after.houseBalanceCents - before.houseBalanceCents).toBe(20_00n);
      expect(after.pendingCents - before.pendingCents).toBe(-20_00n);
      const out = await createTransfer(db, { fromId: house, toId: master, amountCents: 5_00, channel: 'single' });
      await cancelTransfer(db, { transferId: out.id, byAccountId: house });
      expect(await balanceOf(db, master)).toBe(30_00);
      expect(await ledgerTotals(db)).toEqual(after);
    });
  });
});
