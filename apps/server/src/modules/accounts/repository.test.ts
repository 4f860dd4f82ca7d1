import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, NETWORK, type NetworkIds } from '../../../test/fixtures/network.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { verifyPassword } from '../identity/gate/passwords.js';
import { ensureHouseAccount } from '../ledger/ledger.js';
import { mastersOrderBy, subtreeMasters } from '../play-sums/masters-page.js';
import {
  accountsOf,
  counterpartyVisible,
  directChildren,
  findAccount,
  findAccountInScope,
  findSignInAccount,
  pathFrom,
  searchAccounts,
} from './repository.js';

describe.each(TEST_DB_KINDS)('accounts repository on %s', (kind) => {
  let t: TestDatabase;
  let ids: NetworkIds;
  let house: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    ids = await createNetwork(t.db);
    house = await ensureHouseAccount(t.db, 'HOUSE');
    await t.db.execute(
      sql`UPDATE accounts SET wallet_balance_cents = 12345, address = 'Pune', commission = 12.5, user_status = false
           WHERE id = ${ids.master2}`,
    );
  });
  afterAll(async () => t?.destroy());

  it('reads one account as stored: wallet in hundredths, name in two parts, the house too', async () => {
    expect(await findAccount(t.db, ids.master2)).toEqual({
      id: ids.master2,
      username: 'master2',
      role: 'master',
      firstName: 'Master',
      lastName: 'Number 2',
      parentId: ids.am1,
      address: 'Pune',
      commission: 12.5,
      userStatus: false,
      walletBalanceCents: 12_345n,
    });
    expect((await findAccount(t.db, house))?.role).toBe('house');
    expect(await findAccount(t.db, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('tells whether an account is in a subtree, by id or by username ignoring case', async () => {
    const inside = await findAccountInScope(t.db, ids.am1, { username: 'MASTER1' });
    expect(inside).toMatchObject({ inScope: true, account: { id: ids.master1, username: 'master1', role: 'master' } });
    expect(await findAccountInScope(t.db, ids.am1, { id: ids.am1 })).toMatchObject({ inScope: true });
    expect(await findAccountInScope(t.db, ids.am1, { id: ids.master3 })).toMatchObject({ inScope: false });
    expect(await findAccountInScope(t.db, ids.am1, { username: 'sam1' })).toMatchObject({ inScope: false });
    expect(await findAccountInScope(t.db, ids.superadmin, { username: 'nobody' })).toBeNull();
    // The house is nobody's subject, even for the top of the network.
    expect(await findAccountInScope(t.db, ids.superadmin, { id: house })).toBeNull();
    expect(await findAccountInScope(t.db, ids.superadmin, { username: 'house' })).toBeNull();
  });

  it('tells whether the viewer may see an account: its subtree and its chain of ancestors, nothing beside', async () => {
    const visible = async (viewer: string, username: string) => (await findAccountInScope(t.db, viewer, { username }))?.visible;
    for (const username of ['am1', 'master2', 'player1', 'sam1', 'admin1', 'superadmin'])
      expect(await visible(ids.am1, username)).toBe(true);
    for (const username of ['am2', 'sam2', 'admin2', 'master3', 'player3']) expect(await visible(ids.am1, username)).toBe(false);
    expect(await visible(ids.master1, 'master2')).toBe(false);
    // Checked against the subject's subtree, seen by the caller: master2 is outside master1's subtree, but am1 sees it.
    expect(await findAccountInScope(t.db, ids.master1, { username: 'master2' }, ids.am1)).toMatchObject({
      inScope: false,
      visible: true,
    });
    // A counterparty may also be the house.
    expect(await counterpartyVisible(t.db, ids.master1, 'HOUSE')).toBe(true);
    expect(await counterpartyVisible(t.db, ids.master1, 'AM1')).toBe(true);
    expect(await counterpartyVisible(t.db, ids.master1, 'master2')).toBe(false);
    expect(await counterpartyVisible(t.db, ids.master1, 'nobody')).toBe(false);
  });

  it('lists masters of a subtree and children of an account, by username', async () => {
    const masters = (owner: { id: string; role: string }) =>
      accountsOf(t.db, subtreeMasters(owner, { sort: 'username', order: 'asc' }), mastersOrderBy('a', 'username', 'asc'));
    expect((await masters({ id: ids.superadmin, role: 'superadmin' })).map((a) => a.username)).toEqual([
      'master1',
      'master2',
      'master3',
    ]);
    expect((await masters({ id: ids.master1, role: 'master' })).map((a) => a.username)).toEqual(['master1']);
    expect(await masters({ id: ids.player1, role: 'player' })).toEqual([]);
    const children = NETWORK.filter(([, , parent]) => parent === 'am1').map(([username]) => username);
    expect((await directChildren(t.db, ids.am1)).map((a) => a.username)).toEqual([...children].sort());
    expect(await directChildren(t.db, ids.player1)).toEqual([]);
  });

  it('gives the chain from a root down to an account, top first', async () => {
    expect(await pathFrom(t.db, ids.admin1, ids.player1)).toEqual(
      ['admin1', 'sam1', 'am1', 'master1', 'player1'].map((u) => ({ id: ids[u as keyof NetworkIds], username: u })),
    );
    expect(await pathFrom(t.db, ids.am1, ids.am1)).toEqual([{ id: ids.am1, username: 'am1' }]);
  });

  it('searches a subtree by username or full name; an exact username first; % and _ match themselves', async () => {
    // 'am1' is am1's username and part of sam1's, which sits nearer the top.
    expect((await searchAccounts(t.db, ids.superadmin, 'am1', 10)).map((a) => a.username)).toEqual(['am1', 'sam1']);
    expect((await searchAccounts(t.db, ids.superadmin, 'MASTER NUMBER 3', 10)).map((a) => a.username)).toEqual(['master3']);
    // Nearest to the root first, then by username; the limit applies after the order.
    expect((await searchAccounts(t.db, ids.am1, 'number', 3)).map((a) => a.username)).toEqual(['am1', 'master1', 'master2']);
    expect((await searchAccounts(t.db, ids.am1, 'number', 10, ['player'])).map((a) => a.username)).toEqual([
      'player1',
      'player2',
    ]);
    expect(await searchAccounts(t.db, ids.am1, 'master3', 10)).toEqual([]);
    expect(await searchAccounts(t.db, ids.superadmin, '%', 10)).toEqual([]);
    expect(await searchAccounts(t.db, ids.superadmin, 'master_', 10)).toEqual([]);
  });

  it('finds the sign-in candidate by trimmed username ignoring case, with its hash; never the house', async () => {
    const account = await findSignInAccount(t.db, '  Player1 ');
    expect(account).toMatchObject({
      id: ids.player1,
      username: 'player1',
      role: 'player',
      firstName: 'Player',
      lastName: 'Number 1',
      userStatus: true,
    });
    expect(await verifyPassword(account!.passwordHash!, 'Demo@1234')).toBe(true);
    expect((await findSignInAccount(t.db, 'master2'))?.userStatus).toBe(false);
    expect(await findSignInAccount(t.db, 'HOUSE')).toBeNull();
    expect(await findSignInAccount(t.db, 'nobody')).toBeNull();
  });
});
