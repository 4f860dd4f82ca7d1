import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../test/test-db.js';
import { type Queryable, queryRows } from '../db/client.js';
import { addDays, istDayStart, weekStartOf } from '../lib/dates.js';
import { verifyPassword } from '../modules/identity/gate/passwords.js';
import { checkLedger } from '../modules/ledger/test-support.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, type SeedSummary, seedNetwork } from './index.js';
import { DEMO_NAMED_AGENTS } from './network.js';
import { demoTerminals } from './terminals.js';
import { summarize } from './test-support/summarize.js';

const END = '2025-03-12'; // a Wednesday
const HOUSE = 'HOUSE';

const rows = <T>(db: Queryable, query: SQL) => queryRows<T>(db, query);

/** A digest of every row the generator writes, to compare two runs row for row (ids included). */
async function fingerprint(db: Queryable): Promise<Record<string, string>> {
  const digest = async (table: string, columns: string, order: string) => {
    const [row] = await rows<{ d: string }>(
      db,
      sql.raw(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY ${order}), '')) AS d FROM (SELECT ${columns} FROM ${table}) t`,
      ),
    );
    return row!.d;
  };
  return {
    // The house comes from the ledger (ensureHouseAccount) with an id of its own: compare it by role.
    accounts: await digest(
      "accounts WHERE role <> 'house'",
      'id, username, role, parent_id, first_name, last_name, commission, address, user_status, wallet_balance_cents, created_at',
      't.id',
    ),
    house: await digest("accounts WHERE role = 'house'", 'username, wallet_balance_cents', 't.username'),
    cafes: await digest('cafes', 'id, master_id, name, address, created_at, platform_id', 't.id'),
    loans: await digest('loans', 'id, agent_id, principal_cents, processing_fee_cents, deduction_percentage, issued_at', 't.id'),
    transfers: await digest(
      'transfers',
      `id, ${['from_id', 'to_id'].map((c) => `CASE WHEN ${c} = (SELECT id FROM accounts WHERE role = 'house') THEN 'house' ELSE ${c}::text END`).join(', ')},
       amount_cents, channel, status, created_at, resolved_at`,
      't.id',
    ),
    draws: await digest('draws', 'id, game_id, draw_time, drawno, color', 't.id'),
    plays: await digest(
      'plays',
      'id, member_id, cafe_id, game_id, draw_id, play_points_cents, win_points_cents, played_at',
      't.id',
    ),
    poker: await digest('poker_hands', 'id, member_id, cafe_id, pot_cents, rake_cents, played_at', 't.id'),
  };
}

async function accountId(db: Queryable, username: string): Promise<string> {
  const [row] = await rows<{ id: string }>(db, sql`SELECT id FROM accounts WHERE username = ${username}`);
  return row!.id;
}

describe.each(TEST_DB_KINDS)('demo network (tiny) on %s', (kind) => {
  let first: TestDatabase;
  let second: TestDatabase;
  let other: TestDatabase;
  let summary: SeedSummary;
  const progress: string[] = [];

  beforeAll(async () => {
    [first, second, other] = await Promise.all([createTestDatabase(kind), createTestDatabase(kind), createTestDatabase(kind)]);
    expect(await isDatabaseEmpty(first.db)).toBe(true);
    summary = await seedNetwork(first, {
      scale: 'tiny',
      seed: 7,
      endDate: END,
      houseUsername: HOUSE,
      onProgress: (m) => progress.push(m),
    });
  }, 300_000);
  afterAll(async () => {
    await Promise.all([first?.destroy(), second?.destroy(), other?.destroy()]);
  });

  it('reports what it wrote: summarize() reads back the same summary, and progress was told', async () => {
    expect(await summarize(first.db)).toEqual(summary);
    expect(await isDatabaseEmpty(first.db)).toBe(false);
    expect(progress.some((m) => m.startsWith('accounts:'))).toBe(true);
    expect(progress.some((m) => m.startsWith('plays:'))).toBe(true);
    expect(progress.at(-1)).toBe('done');
  });

  it('gives the same rows, ids included, for the same seed and end date, and others for another seed', async () => {
    const again = await seedNetwork(second, { scale: 'tiny', seed: 7, endDate: END, houseUsername: HOUSE });
    expect(again).toEqual(summary);
    expect(await fingerprint(second.db)).toEqual(await fingerprint(first.db));

    const different = await seedNetwork(other, { scale: 'tiny', seed: 8, endDate: END, houseUsername: HOUSE });
    expect(different).not.toEqual(summary);
    const [a, b] = [await fingerprint(first.db), await fingerprint(other.db)];
    expect(b.accounts).not.toBe(a.accounts);
    expect(b.plays).not.toBe(a.plays);
  }, 300_000);

  it('refuses a database that already has accounts', async () => {
    await expect(seedNetwork(first, { scale: 'tiny', seed: 7, endDate: END, houseUsername: HOUSE })).rejects.toThrow(/empty/);
  });

  it('has the fixed accounts with their roles, parents, names and the demo password', async () => {
    const found = await rows<{
      username: string;
      role: string;
      parent: string | null;
      first_name: string;
      last_name: string;
      password_hash: string;
      user_status: boolean;
    }>(
      first.db,
      sql`SELECT a.username, a.role::text AS role, p.username AS parent, a.first_name, a.last_name, a.password_hash, a.user_status
            FROM accounts a LEFT JOIN accounts p ON p.id = a.parent_id
           WHERE a.username IN (${sql.join(
             DEMO_ACCOUNTS.map((d) => sql`${d.username}`),
             sql`, `,
           )})`,
    );
    expect(found).toHaveLength(DEMO_ACCOUNTS.length);
    const chain = {
      admin1: 'superadmin',
      sam1: 'admin1',
      am1: 'sam1',
      master1: 'am1',
      player1: 'master1',
      master2: 'am1',
      player2: 'master2',
    };
    for (const demo of DEMO_ACCOUNTS) {
      const row = found.find((r) => r.username === demo.username)!;
      expect(row.role).toBe(demo.role);
      expect(row.parent).toBe(chain[demo.username as keyof typeof chain] ?? null);
      expect(demo.parentUsername).toBe(row.parent);
      expect([row.first_name, row.last_name]).toEqual([demo.firstName, demo.lastName]);
      expect(row.user_status).toBe(true);
      expect(await verifyPassword(row.password_hash, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(row.password_hash, 'demo@1234')).toBe(false);
    }
    // Each fixed account has its own hash. So have the two agents the README names (master3,
    // inactive, and master4); the other generated accounts have no password, as the platform's
    // accounts: the Accounts screen's sign-in links let them in.
    expect(new Set(found.map((r) => r.password_hash)).size).toBe(DEMO_ACCOUNTS.length);
    const withPassword = await rows<{ username: string; password_hash: string }>(
      first.db,
      sql`SELECT username, password_hash FROM accounts WHERE role <> 'house' AND password_hash IS NOT NULL`,
    );
    const named = [DEMO_NAMED_AGENTS.inactive, DEMO_NAMED_AGENTS.borrower];
    expect(withPassword.map((r) => r.username).sort()).toEqual([...DEMO_ACCOUNTS.map((d) => d.username), ...named].sort());
    for (const row of withPassword.filter((r) => named.includes(r.username as (typeof named)[number]))) {
      expect(await verifyPassword(row.password_hash, DEMO_PASSWORD)).toBe(true);
    }
    const [player3] = await rows<{ password_hash: string | null }>(
      first.db,
      sql`SELECT password_hash FROM accounts WHERE username = 'player3'`,
    );
    expect(player3!.password_hash).toBeNull();
  });

  it('builds a tree with generated accounts beside and below the fixed ones', async () => {
    const counts = await rows<{ parent: string; n: number }>(
      first.db,
      sql`SELECT p.username AS parent, count(*)::int AS n FROM accounts a JOIN accounts p ON p.id = a.parent_id
           WHERE p.username IN ('superadmin', 'am1', 'master1') GROUP BY p.username`,
    );
    const n = Object.fromEntries(counts.map((c) => [c.parent, Number(c.n)]));
    expect(n.superadmin).toBeGreaterThanOrEqual(2); // admin1 and another admin
    expect(n.am1).toBeGreaterThanOrEqual(4); // master1, master2, an inactive master, a borrower
    expect(n.master1).toBeGreaterThanOrEqual(2);
    // Masters: 1-3 cafes each, an address, a commission between 0 and 20 (some above 0).
    const masters = await rows<{ cafes: number; address: string; commission: string }>(
      first.db,
      sql`SELECT (SELECT count(*) FROM cafes c WHERE c.master_id = a.id)::int AS cafes, a.address, a.commission::text AS commission
            FROM accounts a WHERE a.role = 'master'`,
    );
    for (const m of masters) {
      expect(Number(m.cafes)).toBeGreaterThanOrEqual(1);
      expect(Number(m.cafes)).toBeLessThanOrEqual(3);
      expect(m.address).not.toBe('');
      expect(Number(m.commission)).toBeLessThanOrEqual(20);
    }
    expect(masters.some((m) => Number(m.commission) > 0)).toBe(true);
    const [closure] = await rows<{ n: number }>(
      first.db,
      sql`SELECT count(*)::int AS n FROM account_closure c JOIN accounts a ON a.id = c.ancestor_id WHERE a.username = 'superadmin'`,
    );
    expect(Number(closure!.n)).toBe(Object.values(summary.accounts).reduce((s, v) => s + v, 0));
  });

  it('gives every cafe its platform id (the feed refers to cafes by it): master1’s only cafe is demo-cafe-1', async () => {
    const cafes = await rows<{ platform_id: string | null; master: string }>(
      first.db,
      sql`SELECT c.platform_id, a.username AS master FROM cafes c JOIN accounts a ON a.id = c.master_id ORDER BY c.created_at, c.id`,
    );
    const ids = cafes.map((c) => c.platform_id);
    expect(ids.every((id) => id !== null && /^demo-cafe-\d+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(cafes.length);
    expect(cafes.filter((c) => c.master === 'master1').map((c) => c.platform_id)).toEqual(['demo-cafe-1']);
  });

  it('gives every cafe 2 to 8 terminals, and every play and hand one of its cafe’s', async () => {
    const used = await rows<{ platform_id: string; terminal_id: string | null; n: number }>(
      first.db,
      sql`SELECT c.platform_id, x.terminal_id, count(*)::int AS n
            FROM (SELECT cafe_id, terminal_id FROM plays UNION ALL SELECT cafe_id, terminal_id FROM poker_hands) x
            JOIN cafes c ON c.id = x.cafe_id
           GROUP BY c.platform_id, x.terminal_id`,
    );
    expect(used.filter((u) => u.terminal_id === null)).toEqual([]);
    const byCafe = new Map<string, string[]>();
    for (const u of used) byCafe.set(u.platform_id, [...(byCafe.get(u.platform_id) ?? []), u.terminal_id!]);
    expect(byCafe.size).toBeGreaterThan(1);
    const counts = new Set<number>();
    for (const [cafe, terminals] of byCafe) {
      const own = demoTerminals(7, cafe);
      counts.add(own.length);
      expect(own.length, cafe).toBeGreaterThanOrEqual(2);
      expect(own.length, cafe).toBeLessThanOrEqual(8);
      expect(own.filter((t) => /^PC-0[1-8]$/.test(t)).length, cafe).toBe(own.length);
      for (const terminal of terminals) expect(own, cafe).toContain(terminal);
    }
    // Not every cafe alike; the same seed and cafe, the same terminals; another seed, others somewhere.
    expect(counts.size).toBeGreaterThan(1);
    expect(demoTerminals(7, 'demo-cafe-1')).toEqual(demoTerminals(7, 'demo-cafe-1'));
    const cafes = [...byCafe.keys()];
    expect(cafes.some((c) => demoTerminals(8, c).length !== demoTerminals(7, c).length)).toBe(true);
  });

  it('gives master2 two cafes, a loan and a week in which its network loses', async () => {
    const [m2] = await rows<{ cafes: number; loans: number }>(
      first.db,
      sql`SELECT (SELECT count(*) FROM cafes WHERE master_id = a.id)::int AS cafes,
                 (SELECT count(*) FROM loans WHERE agent_id = a.id)::int AS loans
            FROM accounts a WHERE username = 'master2'`,
    );
    expect(Number(m2!.cafes)).toBe(2);
    expect(Number(m2!.loans)).toBeGreaterThanOrEqual(1);
    // Profit per settlement week of the plays by master2's members, wherever they played.
    const weeks = await rows<{ week: string; profit: number }>(
      first.db,
      sql`SELECT (ist_day(p.played_at) - ((extract(isodow FROM ist_day(p.played_at))::int - 1)))::text AS week,
                 (sum(p.play_points_cents) - sum(p.win_points_cents))::bigint AS profit
            FROM plays p JOIN accounts m ON m.id = p.member_id JOIN accounts a ON a.id = m.parent_id
           WHERE a.username = 'master2' GROUP BY 1 ORDER BY 1`,
    );
    expect(weeks.length).toBeGreaterThanOrEqual(5);
    expect(weeks.some((w) => Number(w.profit) < 0)).toBe(true);
    expect(weeks.some((w) => Number(w.profit) > 0)).toBe(true);
  });

  it('has exactly one inactive master under am1, and loans with fees and rates, several for one master', async () => {
    const inactive = await rows<{ username: string }>(
      first.db,
      sql`SELECT a.username FROM accounts a JOIN accounts p ON p.id = a.parent_id
           WHERE p.username = 'am1' AND a.role = 'master' AND NOT a.user_status`,
    );
    expect(inactive).toEqual([{ username: 'master3' }]);
    const loans = await rows<{ agent: string; n: number; rates: string[]; fee: number; first: Date; last: Date }>(
      first.db,
      sql`SELECT agent_id AS agent, count(*)::int AS n, array_agg(DISTINCT deduction_percentage::text) AS rates,
                 sum(processing_fee_cents)::bigint AS fee, min(issued_at) AS first, max(issued_at) AS last
            FROM loans GROUP BY agent_id`,
    );
    const master4 = await accountId(first.db, 'master4');
    expect(Number(loans.find((l) => l.agent === master4)?.n)).toBe(3);
    expect(loans.flatMap((l) => l.rates)).toContain('50.00');
    expect(loans.some((l) => Number(l.fee) > 0)).toBe(true);
    const start = istDayStart(addDays(weekStartOf(END), -35)).getTime();
    for (const l of loans) {
      expect(new Date(l.first).getTime()).toBeGreaterThanOrEqual(start);
      expect(new Date(l.last).getTime()).toBeLessThan(istDayStart(addDays(END, 1)).getTime());
    }
  });

  it('gives every fixed account transfers of every status, both ways, in both channels, in the last four weeks', async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const id = await accountId(first.db, demo.username);
      const found = await rows<{ direction: string; channel: string; status: string }>(
        first.db,
        sql`SELECT DISTINCT CASE WHEN from_id = ${id} THEN 'sent' ELSE 'received' END AS direction,
                   channel::text AS channel, status::text AS status
              FROM transfers WHERE (from_id = ${id} OR to_id = ${id}) AND created_at >= ${istDayStart(addDays(END, -27)).toISOString()}::timestamptz`,
      );
      const seen = new Set(found.map((f) => `${f.direction} ${f.channel} ${f.status}`));
      for (const direction of ['sent', 'received']) {
        for (const channel of ['single', 'multiplayer']) {
          for (const status of ['pending', 'accepted', 'rejected', 'cancelled']) {
            expect(seen, demo.username).toContain(`${direction} ${channel} ${status}`);
          }
        }
      }
    }
    // The landing report (Point Transfer, the last 7 days) of every fixed account fills all six sections.
    for (const demo of DEMO_ACCOUNTS) {
      const id = await accountId(first.db, demo.username);
      const week = await rows<{ sent: boolean; status: string }>(
        first.db,
        sql`SELECT DISTINCT from_id = ${id} AS sent, status::text AS status FROM transfers
             WHERE (from_id = ${id} OR to_id = ${id}) AND channel = 'single'
               AND created_at >= ${istDayStart(addDays(END, -6)).toISOString()}::timestamptz`,
      );
      const sections = new Set(
        week.map((w) => (w.status === 'pending' || w.status === 'accepted' ? `${w.sent} ${w.status}` : w.status)),
      );
      expect([...sections].sort(), demo.username).toEqual([
        'cancelled',
        'false accepted',
        'false pending',
        'rejected',
        'true accepted',
        'true pending',
      ]);
    }
    // Every transfer is between a parent and its direct child or with the house, resolved after creation.
    const [bad] = await rows<{ n: number }>(
      first.db,
      sql`SELECT count(*)::int AS n FROM transfers t JOIN accounts f ON f.id = t.from_id JOIN accounts r ON r.id = t.to_id
           WHERE NOT (f.parent_id = r.id OR r.parent_id = f.id OR f.role = 'house' OR r.role = 'house')
              OR t.resolved_at < t.created_at`,
    );
    expect(Number(bad!.n)).toBe(0);
  });

  it('keeps the ledger invariant: balances + pending = issued − returned, none negative', async () => {
    const totals = await checkLedger(first.db);
    expect(totals.balancesCents + totals.pendingCents).toBe(totals.issuedCents - totals.returnedCents);
    expect(totals.issuedCents).toBeGreaterThan(0);
  });

  it('keeps play_daily exactly in step with plays and poker hands', async () => {
    const [mismatch] = await rows<{ n: number }>(
      first.db,
      sql`WITH raw AS (
            SELECT ist_day(played_at) AS day, member_id, cafe_id, game_id, count(*)::int AS plays,
                   sum(play_points_cents)::bigint AS play, sum(win_points_cents)::bigint AS win, 0::bigint AS rake
              FROM plays GROUP BY 1, 2, 3, 4
            UNION ALL
            SELECT ist_day(played_at), member_id, cafe_id, 5, count(*)::int, 0, 0, sum(rake_cents)::bigint
              FROM poker_hands GROUP BY 1, 2, 3),
          daily AS (SELECT day, member_id, cafe_id, game_id::int, plays, play_points_cents, win_points_cents, rake_cents FROM play_daily)
          SELECT ((SELECT count(*) FROM (SELECT * FROM raw EXCEPT SELECT * FROM daily) x)
                + (SELECT count(*) FROM (SELECT * FROM daily EXCEPT SELECT * FROM raw) y))::int AS n`,
    );
    expect(Number(mismatch!.n)).toBe(0);
  });

  it('writes draws all day with results per game, and plays that point at the next draw of their game', async () => {
    const perDay = 48; // tiny: one draw each half hour
    const days = 35 + 3; // five full weeks and Monday to Wednesday
    for (const count of Object.values(summary.draws)) expect(count).toBe(perDay * days);
    const draws = await rows<{ game_id: number; drawno: string | null; color: string | null }>(
      first.db,
      sql`SELECT game_id, drawno, color FROM draws`,
    );
    const pattern: Record<number, RegExp> = { 1: /^\d$/, 2: /^(\d|[12]\d|3[0-6])$/, 3: /^\d-\d-\d$/, 4: /^(A|[2-9]|10|J|Q|K)$/ };
    for (const d of draws) {
      expect(d.drawno).toMatch(pattern[d.game_id]!);
      if (d.game_id !== 4) expect(d.color).toBeNull();
      else if (d.color !== null) expect(['c', 'k', 'l', 'f']).toContain(d.color);
    }
    // Results vary (not one value repeated).
    expect(new Set(draws.filter((d) => d.game_id === 2).map((d) => d.drawno)).size).toBeGreaterThan(30);
    const [off] = await rows<{ n: number; total: number }>(
      first.db,
      sql`SELECT count(*) FILTER (WHERE d.game_id <> p.game_id OR d.draw_time < p.played_at
                                   OR d.draw_time >= p.played_at + interval '30 minutes')::int AS n,
                 count(*)::int AS total
            FROM plays p JOIN draws d ON d.id = p.draw_id`,
    );
    expect(Number(off!.total)).toBe(summary.plays.count);
    expect(Number(off!.n)).toBe(0);
  });

  it('gives the fixed players plays most days of the last four weeks, some at other agents’ cafes, and poker hands', async () => {
    const from = istDayStart(addDays(END, -27)).toISOString();
    for (const username of ['player1', 'player2']) {
      const [row] = await rows<{ days: number; away: number; hands: number }>(
        first.db,
        sql`SELECT (SELECT count(DISTINCT ist_day(p.played_at)) FROM plays p WHERE p.member_id = a.id AND p.played_at >= ${from}::timestamptz)::int AS days,
                   (SELECT count(*) FROM plays p JOIN cafes c ON c.id = p.cafe_id
                     WHERE p.member_id = a.id AND c.master_id <> a.parent_id AND p.played_at >= ${from}::timestamptz)::int AS away,
                   (SELECT count(*) FROM poker_hands h WHERE h.member_id = a.id AND h.played_at >= ${from}::timestamptz)::int AS hands
              FROM accounts a WHERE a.username = ${username}`,
      );
      expect(Number(row!.days)).toBeGreaterThanOrEqual(20);
      expect(Number(row!.away)).toBeGreaterThan(0);
      expect(Number(row!.hands)).toBeGreaterThan(0);
    }
    // Plays fall within opening hours (09:00 to 23:30 IST) and after the player registered.
    const [bad] = await rows<{ n: number }>(
      first.db,
      sql`SELECT count(*)::int AS n FROM plays p JOIN accounts a ON a.id = p.member_id JOIN cafes c ON c.id = p.cafe_id
           WHERE (p.played_at AT TIME ZONE 'Asia/Kolkata')::time NOT BETWEEN '09:00' AND '23:30'
              OR p.played_at < a.created_at OR p.played_at < c.created_at`,
    );
    expect(Number(bad!.n)).toBe(0);
  });
});

describe.each(TEST_DB_KINDS)('demo network ending today (tiny) on %s', (kind) => {
  let database: TestDatabase;
  const now = new Date('2025-03-12T12:00:00+05:30');
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedNetwork(database, { scale: 'tiny', seed: 3, endDate: END, now, houseUsername: HOUSE });
  }, 300_000);
  afterAll(async () => database?.destroy());

  it('writes nothing after now, and leaves later draws without a result', async () => {
    const [row] = await rows<{ plays: number; hands: number; transfers: number; open: number; notYet: number; early: number }>(
      database.db,
      sql`SELECT (SELECT count(*) FROM plays WHERE played_at > ${now.toISOString()}::timestamptz)::int AS plays,
                 (SELECT count(*) FROM poker_hands WHERE played_at > ${now.toISOString()}::timestamptz)::int AS hands,
                 (SELECT count(*) FROM transfers WHERE created_at > ${now.toISOString()}::timestamptz
                                                    OR resolved_at > ${now.toISOString()}::timestamptz)::int AS transfers,
                 (SELECT count(*) FROM draws WHERE draw_time > ${now.toISOString()}::timestamptz AND drawno IS NOT NULL)::int AS open,
                 (SELECT count(*) FROM draws WHERE draw_time > ${now.toISOString()}::timestamptz AND drawno IS NULL AND color IS NULL)::int AS "notYet",
                 (SELECT count(*) FROM draws WHERE draw_time <= ${now.toISOString()}::timestamptz AND drawno IS NULL)::int AS early`,
    );
    expect(row).toEqual({ plays: 0, hands: 0, transfers: 0, open: 0, notYet: 4 * 23, early: 0 });
    const [today] = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM plays WHERE ist_day(played_at) = ${END}::date`,
    );
    expect(Number(today!.n)).toBeGreaterThan(0);
  });
});

describe('demo network (small) on pglite', () => {
  let database: TestDatabase;
  let summary: SeedSummary;
  let seconds: number;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const started = Date.now();
    summary = await seedNetwork(database, { scale: 'small', seed: 42, endDate: END, houseUsername: HOUSE });
    seconds = (Date.now() - started) / 1000;
  }, 600_000);
  afterAll(async () => database?.destroy());

  it('has the size of the small network over at least ten weeks, and reads back the same', async () => {
    expect(summary.accounts.master).toBeGreaterThanOrEqual(15);
    expect(summary.accounts.master).toBeLessThanOrEqual(30);
    expect(summary.accounts.player).toBeGreaterThanOrEqual(150);
    expect(summary.accounts.player).toBeLessThanOrEqual(400);
    expect(summary.plays.count).toBeGreaterThanOrEqual(20_000);
    expect(summary.draws.funtarget).toBeGreaterThanOrEqual(70 * 950);
    const [span] = await rows<{ first: string; last: string }>(
      database.db,
      sql`SELECT min(ist_day(played_at))::text AS first, max(ist_day(played_at))::text AS last FROM plays`,
    );
    expect(span!.last).toBe(END);
    expect(span!.first <= addDays(END, -70)).toBe(true);
    expect(await summarize(database.db)).toEqual(summary);
    console.info(`small network seeded in ${seconds.toFixed(1)} s (in-memory PGlite)`);
  });

  it('keeps a house edge between 5% and 15% on the draw games, and rake within the pot', async () => {
    const edge = 1 - summary.plays.winCents / summary.plays.playCents;
    expect(edge).toBeGreaterThan(0.05);
    expect(edge).toBeLessThan(0.15);
    expect(summary.pokerHands.rakeCents).toBeLessThan(summary.pokerHands.potCents);
    await checkLedger(database.db);
  });
});
