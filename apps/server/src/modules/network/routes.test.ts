import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, type NetworkIds, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { acceptTransfer, createTransfer, ensureHouseAccount } from '../ledger/ledger.js';

const DAY = '2025-03-05';

/** Plays as [player, cafe owner, play points, win points, UTC time]; all on 2025-03-05 IST except the last. */
const PLAYS: [string, string, number, number, string][] = [
  ['player1', 'master1', 500, 120, '2025-03-04T19:00:00Z'],
  ['player1', 'master2', 300, 0, '2025-03-05T09:00:00Z'],
  ['player2', 'master2', 200, 450, '2025-03-05T10:00:00Z'],
  ['player2', 'master2', 125.5, 0, '2025-03-05T18:29:00Z'],
  ['player3', 'master3', 1000, 0, '2025-03-05T11:00:00Z'],
  ['player1', 'master1', 777, 0, '2025-03-05T18:31:00Z'], // 2025-03-06 00:01 IST: the next day
];

describe.each(TEST_DB_KINDS)('network reports on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;
  let am1: TestSession;
  let superadmin: TestSession;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set('2025-03-09T12:00:00Z');
    const db = t.app.db;
    ids = await createNetwork(db);
    await db.execute(sql`UPDATE accounts SET address = 'Pune' WHERE username = 'master1'`);
    for (const master of ['master1', 'master2', 'master3'] as const) {
      await db.execute(sql`INSERT INTO cafes (master_id, name) VALUES (${ids[master]}, ${`${master} cafe`})`);
    }
    for (const [player, owner, play, win, at] of PLAYS) {
      await db.execute(sql`
        INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
        SELECT ${ids[player as keyof NetworkIds]}::uuid, c.id, 1, ${Math.round(play * 100)}, ${Math.round(win * 100)}, ${at}::timestamptz
          FROM cafes c WHERE c.master_id = ${ids[owner as keyof NetworkIds]}::uuid`);
    }
    const house = await ensureHouseAccount(db, 'HOUSE');
    for (const [to, cents] of [
      ['am1', 500_000],
      ['master2', 123_456],
    ] as const) {
      const tr = await createTransfer(db, { fromId: house, toId: ids[to], amountCents: cents, channel: 'single' });
      await acceptTransfer(db, { transferId: tr.id, byAccountId: ids[to] });
    }
    await db.execute(sql`UPDATE accounts SET user_status = false WHERE username = 'master2'`);
    am1 = await signIn(t.app, 'am1');
    superadmin = await signIn(t.app, 'superadmin');
  });
  afterAll(async () => t?.close());

  const get = (who: TestSession, path: string) => injectAs(t.app, who, { url: `/api/playrep/${path}` });

  /** Independent reference: profit of the players of `masters` on DAY (IST) from the raw list. */
  function profitOn(players: string[]): number {
    const cents = PLAYS.filter(
      ([p, , , , at]) => players.includes(p) && new Date(Date.parse(at) + 5.5 * 3600_000).toISOString().startsWith(DAY),
    ).reduce((sum, [, , play, win]) => sum + Math.round(play * 100) - Math.round(win * 100), 0);
    return cents / 100;
  }

  it('daily status: each master of am1 with its day profit, adding up to am1 (IST day)', async () => {
    const res = await get(am1, `dailystatus?fromDate=${DAY}&toDate=${DAY}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const byAgent = Object.fromEntries(body.data.map((r: { username: string; profit: number }) => [r.username, r.profit]));
    expect(byAgent).toEqual({ master1: profitOn(['player1']), master2: profitOn(['player2']) });
    expect(body.totalProfit).toBe(profitOn(['player1', 'player2']));
    const status = await get(am1, `findstatus?date=${DAY}&agentId=am1`);
    expect(status.json().data).toEqual([expect.objectContaining({ username: 'am1', profit: profitOn(['player1', 'player2']) })]);
    expect(body.data.find((r: { username: string }) => r.username === 'master1')).toMatchObject({
      address: 'Pune',
      playedElsewhere: true,
    });
  });

  it('daily members popup: master1 members who played at another agent cafe', async () => {
    const res = await get(am1, `dailystatusmembers?agentId=master1&date=${DAY}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ username: 'player1', cafe: 'master2 cafe', cafeAgent: 'master2', playPoints: 300, profit: 300 }),
    ]);
    expect((await get(am1, `dailystatusmembers?agentId=player1&date=${DAY}`)).statusCode).toBe(400);
    expect((await get(am1, `dailystatusmembers?agentId=master3&date=${DAY}`)).statusCode).toBe(403);
  });

  it('agent details and non-performing count the masters in scope', async () => {
    const details = (await get(am1, 'agentdetails')).json();
    expect(details.data.map((r: { username: string; commission: number }) => [r.username, r.commission])).toEqual([
      ['master1', 10],
      ['master2', 10],
    ]);
    const np = (await get(superadmin, 'nonperforming')).json();
    expect([np.totalAgents, np.inactiveAgents]).toEqual([3, 1]);
    expect(np.data.map((r: { username: string }) => r.username)).toEqual(['master2']);
  });

  it('balance report shows wallet balances and drills down inside the subtree only', async () => {
    const top = (await get(am1, 'balancereport')).json();
    const wallets = await t.app.db.execute(sql`SELECT username, wallet_balance_cents FROM accounts WHERE parent_id = ${ids.am1}`);
    const expected = Object.fromEntries(
      (wallets as unknown as { rows: { username: string; wallet_balance_cents: number }[] }).rows.map((r) => [
        r.username,
        Number(r.wallet_balance_cents) / 100,
      ]),
    );
    expect(
      Object.fromEntries(top.data.map((r: { username: string; walletBalance: number }) => [r.username, r.walletBalance])),
    ).toEqual(expected);
    expect(expected.master2).toBe(1234.56);

    const one = (await get(am1, 'balancereport?agentId=MASTER2')).json();
    expect(one.data.map((r: { username: string }) => r.username)).toEqual(['master2']);

    const drill = (await get(superadmin, 'balancechildren?agentId=am1')).json();
    expect(drill.path.map((p: { username: string }) => p.username)).toEqual(['superadmin', 'admin1', 'sam1', 'am1']);
    expect(drill.data.map((r: { username: string }) => r.username)).toEqual(['master1', 'master2']);
    const leaf = (await get(am1, 'balancechildren?agentId=player1')).json();
    expect(leaf.data).toEqual([]);
    expect((await get(am1, 'balancechildren?agentId=master3')).statusCode).toBe(403);
    expect((await get(am1, 'balancechildren?agentId=sam1')).statusCode).toBe(403);
    expect((await get(am1, 'balancechildren?agentId=ghost')).statusCode).toBe(404);
  });

  it('account search finds accounts of the subtree only', async () => {
    const found = (await get(am1, 'accountsearch?q=master')).json();
    expect(found.data.map((r: { username: string }) => r.username)).toEqual(['master1', 'master2']);
    const all = (await get(superadmin, 'accountsearch?q=player&limit=10')).json();
    expect(all.data).toHaveLength(3);
    const master1 = await signIn(t.app, 'master1');
    expect((await get(master1, 'accountsearch?q=a')).statusCode).toBe(403);
  });
});
