import type { FeedEventInput, FeedRefusal } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn } from '../../../test/fixtures/network.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { brokenInvariants, buildFeedApp, cafeEvents, databaseDigest, type FeedApp } from './test-support/feed-fixture.js';

/**
 * Accounts move with their subtree and cafes change hands through the feed; the closure table and
 * the roll-ups follow (checked against their definitions after every batch), and the scope rule
 * follows the new tree.
 */
const NOW = '2025-03-12T12:00:00+05:30';
const at = (time: string) => `2025-03-1${time}+05:30`;

let seq = 0;
const play = (member: string, cafeId: string, stake: number, win: number, day: string): FeedEventInput => {
  seq += 1;
  return {
    id: `play-${seq}`,
    type: 'play',
    playId: `P${seq}`,
    member,
    cafeId,
    game: 'vwRORrGO',
    drawAt: at(day),
    stake,
    win,
    at: at(day),
  };
};
const account = (id: string, fields: Omit<Extract<FeedEventInput, { type: 'account' }>, 'id' | 'type'>): FeedEventInput => ({
  id,
  type: 'account',
  ...fields,
});

describe.each(TEST_DB_KINDS)('accounts and cafes that move, on %s', (kind) => {
  let f: FeedApp;
  const db = () => f.t.app.db;
  const ancestors = async (username: string) =>
    (
      await queryRows<{ name: string }>(
        db(),
        sql`SELECT a.username AS name FROM account_closure c JOIN accounts a ON a.id = c.ancestor_id
             JOIN accounts d ON d.id = c.descendant_id WHERE d.username = ${username} ORDER BY c.depth`,
      )
    ).map((r) => r.name);
  const otherPoints = async (parent: string) =>
    (
      await queryRows<{ p: number }>(
        db(),
        sql`SELECT coalesce(sum(other_play_points_cents), 0)::bigint AS p FROM play_daily_by_parent b
             JOIN accounts a ON a.id = b.parent_id WHERE a.username = ${parent}`,
      )
    )[0]!.p;

  beforeAll(async () => {
    f = await buildFeedApp(kind, { now: NOW });
    const res = await f.post([
      ...cafeEvents(),
      account('p7', { username: 'player7', role: 'player', parent: 'master1' }),
      play('player1', 'cafe-m1', 10, 0, '0T10:00:00'),
      play('player1', 'cafe-m2', 20, 5, '1T10:00:00'),
      play('player1', 'cafe-m2', 30, 0, '2T09:00:00'),
      play('player2', 'cafe-m1', 40, 0, '2T09:30:00'),
      play('player7', 'cafe-m1', 50, 50, '2T09:45:00'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await brokenInvariants(db())).toEqual([]);
    // master1: player1's 20 + 30 at master2's cafe; master2: player2's 40 at master1's cafe.
    expect(await otherPoints('master1')).toBe(5_000);
    expect(await otherPoints('master2')).toBe(4_000);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('moves a player to another master: its plays are summed under the new one', async () => {
    const res = await f.post([account('move-p1', { username: 'player1', parent: 'master2' })]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ancestors('player1')).toEqual(['player1', 'master2', 'am1', 'sam1', 'admin1', 'superadmin']);
    expect(await brokenInvariants(db())).toEqual([]);
    // Now player1's 10 at master1's cafe is "other" for master2; its plays at master2's cafe are not.
    expect(await otherPoints('master1')).toBe(0);
    expect(await otherPoints('master2')).toBe(4_000 + 1_000);
  });

  it('moves a master with its subtree to another branch; the scope rule follows at once', async () => {
    const am1 = await signIn(f.t.app, 'am1');
    const am2 = await signIn(f.t.app, 'am2');
    const details = (session: { token: string }) =>
      injectAs(f.t.app, session, { url: `/api/playrep/agentdetails?id=${f.ids.master1}` });
    expect((await details(am1)).statusCode).toBe(200);
    expect((await details(am2)).statusCode).toBe(403);

    const res = await f.post([account('move-m1', { username: 'master1', parent: 'am2', lastName: 'Moved' })]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ancestors('player7')).toEqual(['player7', 'master1', 'am2', 'sam2', 'admin2', 'superadmin']);
    expect(await ancestors('master1')).toEqual(['master1', 'am2', 'sam2', 'admin2', 'superadmin']);
    expect(await brokenInvariants(db())).toEqual([]);
    expect((await details(am1)).statusCode).toBe(403);
    expect((await details(am2)).statusCode).toBe(200);
    const [row] = await queryRows(db(), sql`SELECT last_name FROM accounts WHERE username = 'master1'`);
    expect(row).toEqual({ last_name: 'Moved' });
  });

  it('moves a cafe to another master: the "other agents\' cafes" sums follow', async () => {
    const res = await f.post([{ id: 'cafe-move', type: 'cafe', cafeId: 'cafe-m1', master: 'master3', name: 'Cafe One, sold' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await brokenInvariants(db())).toEqual([]);
    // cafe-m1 is master3's now: player7's 50 there (a member of master1) is "other" for master1.
    expect(await otherPoints('master1')).toBe(5_000);
    expect(await otherPoints('master2')).toBe(4_000 + 1_000);
  });

  it('refuses a move under a parent that does not rank higher, and a change of role, and applies nothing', async () => {
    const before = await databaseDigest(db());
    const res = await f.post([
      account('bad-1', { username: 'master1', parent: 'master2' }),
      account('bad-2', { username: 'am2', parent: 'player2' }),
      account('bad-3', { username: 'master2', role: 'areamanager' }),
      account('bad-4', { username: 'superadmin', firstName: 'Root' }),
      account('bad-5', { username: 'HOUSE', active: false }),
      account('bad-6', { username: 'newbie', parent: 'master1' }),
      account('bad-7', { username: 'newbie2', role: 'player', parent: 'master1', commission: 5 }),
    ]);
    expect(res.statusCode).toBe(422);
    expect((res.json() as FeedRefusal).errors.map((e) => [e.id, e.field, e.reason])).toEqual([
      ['bad-1', 'parent', 'must rank higher than a master: "master2" is a master'],
      ['bad-2', 'parent', 'must rank higher than an areamanager: "player2" is a player'],
      ['bad-3', 'role', 'cannot change: "master2" is a master'],
      ['bad-4', 'username', 'is the superadmin, which the feed does not change'],
      ['bad-5', 'username', 'is the house account, which the feed does not change'],
      ['bad-6', 'role', 'is required to create an account'],
      ['bad-7', 'commission', 'players have no commission'],
    ]);
    expect(await databaseDigest(db())).toEqual(before);
  });

  it('deactivates an account: it cannot sign in and its open sessions end', async () => {
    const session = await signIn(f.t.app, 'master2');
    const report = () => injectAs(f.t.app, session, { url: '/api/playrep/pointtransferreport' });
    expect((await report()).statusCode).toBe(200);
    const res = await f.post([account('off', { username: 'master2', active: false })]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await report()).statusCode).toBe(401);
    const login = await f.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'master2', password: 'Demo@1234' },
    });
    expect(login.statusCode).not.toBe(200);
    const [revoked] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM sessions s JOIN accounts a ON a.id = s.account_id
           WHERE a.username = 'master2' AND s.revoked_at IS NULL`,
    );
    expect(revoked!.n).toBe(0);
  });
});
