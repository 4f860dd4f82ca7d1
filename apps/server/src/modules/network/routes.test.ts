import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, type NetworkIds, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { acceptTransfer, createTransfer, ensureHouseAccount } from '../ledger/ledger.js';

const DAY = '2025-03-05';
/** The range of the range tests: the plays of DAY, of the days around it and an idle day. */
const RANGE = { from: '2025-03-03', to: '2025-03-08' };

/** Plays as [player, cafe owner, play points, win points, UTC time]; the first five on DAY (IST). */
const PLAYS: [string, string, number, number, string][] = [
  ['player1', 'master1', 500, 120, '2025-03-04T19:00:00Z'],
  ['player1', 'master2', 300, 0, '2025-03-05T09:00:00Z'],
  ['player2', 'master2', 200, 450, '2025-03-05T10:00:00Z'],
  ['player2', 'master2', 125.5, 0, '2025-03-05T18:29:00Z'],
  ['player3', 'master3', 1000, 0, '2025-03-05T11:00:00Z'],
  ['player1', 'master1', 777, 0, '2025-03-05T18:31:00Z'], // 2025-03-06 00:01 IST: the next day
  ['player1', 'master2', 40, 10, '2025-03-03T06:00:00Z'],
  ['player2', 'master1', 60.25, 0, '2025-03-07T07:00:00Z'],
  ['player2', 'master2', 80, 100, '2025-03-07T08:00:00Z'],
  ['player1', 'master1', 9, 0, '2025-03-02T18:29:00Z'], // 2025-03-02 23:59 IST: the day before RANGE
];

const istDayOf = (utc: string) => new Date(Date.parse(utc) + 5.5 * 3600_000).toISOString().slice(0, 10);

/** The IST days from `from` to `to`, both included. */
function daysOf(range: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let d = range.from; d <= range.to; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10))
    days.push(d);
  return days;
}

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
    // More agents outside am1 for the non-performing counts: a level skipped, active and inactive.
    for (const [username, parent, active] of [
      ['master4', 'sam1', false],
      ['master5', 'am2', false],
      ['master6', 'am2', true],
    ] as const) {
      await db.execute(sql`INSERT INTO accounts (username, role, parent_id, commission, user_status)
                           VALUES (${username}, 'master', ${ids[parent]}::uuid, 10, ${active})`);
    }
    am1 = await signIn(t.app, 'am1');
    superadmin = await signIn(t.app, 'superadmin');
  });
  afterAll(async () => t?.close());

  const get = (who: TestSession, path: string) => injectAs(t.app, who, { url: `/api/playrep/${path}` });

  /** Independent reference: profit of `players` over the IST days [from, to] (default: DAY) from the raw list. */
  function profitOn(players: string[], from = DAY, to = from): number {
    const cents = PLAYS.filter(([p, , , , at]) => players.includes(p) && istDayOf(at) >= from && istDayOf(at) <= to).reduce(
      (sum, [, , play, win]) => sum + Math.round(play * 100) - Math.round(win * 100),
      0,
    );
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
    // master3 is in another branch: am1 may not even learn that it exists.
    expect((await get(am1, `dailystatusmembers?agentId=master3&date=${DAY}`)).statusCode).toBe(404);
  });

  interface StatusRow {
    username: string;
    profit: number;
    playedElsewhere?: boolean;
  }
  interface MemberRow {
    username: string;
    cafe: string;
    playPoints: number;
    profit: number;
  }
  const cents = (points: number) => Math.round(points * 100);
  const range = (from: string, to: string) => `fromDate=${from}&toDate=${to}`;

  /** One call after the other: an account may have only a few report calls in flight (REPORTS_PER_ACCOUNT). */
  async function inTurn<T, R>(items: readonly T[], call: (item: T) => Promise<R>): Promise<R[]> {
    const answers: R[] = [];
    for (const item of items) answers.push(await call(item));
    return answers;
  }

  /** Profit in cents per username, summed over several answers. */
  function sumByUser(answers: StatusRow[][]): Record<string, number> {
    const sums: Record<string, number> = {};
    for (const row of answers.flat()) sums[row.username] = (sums[row.username] ?? 0) + cents(row.profit);
    return sums;
  }

  it('daily status and agent status over a range: the sum of the per-day answers, and of the plays', async () => {
    const days = daysOf(RANGE);
    for (const who of [am1, superadmin]) {
      const whole = (await get(who, `dailystatus?${range(RANGE.from, RANGE.to)}`)).json();
      expect([whole.fromDate, whole.toDate]).toEqual([RANGE.from, RANGE.to]);
      const perDay = await inTurn(days, async (d) => (await get(who, `dailystatus?${range(d, d)}`)).json());
      expect(perDay.map((answer) => answer.fromDate)).toEqual(days);
      expect(sumByUser([whole.data])).toEqual(sumByUser(perDay.map((answer) => answer.data)));
      // Played elsewhere in the range = on one of its days.
      for (const row of whole.data as StatusRow[]) {
        const anyDay = perDay.some((answer) =>
          answer.data.some((r: StatusRow) => r.username === row.username && r.playedElsewhere),
        );
        expect(row.playedElsewhere, row.username).toBe(anyDay);
      }
      expect(cents(whole.totalProfit)).toBe(perDay.reduce((sum, answer) => sum + cents(answer.totalProfit), 0));

      const status = (await get(who, `findstatus?${range(RANGE.from, RANGE.to)}`)).json();
      const statusPerDay = await inTurn(days, async (d) => (await get(who, `findstatus?${range(d, d)}`)).json());
      expect(sumByUser([status.data])).toEqual(sumByUser(statusPerDay.map((answer) => answer.data)));
    }

    // Against the plays themselves: each master's members, and am1's whole subtree.
    const byMaster = sumByUser([(await get(am1, `dailystatus?${range(RANGE.from, RANGE.to)}`)).json().data]);
    expect(byMaster).toEqual({
      master1: cents(profitOn(['player1'], RANGE.from, RANGE.to)),
      master2: cents(profitOn(['player2'], RANGE.from, RANGE.to)),
    });
    for (const [agent, players] of [
      ['am1', ['player1', 'player2']],
      ['master2', ['player2']],
      ['player1', ['player1']],
    ] as const) {
      const one = (await get(am1, `findstatus?${range(RANGE.from, RANGE.to)}&agentId=${agent}`)).json();
      expect(one.data.map((r: StatusRow) => [r.username, r.profit])).toEqual([
        [agent, profitOn([...players], RANGE.from, RANGE.to)],
      ]);
    }
  });

  it('the members popup over a range is the per-day popups added up, and the plays elsewhere', async () => {
    const key = (r: MemberRow) => `${r.username} at ${r.cafe}`;
    const add = (rows: MemberRow[]) => {
      const sums: Record<string, [number, number]> = {};
      for (const r of rows) {
        const [play, profit] = sums[key(r)] ?? [0, 0];
        sums[key(r)] = [play + cents(r.playPoints), profit + cents(r.profit)];
      }
      return sums;
    };
    for (const master of ['master1', 'master2']) {
      const whole = (await get(am1, `dailystatusmembers?agentId=${master}&${range(RANGE.from, RANGE.to)}`)).json();
      expect([whole.fromDate, whole.toDate, whole.agent]).toEqual([RANGE.from, RANGE.to, master]);
      const perDay = await inTurn(daysOf(RANGE), async (d) =>
        (await get(am1, `dailystatusmembers?agentId=${master}&${range(d, d)}`)).json(),
      );
      expect(add(whole.data)).toEqual(add(perDay.flatMap((answer) => answer.data)));
      // Independently: the members' plays at a cafe of another master in the range.
      const member = master === 'master1' ? 'player1' : 'player2';
      const expected: Record<string, [number, number]> = {};
      for (const [player, owner, play, win, at] of PLAYS) {
        if (player !== member || owner === master || istDayOf(at) < RANGE.from || istDayOf(at) > RANGE.to) continue;
        const [p, w] = expected[`${player} at ${owner} cafe`] ?? [0, 0];
        expected[`${player} at ${owner} cafe`] = [p + cents(play), w + cents(play) - cents(win)];
      }
      expect(add(whole.data)).toEqual(expected);
      expect(Object.keys(expected).length).toBeGreaterThan(0);
    }
  });

  it('missing dates mean the 7 days ending today; one `date` is a one-day range', async () => {
    // The test clock is 2025-03-09 (IST).
    for (const path of ['dailystatus', 'findstatus', 'dailystatusmembers?agentId=master1']) {
      const sep = path.includes('?') ? '&' : '?';
      const body = (await get(am1, path)).json();
      expect([body.fromDate, body.toDate], path).toEqual(['2025-03-03', '2025-03-09']);
      const onlyTo = (await get(am1, `${path}${sep}toDate=2025-03-05`)).json();
      expect([onlyTo.fromDate, onlyTo.toDate], path).toEqual(['2025-02-27', '2025-03-05']);
      const oneDay = (await get(am1, `${path}${sep}date=05-Mar-2025`)).json();
      expect([oneDay.fromDate, oneDay.toDate], path).toEqual([DAY, DAY]);
    }
    const week = (await get(am1, 'dailystatus')).json();
    expect(cents(week.totalProfit)).toBe(cents(profitOn(['player1', 'player2'], '2025-03-03', '2025-03-09')));
  });

  it.each([['dailystatus'], ['findstatus'], ['dailystatusmembers?agentId=master1'], ['agentdetails'], ['nonperforming']])(
    '%s refuses a bad date or range with 400 naming the field',
    async (path) => {
      const sep = path.includes('?') ? '&' : '?';
      const cases: [string, RegExp][] = [
        ['fromDate=yesterday', /^From Date is not a valid date/],
        ['toDate=2025-02-30', /^To Date is not a valid date/],
        ['fromDate=2025-03-05&toDate=2025-03-04', /^To Date must not be before From Date$/],
        ['fromDate=2024-03-01&toDate=2025-03-05', /^To Date must be within 366 days of From Date/],
        ['fromDate=1999-12-31', /^From Date must be a date in the years 2000 to 2100/],
        ['toDate=2101-01-01', /^To Date must be a date in the years 2000 to 2100/],
      ];
      if (!path.startsWith('agentdetails') && !path.startsWith('nonperforming')) {
        cases.push(
          ['date=31-Feb-2025', /^Select Date is not a valid date/],
          ['date=2025-03-05&fromDate=2025-03-05', /^date cannot be combined/],
        );
      }
      for (const [query, message] of cases) {
        const res = await get(am1, `${path}${sep}${query}`);
        expect([res.statusCode, res.json().message], query).toEqual([400, expect.stringMatching(message)]);
      }
      expect((await get(am1, `${path}${sep}${range('05-Mar-2025', '2025-03-09')}`)).statusCode).toBe(200);
    },
  );

  it('agent details list the masters in scope', async () => {
    const details = (await get(am1, 'agentdetails')).json();
    expect(details.data.map((r: { username: string; commission: number }) => [r.username, r.commission])).toEqual([
      ['master1', 10],
      ['master2', 10],
    ]);
  });

  /** Independent reference: the masters below `rootId` (account_closure) and the inactive ones among them. */
  async function mastersBelow(rootId: string): Promise<{ all: string[]; inactive: string[] }> {
    const result = await t.app.db.execute(sql`
      SELECT a.username, a.user_status FROM accounts a
       WHERE a.role = 'master' AND a.id IN (SELECT descendant_id FROM account_closure WHERE ancestor_id = ${rootId}::uuid)`);
    const rows = (result as unknown as { rows: { username: string; user_status: boolean }[] }).rows;
    return {
      all: rows.map((r) => r.username).sort(),
      inactive: rows
        .filter((r) => !r.user_status)
        .map((r) => r.username)
        .sort(),
    };
  }

  it('non-performing counts match the accounts table for each manager and subject', async () => {
    const sam1 = await signIn(t.app, 'sam1');
    const am2 = await signIn(t.app, 'am2');
    const cases: [TestSession, string, string][] = [
      [am1, 'am1', ''],
      [sam1, 'sam1', ''],
      [am2, 'am2', ''],
      [superadmin, 'superadmin', ''],
      [superadmin, 'am2', `?id=${ids.am2}`], // a subject picked below the caller
      [am1, 'master2', `?id=${ids.master2}`],
    ];
    for (const [who, root, query] of cases) {
      const expected = await mastersBelow(ids[root as keyof NetworkIds]);
      const np = (await get(who, `nonperforming${query}`)).json();
      expect([np.totalAgents, np.inactiveAgents], root).toEqual([expected.all.length, expected.inactive.length]);
      expect(np.data.map((r: { username: string }) => r.username).sort(), root).toEqual(expected.inactive);
      for (const row of np.data) expect(row.userStatus).toBe(false);
    }
    // Not vacuous: the scopes differ and hold inactive agents.
    expect(await mastersBelow(ids.am1)).toEqual({ all: ['master1', 'master2'], inactive: ['master2'] });
    expect((await mastersBelow(ids.sam1)).inactive).toEqual(['master2', 'master4']);
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
    expect((await get(am1, 'balancechildren?agentId=master3')).statusCode).toBe(404);
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

  it('account search offers only the roles asked for (the subject roles of the report)', async () => {
    const roleOf = async (who: TestSession, query: string) =>
      ((await get(who, `accountsearch?${query}`)).json().data as { username: string; role: string }[]).map((r) => [
        r.username,
        r.role,
      ]);
    expect(await roleOf(am1, 'q=&roles=master,areamanager&limit=50')).toEqual([
      ['am1', 'areamanager'],
      ['master1', 'master'],
      ['master2', 'master'],
    ]);
    expect(await roleOf(am1, 'q=1&roles=player')).toEqual([['player1', 'player']]);
    expect((await roleOf(superadmin, 'q=&limit=50')).map(([, role]) => role)).toContain('player'); // no roles: all
    const bad = await get(am1, 'accountsearch?q=a&roles=master,member');
    expect([bad.statusCode, bad.json().message]).toEqual([400, expect.stringMatching(/^roles/)]);
  });

  it('a network report refuses a member as its subject (400) and serves any account with a commission', async () => {
    const calls = [
      'agentdetails',
      'dailystatus',
      'dailystatusmembers?agentId=player1',
      'findstatus',
      'nonperforming',
      'balancereport',
      'balancechildren?agentId=player1',
    ];
    for (const call of calls) {
      const sep = call.includes('?') ? '&' : '?';
      const res = await get(am1, `${call}${sep}id=${ids.player1}`);
      expect([res.statusCode, res.json().message], call).toEqual([400, expect.stringMatching(/^player1 is a player: /)]);
      for (const subject of ['am1', 'master1'] as const) {
        const ok = await get(am1, `${call.replace('player1', subject)}${sep}id=${ids[subject]}`);
        // dailystatusmembers answers 400 for a non-master agentId, after the subject passed.
        const want = call.startsWith('dailystatusmembers') && subject === 'am1' ? 400 : 200;
        expect(ok.statusCode, `${call} about ${subject}`).toBe(want);
      }
    }
  });

  // Last: it adds a member of its own to am2.
  it("the whole network's lists hold its masters only, each with its own members' profit, when a manager has members", async () => {
    const db = t.app.db;
    // Levels may be skipped: player9 belongs to am2 directly, and plays on DAY at master3's cafe.
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO accounts (username, role, parent_id, commission) VALUES ('player9', 'player', ${ids.am2}::uuid, 0) RETURNING id`,
    );
    await db.execute(sql`
      INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
      SELECT ${row!.id}::uuid, c.id, 1, 70000, 0, '2025-03-05T09:30:00Z'::timestamptz FROM cafes c WHERE c.master_id = ${ids.master3}::uuid`);
    const masters = (await queryRows<{ username: string }>(db, sql`SELECT username FROM accounts WHERE role = 'master'`))
      .map((r) => r.username)
      .sort();
    const expected: Record<string, number> = Object.fromEntries(masters.map((m) => [m, 0]));
    Object.assign(expected, {
      master1: cents(profitOn(['player1'])),
      master2: cents(profitOn(['player2'])),
      master3: cents(profitOn(['player3'])),
    });
    for (const call of ['dailystatus', 'findstatus']) {
      const whole = (await get(superadmin, `${call}?${range(DAY, DAY)}`)).json();
      expect((whole.data as StatusRow[]).map((r) => r.username).sort(), call).toEqual(masters);
      expect(sumByUser([whole.data]), call).toEqual(expected);
      // A page in the order of Profit reads every master too: the same rows and total.
      const page = (await get(superadmin, `${call}?${range(DAY, DAY)}&sort=profit&order=desc&page=1&pageSize=50`)).json();
      expect(sumByUser([page.data]), call).toEqual(expected);
      expect(cents(page.totalProfit), call).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
    }
  });
});
