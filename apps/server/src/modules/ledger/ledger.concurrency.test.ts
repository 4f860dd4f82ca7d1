import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.js';
import { type Db, queryRows } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import {
  acceptTransfer,
  cancelTransfer,
  createTransfer,
  ensureHouseAccount,
  rejectTransfer,
  type TransferRecord,
  type TransferStatus,
} from './ledger.js';
import { addAccount, balanceOf, balancesOf, checkLedger, give } from './test-support.js';

/**
 * Real parallelism needs PostgreSQL (PGlite runs one statement at a time): these tests run only
 * when TEST_DATABASE_URL is set, on a pool of 20 connections.
 */
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], next: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Every refusal must be a deliberate HttpError: a deadlock or SQL error fails the test. */
function httpErrorOf(result: PromiseSettledResult<unknown>): HttpError {
  expect(result.status).toBe('rejected');
  const reason = (result as PromiseRejectedResult).reason;
  if (!(reason instanceof HttpError)) throw reason;
  return reason;
}

describe.skipIf(!hasPostgres)('ledger under concurrent calls on PostgreSQL (runs only with TEST_DATABASE_URL)', () => {
  let database: TestDatabase;
  let db: Db;
  let house: string;
  let top: string;
  let n = 0;

  /** A fresh admin under the superadmin, funded, with `masters` masters funded in turn. */
  async function branch(masters: number, adminCents: number, masterCents: number) {
    n += 1;
    const admin = await addAccount(db, { username: `c-admin${n}`, role: 'admin', parentId: top });
    await give(db, top, admin, adminCents);
    const ids: string[] = [];
    for (let i = 0; i < masters; i++) {
      const id = await addAccount(db, { username: `c-master${n}-${i}`, role: 'master', parentId: admin });
      if (masterCents > 0) await give(db, admin, id, masterCents);
      ids.push(id);
    }
    return { admin, masters: ids };
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { poolSize: 20 });
    db = database.db;
    house = await ensureHouseAccount(db, 'HOUSE');
    top = await addAccount(db, { username: 'superadmin', role: 'superadmin' });
    await give(db, house, top, 1_000_000_00);
  });
  afterAll(async () => {
    if (database) await checkLedger(db);
    await database?.destroy();
  });

  it('resolves each pending transfer exactly once among concurrent accepts, rejects and cancels', async () => {
    const next = random(20250305);
    for (let round = 0; round < 3; round++) {
      const { admin, masters } = await branch(4, 2000_00, 300_00);
      const pending: TransferRecord[] = [];
      const send = async (fromId: string, toId: string, amountCents: number) => {
        pending.push(await createTransfer(db, { fromId, toId, amountCents, channel: 'single' }));
      };
      for (const [i, m] of masters.entries()) {
        await send(admin, m, 100_00 + i);
        await send(m, admin, 50_00 + i);
        await send(i % 2 ? house : m, i % 2 ? m : house, 10_00 + i);
      }
      const accountIds = [house, admin, ...masters];
      const before = await balancesOf(db, accountIds);

      type Attempt = {
        transfer: TransferRecord;
        kind: 'accept' | 'reject' | 'cancel' | 'intruder';
        run: () => Promise<TransferRecord>;
      };
      const attempts: Attempt[] = [];
      for (const t of pending) {
        const by = { transferId: t.id };
        for (let k = 0; k < 3; k++) {
          attempts.push({ transfer: t, kind: 'accept', run: () => acceptTransfer(db, { ...by, byAccountId: t.toId }) });
          attempts.push({ transfer: t, kind: 'reject', run: () => rejectTransfer(db, { ...by, byAccountId: t.toId }) });
          attempts.push({ transfer: t, kind: 'cancel', run: () => cancelTransfer(db, { ...by, byAccountId: t.fromId }) });
        }
        attempts.push({ transfer: t, kind: 'intruder', run: () => acceptTransfer(db, { ...by, byAccountId: t.fromId }) });
      }
      const order = shuffle(attempts, next);
      const results = await Promise.allSettled(order.map((a) => a.run()));

      const expected = new Map(accountIds.map((id, i) => [id, before[i]!]));
      for (const t of pending) {
        const mine = order.map((a, i) => ({ a, r: results[i]! })).filter((x) => x.a.transfer.id === t.id);
        const winners = mine.filter((x) => x.r.status === 'fulfilled');
        expect(winners, `transfer ${t.id}`).toHaveLength(1);
        const winner = (winners[0]!.r as PromiseFulfilledResult<TransferRecord>).value;
        const statusOf: Record<string, TransferStatus> = { accept: 'accepted', reject: 'rejected', cancel: 'cancelled' };
        expect(winner.status).toBe(statusOf[winners[0]!.a.kind]);
        for (const loser of mine.filter((x) => x.r.status === 'rejected')) {
          const error = httpErrorOf(loser.r);
          if (loser.a.kind === 'intruder') expect(error.statusCode).toBe(403);
          else expect([error.statusCode, error.message]).toEqual([409, `This transfer is already ${winner.status}`]);
        }
        const [row] = await queryRows<{ status: TransferStatus }>(db, sql`SELECT status FROM transfers WHERE id = ${t.id}`);
        expect(row!.status).toBe(winner.status);
        const credited = winner.status === 'accepted' ? t.toId : t.fromId;
        expected.set(credited, expected.get(credited)! + t.amountCents);
      }
      expect(await balancesOf(db, accountIds)).toEqual(accountIds.map((id) => expected.get(id)));
      await checkLedger(db);
    }
  });

  it('lets exactly one of 20 parallel sends of 60% of the balance through', async () => {
    const { admin, masters } = await branch(1, 500_00, 100_00);
    const master = masters[0]!;
    const players: string[] = [];
    for (let i = 0; i < 3; i++)
      players.push(await addAccount(db, { username: `c-player${n}-${i}`, role: 'player', parentId: master }));
    const receivers = [admin, house, ...players];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        createTransfer(db, {
          fromId: master,
          toId: receivers[i % receivers.length]!,
          amountCents: 60_00,
          channel: 'multiplayer',
        }),
      ),
    );
    const sent = results.filter((r) => r.status === 'fulfilled');
    expect(sent).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      const error = httpErrorOf(r);
      expect([error.statusCode, error.message]).toEqual([409, 'Insufficient balance']);
    }
    expect(await balanceOf(db, master)).toBe(40_00);
    const [held] = await queryRows<{ n: number; total: number }>(
      db,
      sql`SELECT count(*)::int AS n, coalesce(sum(amount_cents), 0)::bigint AS total FROM transfers WHERE from_id = ${master}`,
    );
    expect([held!.n, Number(held!.total)]).toEqual([1, 60_00]);
    await checkLedger(db);
  });

  it('stays exact under mixed traffic both ways along the tree (no deadlock, nothing lost or doubled)', async () => {
    const next = random(7);
    const { admin, masters } = await branch(3, 3000_00, 200_00);
    const edges: [string, string][] = [];
    for (const m of masters) edges.push([admin, m], [m, admin], [house, m], [m, house]);
    edges.push([top, admin], [admin, top], [house, admin], [admin, house]);
    // Each task sends along a random edge and then resolves its transfer in a random way, so
    // creations, credits and refunds on the same rows interleave in every order.
    const tasks = Array.from({ length: 80 }, () => {
      const [fromId, toId] = edges[Math.floor(next() * edges.length)]!;
      const amountCents = 1 + Math.floor(next() * 150_00);
      const resolution = Math.floor(next() * 4); // 0 accept, 1 reject, 2 cancel, 3 leave pending
      return async () => {
        const t = await createTransfer(db, { fromId, toId, amountCents, channel: 'single' });
        if (resolution === 0) await acceptTransfer(db, { transferId: t.id, byAccountId: toId });
        if (resolution === 1) await rejectTransfer(db, { transferId: t.id, byAccountId: toId });
        if (resolution === 2) await cancelTransfer(db, { transferId: t.id, byAccountId: fromId });
        return t;
      };
    });
    const results = await Promise.allSettled(tasks.map((task) => task()));
    let refused = 0;
    for (const r of results) {
      if (r.status === 'rejected') {
        const error = httpErrorOf(r);
        expect([error.statusCode, error.message]).toEqual([409, 'Insufficient balance']);
        refused += 1;
      }
    }
    expect(results.length - refused).toBeGreaterThan(40);
    await checkLedger(db);
  });
});
