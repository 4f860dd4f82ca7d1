import type { FeedEventInput, RevenueResponse } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn } from '../../../test/fixtures/network.js';
import { databaseError, TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { closeFinishedWeeks } from '../settlement/index.js';
import { brokenInvariants, buildFeedApp, cafeEvents, type FeedApp } from './test-support/feed-fixture.js';

/**
 * Late facts (docs/domain.md, "Data from the game platform"): plays and poker hands of a week already closed keep their
 * real time but are booked on the day they arrive, in the open week. The closed week stays
 * byte-identical (its settlement rows and its roll-up rows) and the open week counts them.
 */
const CLOSED_WEEK = { from: '2025-03-03', to: '2025-03-09' };
const OPEN_WEEK = { from: '2025-03-10', to: '2025-03-16' };
const IN_CLOSED_WEEK = '2025-03-05T12:00:00+05:30';
const ARRIVAL = '2025-03-12T12:00:00+05:30';
const FUN_TARGET = 'MNOQqWWi';

type Fact = { stake: number; win: number; at: string } | { rake: number; at: string };

const play = (id: string, member: string, f: { stake: number; win: number; at: string }): FeedEventInput => ({
  id,
  type: 'play',
  playId: id,
  member,
  cafeId: 'cafe-m1',
  game: FUN_TARGET,
  drawAt: f.at,
  stake: f.stake,
  win: f.win,
  at: f.at,
});
const hand = (id: string, member: string, f: { rake: number; at: string }): FeedEventInput => ({
  id,
  type: 'pokerHand',
  handId: id,
  member,
  cafeId: 'cafe-m1',
  rake: f.rake,
  at: f.at,
});

/** master1's profit (points) of the given facts: Σ stake − win for plays, Σ rake for hands. */
const profitOf = (facts: Fact[], kind: 'games' | 'poker') =>
  facts.reduce((sum, f) => sum + ('rake' in f ? (kind === 'poker' ? f.rake : 0) : kind === 'games' ? f.stake - f.win : 0), 0);

describe.each(TEST_DB_KINDS)('late plays and hands on %s', (kind) => {
  let f: FeedApp;
  const db = () => f.t.app.db;

  /** Everything the closed week is made of, as one text per table. */
  async function closedWeekRows() {
    const rows = async (query: ReturnType<typeof sql>) =>
      (
        await queryRows<{ h: string }>(
          db(),
          sql`SELECT coalesce(string_agg(t::text, '|' ORDER BY t::text), '') AS h FROM (${query}) t`,
        )
      )[0]!.h;
    const { from, to } = CLOSED_WEEK;
    return {
      settlements: await rows(sql`SELECT * FROM weekly_settlements WHERE week_start = ${from}`),
      deductions: await rows(sql`SELECT * FROM loan_deductions WHERE week_start = ${from}`),
      closed: await rows(sql`SELECT * FROM settled_weeks WHERE week_start = ${from}`),
      playDaily: await rows(sql`SELECT * FROM play_daily WHERE day BETWEEN ${from} AND ${to}`),
      byParent: await rows(sql`SELECT * FROM play_daily_by_parent WHERE day BETWEEN ${from} AND ${to}`),
    };
  }

  async function revenue(report: 'revenuereport' | 'pokerrevenuereport'): Promise<Map<string, number>> {
    const me = await signIn(f.t.app, 'master1');
    const res = await injectAs(f.t.app, me, {
      url: `/api/playrep/${report}?fromDate=${CLOSED_WEEK.from}&toDate=${OPEN_WEEK.to}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return new Map((res.json() as RevenueResponse).data.map((row) => [row.fromDate, row.profit]));
  }

  const onTime: Fact[] = [
    { stake: 100, win: 0, at: '2025-03-04T11:00:00+05:30' },
    { stake: 50, win: 20, at: IN_CLOSED_WEEK },
    { rake: 7, at: IN_CLOSED_WEEK },
  ];
  const late: Fact[] = [
    { stake: 40, win: 15.5, at: '2025-03-06T10:00:00+05:30' },
    { rake: 3.25, at: '2025-03-08T22:00:00+05:30' },
  ];
  const today: Fact[] = [{ stake: 12, win: 0, at: '2025-03-12T10:00:00+05:30' }];

  const events = (facts: Fact[], prefix: string) =>
    facts.map((fact, i) => ('rake' in fact ? hand(`${prefix}-${i}`, 'player1', fact) : play(`${prefix}-${i}`, 'player1', fact)));

  beforeAll(async () => {
    f = await buildFeedApp(kind, { now: IN_CLOSED_WEEK });
    const res = await f.post([...cafeEvents(), ...events(onTime, 'on-time')]);
    expect(res.statusCode, res.body).toBe(200);
    f.t.clock.set(ARRIVAL);
    const { closed } = await closeFinishedWeeks(db(), { now: f.t.clock.now() });
    expect(closed).toEqual([`${CLOSED_WEEK.from} games`, `${CLOSED_WEEK.from} poker`]);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('books them on the day they arrive: the closed week stays byte-identical, the open week counts them', async () => {
    const weekBefore = await closedWeekRows();
    const gamesBefore = await revenue('revenuereport');
    const pokerBefore = await revenue('pokerrevenuereport');
    expect(gamesBefore.get(CLOSED_WEEK.from)).toBe(profitOf(onTime, 'games'));
    expect(pokerBefore.get(CLOSED_WEEK.from)).toBe(profitOf(onTime, 'poker'));
    expect(gamesBefore.get(OPEN_WEEK.from)).toBe(0);

    const res = await f.post([...events(late, 'late'), ...events(today, 'today')]);
    expect(res.statusCode, res.body).toBe(200);

    expect(await closedWeekRows()).toEqual(weekBefore);
    const games = await revenue('revenuereport');
    const poker = await revenue('pokerrevenuereport');
    expect(games.get(CLOSED_WEEK.from)).toBe(profitOf(onTime, 'games'));
    expect(games.get(OPEN_WEEK.from)).toBe(profitOf([...late, ...today], 'games'));
    expect(poker.get(CLOSED_WEEK.from)).toBe(profitOf(onTime, 'poker'));
    expect(poker.get(OPEN_WEEK.from)).toBe(profitOf(late, 'poker'));

    // The real time is kept; the booking day marks the late ones.
    const booked = await queryRows<{ platform_id: string; day: string; booked_day: string | null }>(
      db(),
      sql`SELECT platform_id, ist_day(played_at)::text AS day, booked_day::text AS booked_day FROM plays
          UNION ALL SELECT platform_id, ist_day(played_at)::text, booked_day::text FROM poker_hands ORDER BY 1`,
    );
    expect(booked).toEqual([
      { platform_id: 'late-0', day: '2025-03-06', booked_day: '2025-03-12' },
      { platform_id: 'late-1', day: '2025-03-08', booked_day: '2025-03-12' },
      { platform_id: 'on-time-0', day: '2025-03-04', booked_day: null },
      { platform_id: 'on-time-1', day: '2025-03-05', booked_day: null },
      { platform_id: 'on-time-2', day: '2025-03-05', booked_day: null },
      { platform_id: 'today-0', day: '2025-03-12', booked_day: null },
    ]);
    expect(await brokenInvariants(db())).toEqual([]);
  });

  it('is refused by the database itself when a play would be booked into a closed week', async () => {
    const [row] = await queryRows<{ member_id: string; cafe_id: string }>(
      db(),
      sql`SELECT member_id, cafe_id FROM plays LIMIT 1`,
    );
    const message = await databaseError(
      db().execute(sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
                       VALUES (${row!.member_id}, ${row!.cafe_id}, 1, 100, 0, ${IN_CLOSED_WEEK}::timestamptz)`),
    );
    expect(message).toBe('plays rows cannot be booked in or taken from the week of 2025-03-03: it is closed');
    const deleted = await databaseError(db().execute(sql`DELETE FROM poker_hands WHERE booked_day IS NULL`));
    expect(deleted).toBe('poker_hands rows cannot be booked in or taken from the week of 2025-03-03: it is closed');
  });
});
