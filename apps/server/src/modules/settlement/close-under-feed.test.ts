import { type FeedEventInput, hasCommission, ROLES, type Role } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { type Queryable, queryRows } from '../../db/client.js';
import { brokenInvariants, buildFeedApp, cafeEvents, type FeedApp } from '../feed/test-support/feed-fixture.js';
import { closeFinishedWeeks } from './index.js';

/**
 * The closing in two steps (decision 0016): the week is sealed in a moment, then closed from one
 * snapshot while the feed keeps booking. Whatever arrives meanwhile (plays of the week being
 * closed, voids of its plays, plays of the open week), every figure the closing fixes equals an
 * independent sum of the plays as the feed left them: a play or a void is counted in the closed
 * week or booked in the open one, never both, never neither. On PostgreSQL the batches and two
 * closings really run at once; on PGlite one after the other.
 */
const WEEK = '2025-03-10';
const OPEN_WEEK_DAY = '2025-03-17';
const PLAYERS = ['player1', 'player2', 'player3'] as const;
const CAFES = ['cafe-m1', 'cafe-m2', 'cafe-m3'] as const;
const GAMES = ['MNOQqWWi', 'vwRORrGO'] as const;
const IST_MS = 5.5 * 3_600_000;

const istDay = (ms: number) => new Date(ms + IST_MS).toISOString().slice(0, 10);
const istHour = (ms: number) => new Date(ms + IST_MS).getUTCHours();
const weekOf = (day: string): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
};

/** A play event on a draw at `day` `hour`:00 IST (draws an hour apart, shared by plays). */
function play(id: string, day: string, hour: number, n: number): FeedEventInput {
  const at = `${day}T${String(hour).padStart(2, '0')}:00:00+05:30`;
  return {
    id: `ev-${id}`,
    type: 'play',
    playId: id,
    member: PLAYERS[n % 3]!,
    cafeId: CAFES[(n * 7 + 1) % 3]!,
    game: GAMES[n % 2]!,
    drawAt: at,
    stake: 1 + (n % 7),
    win: n % 5 === 0 ? 9 : n % 11 === 0 ? 2.5 : 0,
    at,
  };
}

const voidOf = (playId: string, batch: string): FeedEventInput => ({
  id: `void-${playId}-${batch}`,
  type: 'play.voided',
  playId,
  at: `${OPEN_WEEK_DAY}T09:30:00+05:30`,
  reason: 'cancelled draw',
});

interface PlayRow {
  member_id: string;
  cafe_id: string;
  game_id: number;
  played_ms: number;
  booked_day: string | null;
  voided: boolean;
  void_booked_day: string | null;
  play: number;
  win: number;
}

interface Tree {
  parentOf: Map<string, string | null>;
  roleOf: Map<string, string>;
  masterOfCafe: Map<string, string>;
}

async function readTree(db: Queryable): Promise<Tree> {
  const accounts = await queryRows<{ id: string; parent_id: string | null; role: string }>(
    db,
    sql`SELECT id, parent_id, role::text AS role FROM accounts`,
  );
  const cafes = await queryRows<{ id: string; master_id: string }>(db, sql`SELECT id, master_id FROM cafes`);
  return {
    parentOf: new Map(accounts.map((a) => [a.id, a.parent_id])),
    roleOf: new Map(accounts.map((a) => [a.id, a.role])),
    masterOfCafe: new Map(cafes.map((c) => [c.id, c.master_id])),
  };
}

function lineage(tree: Tree, id: string): string[] {
  const out: string[] = [];
  for (let at: string | null | undefined = id; at; at = tree.parentOf.get(at)) out.push(at);
  return out;
}

const add = (map: Map<string, number[]>, key: string, values: number[]) => {
  const sums = map.get(key) ?? values.map(() => 0);
  map.set(
    key,
    sums.map((s, i) => s + values[i]!),
  );
};

/**
 * The closed week as the plays say it must be, summed here from the plays' own rows: a play
 * counts in the week when it was booked on its own day there (not late) and was not voided while
 * the week was open (never voided, or its reversal booked in the open week).
 */
function expectedWeek(plays: PlayRow[], tree: Tree) {
  const inWeek = plays.filter(
    (p) => p.booked_day === null && weekOf(istDay(p.played_ms)) === WEEK && (!p.voided || p.void_booked_day !== null),
  );
  const profit = new Map<string, number[]>();
  const totals = new Map<string, number[]>();
  const cafes = new Map<string, number[]>();
  const cafeMembers = new Map<string, Set<string>>();
  const hours = new Map<string, number[]>();
  for (const p of inWeek) {
    const other = tree.masterOfCafe.get(p.cafe_id) !== tree.parentOf.get(p.member_id);
    for (const account of lineage(tree, p.member_id)) {
      add(profit, account, [p.play - p.win]);
      add(totals, `${account} ${p.game_id}`, [p.play, p.win, other ? p.play : 0, other ? p.win : 0]);
    }
    add(cafes, p.cafe_id, [1, p.play, p.win, p.play - p.win]);
    cafeMembers.set(p.cafe_id, (cafeMembers.get(p.cafe_id) ?? new Set()).add(p.member_id));
    add(hours, `${istDay(p.played_ms)} ${istHour(p.played_ms)} ${tree.parentOf.get(p.member_id)}`, [1, p.play, p.win]);
  }
  return { count: inWeek.length, profit, totals, cafes, cafeMembers, hours };
}

async function readPlays(db: Queryable): Promise<PlayRow[]> {
  return queryRows<PlayRow>(
    db,
    sql`SELECT member_id, cafe_id, game_id, (extract(epoch FROM played_at) * 1000)::float8 AS played_ms,
               booked_day::text AS booked_day, voided_at IS NOT NULL AS voided, void_booked_day::text AS void_booked_day,
               play_points_cents::int AS play, win_points_cents::int AS win
          FROM plays`,
  );
}

/** Every figure the closing fixed for WEEK against expectedWeek. */
async function expectClosedWeekAsThePlays(db: Queryable): Promise<void> {
  const tree = await readTree(db);
  const expected = expectedWeek(await readPlays(db), tree);
  expect(expected.count).toBeGreaterThan(0);

  const settlements = await queryRows<{ account_id: string; kind: string; profit_cents: number }>(
    db,
    sql`SELECT account_id, kind::text AS kind, profit_cents::int AS profit_cents FROM weekly_settlements WHERE week_start = ${WEEK}`,
  );
  const commissioned = [...tree.roleOf]
    .filter(([, role]) => (ROLES as readonly string[]).includes(role) && hasCommission(role as Role))
    .map(([id]) => id);
  for (const kind of ['games', 'poker']) {
    const rows = settlements.filter((s) => s.kind === kind);
    expect(rows.map((s) => s.account_id).sort()).toEqual([...commissioned].sort());
    for (const row of rows)
      expect(row.profit_cents, `${kind} ${row.account_id}`).toBe(
        kind === 'poker' ? 0 : (expected.profit.get(row.account_id)?.[0] ?? 0),
      );
  }

  const totals = await queryRows<{ key: string; play: number; win: number; other_play: number; other_win: number; late: number }>(
    db,
    sql`SELECT account_id || ' ' || game_id AS key, sum(play_points_cents)::int AS play, sum(win_points_cents)::int AS win,
               sum(other_play_points_cents)::int AS other_play, sum(other_win_points_cents)::int AS other_win,
               sum(abs(late_play_points_cents) + abs(late_win_points_cents))::int AS late
          FROM weekly_play_totals WHERE week_start = ${WEEK} AND kind = 'games' GROUP BY 1`,
  );
  expect(Object.fromEntries(totals.map((t) => [t.key, [t.play, t.win, t.other_play, t.other_win]]))).toEqual(
    Object.fromEntries(expected.totals),
  );
  expect(totals.every((t) => t.late === 0)).toBe(true);

  const cafeWeek = await queryRows<{
    cafe_id: string;
    plays: number;
    play: number;
    win: number;
    profit: number;
    members: number;
  }>(
    db,
    sql`SELECT cafe_id, plays::int AS plays, play_points_cents::int AS play, win_points_cents::int AS win,
               (own_profit_cents + other_profit_cents)::int AS profit, members
          FROM cafe_week WHERE week_start = ${WEEK}`,
  );
  expect(Object.fromEntries(cafeWeek.map((c) => [c.cafe_id, [c.plays, c.play, c.win, c.profit]]))).toEqual(
    Object.fromEntries(expected.cafes),
  );
  for (const c of cafeWeek) expect(c.members).toBe(expected.cafeMembers.get(c.cafe_id)!.size);

  const hours = await queryRows<{ key: string; plays: number; play: number; win: number }>(
    db,
    sql`SELECT day::text || ' ' || hour || ' ' || parent_id AS key, plays, play_points_cents::int AS play, win_points_cents::int AS win
          FROM play_hours WHERE day >= ${WEEK}::date AND day < ${WEEK}::date + 7`,
  );
  expect(Object.fromEntries(hours.map((h) => [h.key, [h.plays, h.play, h.win]]))).toEqual(Object.fromEntries(expected.hours));
}

describe.each(TEST_DB_KINDS)('a closing while the feed books on %s', (kind) => {
  let f: FeedApp;
  const db = () => f.t.app.db;
  /** Plays of WEEK sent before the closing: what the voids name. */
  const weekPlays: string[] = [];
  let sentPlays = 0;
  let sentVoids = 0;

  beforeAll(async () => {
    f = await buildFeedApp(kind, { now: '2025-03-16T23:30:00+05:30' });
    expect((await f.post(cafeEvents())).statusCode).toBe(200);
    for (let b = 0; b < 4; b += 1) {
      const events: FeedEventInput[] = [];
      for (let i = 0; i < 60; i += 1) {
        const n = b * 60 + i;
        const id = `w-${n}`;
        weekPlays.push(id);
        events.push(play(id, `2025-03-${10 + (n % 7)}`, 9 + (n % 14), n));
      }
      const res = await f.post(events);
      expect(res.statusCode, res.body).toBe(200);
      sentPlays += events.length;
    }
    f.t.clock.set(`${OPEN_WEEK_DAY}T10:00:00+05:30`);
  });
  afterAll(async () => {
    await f?.close();
  });

  /** A batch of Monday morning: plays of the finished week (Sunday's last draws), plays of the open week, voids of the finished week's plays. */
  function mondayBatch(b: number): FeedEventInput[] {
    const events: FeedEventInput[] = [];
    for (let i = 0; i < 20; i += 1) events.push(play(`late-${b}-${i}`, '2025-03-16', 20 + (i % 4), b * 20 + i));
    for (let i = 0; i < 20; i += 1) events.push(play(`open-${b}-${i}`, OPEN_WEEK_DAY, 6 + (i % 4), b * 20 + i + 3));
    for (let i = 0; i < 8; i += 1) events.push(voidOf(weekPlays[b * 8 + i]!, `m${b}`));
    sentPlays += 40;
    sentVoids += 8;
    return events;
  }

  it('loses and doubles nothing of what arrives before, during and after it, and closes the week once', async () => {
    const post = async (b: number) => {
      const res = await f.post(mondayBatch(b));
      expect(res.statusCode, `${res.body}\n${f.t.serverErrors.join('\n')}`).toBe(200);
    };
    // Before: counted in the week.
    await post(0);
    await post(1);
    // During: batches in flight, two closings started among them.
    const during: Promise<unknown>[] = [];
    for (let b = 2; b < 12; b += 1) during.push(post(b));
    const closings = [closeFinishedWeeks(db(), { now: f.t.clock.now() }), closeFinishedWeeks(db(), { now: f.t.clock.now() })];
    for (let b = 12; b < 16; b += 1) during.push(post(b));
    const [first, second] = await Promise.all(closings);
    await Promise.all(during);
    // After: booked in the open week.
    await post(16);
    await post(17);

    expect([...first!.closed, ...second!.closed].sort()).toEqual([`${WEEK} games`, `${WEEK} poker`]);
    const marks = await queryRows<{ n: number; seals: number }>(
      db(),
      sql`SELECT (SELECT count(*) FROM settled_weeks WHERE week_start = ${WEEK})::int AS n, (SELECT count(*) FROM week_seals)::int AS seals`,
    );
    expect(marks[0]).toEqual({ n: 2, seals: 0 });

    const plays = await readPlays(db());
    expect(plays.length).toBe(sentPlays);
    expect(plays.filter((p) => p.voided).length).toBe(sentVoids);
    // What came before the closing counts in the week, what came after is booked in the open week.
    const rows = await queryRows<{ id: string; booked_day: string | null; void_booked_day: string | null }>(
      db(),
      sql`SELECT platform_id AS id, booked_day::text AS booked_day, void_booked_day::text AS void_booked_day FROM plays
           WHERE platform_id LIKE 'late-0-%' OR platform_id LIKE 'late-17-%'
              OR platform_id IN (${weekPlays[0]!}, ${weekPlays[17 * 8]!})`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get('late-0-0')!.booked_day).toBeNull();
    expect(byId.get('late-17-0')!.booked_day).toBe(OPEN_WEEK_DAY);
    expect(byId.get(weekPlays[0]!)!.void_booked_day).toBeNull();
    expect(byId.get(weekPlays[17 * 8]!)!.void_booked_day).toBe(OPEN_WEEK_DAY);

    await expectClosedWeekAsThePlays(db());

    // The open week holds the rest: its live roll-ups are the plays booked there, late ones and reversals included.
    const openPlays = plays.filter(
      (p) => (p.booked_day ?? istDay(p.played_ms)) >= OPEN_WEEK_DAY && (!p.voided || p.void_booked_day !== null),
    );
    const reversals = plays.filter((p) => p.void_booked_day !== null);
    const expectedOpen = openPlays.reduce((s, p) => s + p.play - p.win, 0) - reversals.reduce((s, p) => s + p.play - p.win, 0);
    const [open] = await queryRows<{ profit: number }>(
      db(),
      sql`SELECT coalesce(sum(play_points_cents - win_points_cents), 0)::int AS profit FROM play_daily WHERE day >= ${OPEN_WEEK_DAY}`,
    );
    expect(open!.profit).toBe(expectedOpen);
    // Together: every play sent counts once, less what was voided.
    const [closed] = await queryRows<{ profit: number }>(
      db(),
      sql`SELECT s.profit_cents::int AS profit FROM weekly_settlements s JOIN accounts a ON a.id = s.account_id
           WHERE a.username = 'superadmin' AND s.week_start = ${WEEK} AND s.kind = 'games'`,
    );
    const allUnvoided = plays.filter((p) => !p.voided).reduce((s, p) => s + p.play - p.win, 0);
    expect(closed!.profit + open!.profit).toBe(allUnvoided);
    // Every kept figure (Cafe Trends' periods, moved to the open week among the batches, included) equals its sum of the plays.
    expect(await brokenInvariants(db())).toEqual([]);
  });
});

describe.each(TEST_DB_KINDS)('a sealed week on %s', (kind) => {
  let f: FeedApp;
  const db = () => f.t.app.db;

  beforeAll(async () => {
    f = await buildFeedApp(kind, { now: '2025-03-16T23:30:00+05:30' });
    expect((await f.post(cafeEvents())).statusCode).toBe(200);
    const res = await f.post([play('s-1', '2025-03-12', 10, 1), play('s-2', '2025-03-13', 10, 2)]);
    expect(res.statusCode, res.body).toBe(200);
    f.t.clock.set(`${OPEN_WEEK_DAY}T10:00:00+05:30`);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('books what arrives for it in the open week, refuses writes into it, and is closed by the next run', async () => {
    // As a closing that stopped after its seal leaves it.
    await db().execute(sql`INSERT INTO week_seals (week_start, kind) VALUES (${WEEK}, 'games'), (${WEEK}, 'poker')`);

    const res = await f.post([play('s-3', '2025-03-16', 21, 3), voidOf('s-1', 'x')]);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await queryRows<{ id: string; booked_day: string | null; void_booked_day: string | null }>(
      db(),
      sql`SELECT platform_id AS id, booked_day::text AS booked_day, void_booked_day::text AS void_booked_day FROM plays ORDER BY 1`,
    );
    expect(rows).toEqual([
      { id: 's-1', booked_day: null, void_booked_day: OPEN_WEEK_DAY },
      { id: 's-2', booked_day: null, void_booked_day: null },
      { id: 's-3', booked_day: OPEN_WEEK_DAY, void_booked_day: null },
    ]);

    // Written past the feed, a void that would take a play out of the sealed week is refused.
    const refused = await db()
      .execute(sql`UPDATE plays SET voided_at = now(), void_reason = 'x' WHERE platform_id = 's-2'`)
      .then(
        () => 'applied',
        (err: { message?: string; cause?: { message?: string } }) => `${err.message} ${err.cause?.message}`,
      );
    expect(refused).toMatch(/it is being closed/);

    const result = await closeFinishedWeeks(db(), { now: f.t.clock.now() });
    expect(result.closed).toEqual([`${WEEK} games`, `${WEEK} poker`]);
    const [left] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM week_seals`);
    expect(left!.n).toBe(0);
    await expectClosedWeekAsThePlays(db());
    expect((await closeFinishedWeeks(db(), { now: f.t.clock.now() })).closed).toEqual([]);
  });
});

describe.each(TEST_DB_KINDS)('batches while the closing reads the week on %s', (kind) => {
  let f: FeedApp;
  const db = () => f.t.app.db;
  const weekPlays: string[] = [];

  beforeAll(async () => {
    f = await buildFeedApp(kind, { now: '2025-03-16T23:30:00+05:30' });
    expect((await f.post(cafeEvents())).statusCode).toBe(200);
    const events: FeedEventInput[] = [];
    for (let n = 0; n < 80; n += 1) {
      weekPlays.push(`h-${n}`);
      events.push(play(`h-${n}`, `2025-03-${10 + (n % 7)}`, 9 + (n % 14), n));
    }
    expect((await f.post(events)).statusCode).toBe(200);
    f.t.clock.set(`${OPEN_WEEK_DAY}T10:00:00+05:30`);
  });
  afterAll(async () => {
    await f?.close();
  });

  // One connection on PGlite: a transaction held open would hold everything.
  it.skipIf(kind !== 'postgres')(
    'books them, late, while the closing is held half-way, and the closing fixes the week as it was sealed',
    async () => {
      // The closing is held when it writes the week's play totals: sealed, its snapshot taken, its settlement read.
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = db().transaction(async (tx) => {
        await tx.execute(sql`LOCK TABLE weekly_play_totals IN SHARE MODE`);
        locked();
        await released;
      });
      await isLocked;
      let closingDone = false;
      const closing = closeFinishedWeeks(db(), { now: f.t.clock.now() }).finally(() => {
        closingDone = true;
      });
      // Released whatever happens below, so that a failure does not leave the closing waiting.
      onTestFinished(async () => {
        release();
        await holder;
        await closing.catch(() => {});
      });
      for (let i = 0; ; i += 1) {
        const [waiting] = await queryRows<{ n: number }>(
          db(),
          sql`SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'weekly_play_totals'::regclass AND NOT granted`,
        );
        if (waiting!.n > 0) break;
        expect(i, 'the closing reaches the week totals').toBeLessThan(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      // Meanwhile: Sunday's last plays, voids of the week's plays, Monday's plays; all answered while the closing waits.
      const events: FeedEventInput[] = [];
      for (let i = 0; i < 10; i += 1) events.push(play(`held-late-${i}`, '2025-03-16', 20 + (i % 4), i));
      for (let i = 0; i < 10; i += 1) events.push(play(`held-open-${i}`, OPEN_WEEK_DAY, 6 + (i % 4), i + 1));
      for (let i = 0; i < 6; i += 1) events.push(voidOf(weekPlays[i]!, 'held'));
      const res = await f.post(events);
      expect(res.statusCode, `${res.body}\n${f.t.serverErrors.join('\n')}`).toBe(200);
      expect(closingDone).toBe(false);

      release();
      await holder;
      expect((await closing).closed).toEqual([`${WEEK} games`, `${WEEK} poker`]);

      const rows = await queryRows<{ late: number; reversed: number }>(
        db(),
        sql`SELECT count(*) FILTER (WHERE platform_id LIKE 'held-late-%' AND booked_day = ${OPEN_WEEK_DAY})::int AS late,
                   count(*) FILTER (WHERE void_booked_day = ${OPEN_WEEK_DAY})::int AS reversed
              FROM plays`,
      );
      expect(rows[0]).toEqual({ late: 10, reversed: 6 });
      await expectClosedWeekAsThePlays(db());
    },
  );
});
