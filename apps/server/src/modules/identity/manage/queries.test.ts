import { ACCESS_STATES, ACCOUNT_SORTS, ROLES } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, NETWORK } from '../../../../test/fixtures/network.js';
import { createTestDatabase, databaseError, TEST_DB_KINDS, type TestDatabase } from '../../../../test/test-db.js';
import { queryRows } from '../../../db/client.js';
import { accountRow } from './present.js';
import { countManagedAccounts, listManagedAccounts as listRows } from './queries.js';

/** The rows as the Accounts screen shows them. */
const listManagedAccounts = async (...args: Parameters<typeof listRows>) => (await listRows(...args)).map(accountRow);

/**
 * The Accounts screen's list agrees with itself however it is asked: its count without filters
 * (read from the closure alone) and with them, its pages in every sort (picked on what the sort
 * needs, then read by id) and the whole list, its state filter and the states of the whole list.
 */
describe.each(TEST_DB_KINDS)('the accounts list on %s', (kind) => {
  let database: TestDatabase;
  let ids: Record<string, string>;
  const now = new Date('2026-11-20T06:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ids = await createNetwork(database.db);
    const db = database.db;
    await db.execute(sql`INSERT INTO accounts (username, role) VALUES ('house', 'house')`);
    // One account in each state, and one two-step on.
    await db.execute(sql`UPDATE accounts SET user_status = FALSE WHERE username = 'master3'`);
    await db.execute(sql`UPDATE accounts SET blocked_at = ${now} WHERE username = 'player2'`);
    await db.execute(sql`UPDATE accounts SET password_hash = NULL WHERE username IN ('player1', 'player3')`);
    await db.execute(sql`INSERT INTO sign_in_links (token_hash, account_id, purpose, created_at, expires_at)
                         VALUES ('not-a-real-hash', ${ids.player3}::uuid, 'invite', ${now}, ${new Date(now.getTime() + 86_400_000)})`);
    await db.execute(sql`INSERT INTO two_step (account_id, secret_encrypted, confirmed_at, created_at)
                         VALUES (${ids.am2}::uuid, 'not-a-real-secret', ${now}, ${now})`);
  });
  afterAll(async () => database?.destroy());

  it.each(NETWORK.map(([username]) => username))('lists the accounts below %s the same way however asked', async (manager) => {
    const db = database.db;
    const managerId = ids[manager]!;
    const whole = (sort: (typeof ACCOUNT_SORTS)[number], order: 'asc' | 'desc') =>
      listManagedAccounts(db, managerId, {}, { sort, order, offset: 0, limit: null }, now);
    const all = await whole('username', 'asc');
    const count = await countManagedAccounts(db, managerId, {}, now);
    expect(count).toBe(all.length);
    expect(all.map((r) => r.username)).not.toContain('house');
    let byRole = 0;
    for (const role of ROLES) byRole += await countManagedAccounts(db, managerId, { role }, now);
    expect(byRole).toBe(count);
    for (const state of ACCESS_STATES) {
      const kept = await listManagedAccounts(
        db,
        managerId,
        { state },
        { sort: 'username', order: 'asc', offset: 0, limit: null },
        now,
      );
      expect(kept, state).toEqual(all.filter((r) => r.state === state));
      expect(await countManagedAccounts(db, managerId, { state }, now), state).toBe(kept.length);
    }
    for (const sort of ACCOUNT_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const sorted = await whole(sort, order);
        expect(new Set(sorted.map((r) => r.username))).toEqual(new Set(all.map((r) => r.username)));
        const pages = [];
        for (let offset = 0; offset < count; offset += 3) {
          pages.push(...(await listManagedAccounts(db, managerId, {}, { sort, order, offset, limit: 3 }, now)));
        }
        expect(pages, `${sort} ${order}`).toEqual(sorted);
      }
    }
    const byUsername = all.map((r) => r.username);
    expect((await whole('username', 'desc')).map((r) => r.username)).toEqual([...byUsername].reverse());
    const byState = (await whole('state', 'asc')).map((r) => r.state);
    expect(byState).toEqual([...byState].sort());
    const byTwoStep = (await whole('twoStep', 'desc')).map((r) => r.twoStep);
    expect(byTwoStep).toEqual([...byTwoStep].sort().reverse());
  });

  it('has accounts in every state and one with two-step on', async () => {
    const all = await listManagedAccounts(
      database.db,
      ids.superadmin!,
      {},
      { sort: 'username', order: 'asc', offset: 0, limit: null },
      now,
    );
    expect(new Set(all.map((r) => r.state))).toEqual(new Set(ACCESS_STATES));
    expect(all.filter((r) => r.twoStep).map((r) => r.username)).toEqual(['am2']);
  });

  it('counts every account below each one as accounts are added and subtrees move, and refuses writes to the counts', async () => {
    const db = database.db;
    // Every account's count against its listing (which reads the closure and the accounts).
    const expectCounts = async (step: string) => {
      const usernames = await queryRows<{ id: string; username: string }>(db, sql`SELECT id, username FROM accounts`);
      for (const { id, username } of usernames) {
        const listed = await listManagedAccounts(db, id, {}, { sort: 'username', order: 'asc', offset: 0, limit: null }, now);
        expect(await countManagedAccounts(db, id, {}, now), `${step}: ${username}`).toBe(listed.length);
      }
    };
    await expectCounts('as created');
    const [am9] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO accounts (username, role, parent_id, first_name, last_name) VALUES ('am9', 'areamanager', ${ids.sam1}::uuid, 'Am', 'Nine')
          RETURNING id`,
    );
    await db.execute(
      sql`INSERT INTO accounts (username, role, parent_id, first_name, last_name) VALUES ('master9', 'master', ${am9!.id}::uuid, 'Master', 'Nine')`,
    );
    await expectCounts('an area manager and its master added');
    await db.execute(sql`UPDATE accounts SET parent_id = ${ids.sam2}::uuid WHERE id = ${ids.am1}::uuid`);
    await expectCounts('am1 and its subtree moved under sam2');
    await db.execute(sql`UPDATE accounts SET parent_id = ${ids.sam1}::uuid WHERE id = ${ids.am1}::uuid`);
    await expectCounts('and back');
    expect(await databaseError(db.execute(sql`UPDATE subtree_sizes SET accounts = accounts + 1`))).toBe(
      'subtree_sizes is kept by the triggers of the table it counts and cannot be written directly',
    );
  });
});
