import type { DailyStatusResponse, FeedEventInput, FeedRefusal, RevenueResponse } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn } from '../../../test/fixtures/network.js';
import { databaseError, TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { closeFinishedWeeks } from '../settlement/index.js';
import { brokenInvariants, buildFeedApp, cafeEvents, databaseDigest, type FeedApp } from './test-support/feed-fixture.js';

/**
 * Voided plays and poker hands (docs/feed.md, "Voided plays and hands"): the platform cancels a
 * bet or a hand. Its week open, its profit leaves that week; its week closed, the closed week stays
 * byte-identical and the reversal is booked on the open week's late line, with the opposite sign.
 */
const CLOSED_WEEK = { from: '2025-03-03', to: '2025-03-09' };
const OPEN_WEEK = { from: '2025-03-10', to: '2025-03-16' };
const NEXT_WEEK_MONDAY = '2025-03-17T12:00:00+05:30';
const IN_CLOSED_WEEK = '2025-03-05T12:00:00+05:30';
const ARRIVAL = '2025-03-12T12:00:00+05:30';
const FUN_TARGET = 'MNOQqWWi';

interface PlayFact {
  id: string;
  stake: number;
  win: number;
  at: string;
}
interface HandFact {
  id: string;
  rake: number;
  at: string;
}

const play = (f: PlayFact): FeedEventInput => ({
  id: f.id,
  type: 'play',
  playId: f.id,
  member: 'player1',
  cafeId: 'cafe-m1',
  game: FUN_TARGET,
  drawAt: f.at,
  stake: f.stake,
  win: f.win,
  at: f.at,
});
const hand = (f: HandFact): FeedEventInput => ({
  id: f.id,
  type: 'pokerHand',
  handId: f.id,
  member: 'player1',
  cafeId: 'cafe-m1',
  rake: f.rake,
  at: f.at,
});
const voidPlay = (eventId: string, playId: string, reason = 'draw cancelled'): FeedEventInput => ({
  id: eventId,
  type: 'play.voided',
  playId,
  at: ARRIVAL,
  reason,
});
const voidHand = (eventId: string, handId: string, reason = 'table fault'): FeedEventInput => ({
  id: eventId,
  type: 'pokerHand.voided',
  handId,
  at: ARRIVAL,
  reason,
});

/** Σ stake − win of the plays (points, to the hundredth). */
const playProfit = (plays: PlayFact[]) => Math.round(plays.reduce((sum, p) => sum + (p.stake - p.win) * 100, 0)) / 100;
const rakeOf = (hands: HandFact[]) => Math.round(hands.reduce((sum, h) => sum + h.rake * 100, 0)) / 100;

// The plays and hands of the closed week, and of the open week (on time).
const closedA: PlayFact = { id: 'closed-a', stake: 100, win: 0, at: '2025-03-04T11:00:00+05:30' };
const closedB: PlayFact = { id: 'closed-b', stake: 50, win: 20.5, at: IN_CLOSED_WEEK };
const closedHand: HandFact = { id: 'closed-h', rake: 7.25, at: IN_CLOSED_WEEK };
const openC: PlayFact = { id: 'open-c', stake: 30, win: 10, at: '2025-03-11T10:00:00+05:30' };
const openD: PlayFact = { id: 'open-d', stake: 12, win: 0, at: '2025-03-12T10:00:00+05:30' };
const openE: PlayFact = { id: 'open-e', stake: 8, win: 40, at: '2025-03-12T11:00:00+05:30' };
const openHand: HandFact = { id: 'open-h', rake: 3.5, at: '2025-03-12T09:00:00+05:30' };
const openHand2: HandFact = { id: 'open-h2', rake: 1.25, at: '2025-03-12T09:30:00+05:30' };

describe.each(TEST_DB_KINDS)('voided plays and hands on %s', (kind) => {
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
      totals: await rows(sql`SELECT * FROM weekly_play_totals WHERE week_start = ${from}`),
      deductions: await rows(sql`SELECT * FROM loan_deductions WHERE week_start = ${from}`),
      closed: await rows(sql`SELECT * FROM settled_weeks WHERE week_start = ${from}`),
      playDaily: await rows(sql`SELECT * FROM play_daily WHERE day BETWEEN ${from} AND ${to}`),
      byParent: await rows(sql`SELECT * FROM play_daily_by_parent WHERE day BETWEEN ${from} AND ${to}`),
    };
  }

  /** master1's Revenue rows by week: profit and its late part. */
  async function revenue(report: 'revenuereport' | 'pokerrevenuereport') {
    const me = await signIn(f.t.app, 'master1');
    const res = await injectAs(f.t.app, me, {
      url: `/api/playrep/${report}?fromDate=${CLOSED_WEEK.from}&toDate=${OPEN_WEEK.to}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return new Map(
      (res.json() as RevenueResponse).data.map((row) => [row.fromDate, { profit: row.profit, late: row.lateProfit }]),
    );
  }

  /** am1's Daily Status profit (draw games) of master1 over the open week. */
  async function dailyStatusOfMaster1(): Promise<number> {
    const me = await signIn(f.t.app, 'am1');
    const res = await injectAs(f.t.app, me, {
      url: `/api/playrep/dailystatus?fromDate=${OPEN_WEEK.from}&toDate=${OPEN_WEEK.to}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as DailyStatusResponse).data.find((row) => row.username === 'master1')?.profit ?? 0;
  }

  const voidRow = async (table: 'plays' | 'poker_hands', id: string) =>
    (
      await queryRows<{ voided_at: string | null; void_reason: string | null; void_booked_day: string | null }>(
        db(),
        sql`SELECT to_json(voided_at) #>> '{}' AS voided_at, void_reason, void_booked_day::text AS void_booked_day
              FROM ${sql.raw(table)} WHERE platform_id = ${id}`,
      )
    )[0];

  beforeAll(async () => {
    f = await buildFeedApp(kind, { now: IN_CLOSED_WEEK });
    const res = await f.post([...cafeEvents(), play(closedA), play(closedB), hand(closedHand)]);
    expect(res.statusCode, res.body).toBe(200);
    f.t.clock.set(ARRIVAL);
    const { closed } = await closeFinishedWeeks(db(), { now: f.t.clock.now() });
    expect(closed).toEqual([`${CLOSED_WEEK.from} games`, `${CLOSED_WEEK.from} poker`]);
    const open = await f.post([play(openC), play(openD), play(openE), hand(openHand), hand(openHand2)]);
    expect(open.statusCode, open.body).toBe(200);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('takes a voided play of an open week out of that week: Revenue and Daily Status count the others', async () => {
    const res = await f.post([voidPlay('void-c', openC.id)]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: 1, duplicates: 0 });

    const remaining = playProfit([openD, openE]);
    const games = await revenue('revenuereport');
    expect(games.get(OPEN_WEEK.from)).toEqual({ profit: remaining, late: 0 });
    expect(games.get(CLOSED_WEEK.from)?.profit).toBe(playProfit([closedA, closedB]));
    expect(await dailyStatusOfMaster1()).toBe(remaining);

    // The row stays, marked; its week was open, so nothing is booked elsewhere.
    expect(await voidRow('plays', openC.id)).toEqual({
      voided_at: '2025-03-12T06:30:00+00:00',
      void_reason: 'draw cancelled',
      void_booked_day: null,
    });
    expect(await brokenInvariants(db())).toEqual([]);
  });

  it('keeps a closed week byte-identical and books the reversal on the open week’s late line', async () => {
    const weekBefore = await closedWeekRows();
    const res = await f.post([voidPlay('void-a', closedA.id, 'terminal fault')]);
    expect(res.statusCode, res.body).toBe(200);

    expect(await closedWeekRows()).toEqual(weekBefore);
    const reversal = -playProfit([closedA]);
    const games = await revenue('revenuereport');
    expect(games.get(CLOSED_WEEK.from)).toEqual({ profit: playProfit([closedA, closedB]), late: 0 });
    expect(games.get(OPEN_WEEK.from)).toEqual({ profit: playProfit([openD, openE]) + reversal, late: reversal });
    expect(await voidRow('plays', closedA.id)).toMatchObject({ void_reason: 'terminal fault', void_booked_day: '2025-03-12' });
    expect(await brokenInvariants(db())).toEqual([]);
  });

  it('voids a poker hand the same way, in an open and in a closed week', async () => {
    const weekBefore = await closedWeekRows();
    const res = await f.post([voidHand('void-h', closedHand.id), voidHand('void-h2', openHand2.id)]);
    expect(res.statusCode, res.body).toBe(200);

    expect(await closedWeekRows()).toEqual(weekBefore);
    const poker = await revenue('pokerrevenuereport');
    expect(poker.get(CLOSED_WEEK.from)).toEqual({ profit: rakeOf([closedHand]), late: 0 });
    const reversal = -rakeOf([closedHand]);
    expect(poker.get(OPEN_WEEK.from)).toEqual({ profit: rakeOf([openHand]) + reversal, late: reversal });
    expect(await voidRow('poker_hands', closedHand.id)).toMatchObject({ void_booked_day: '2025-03-12' });
    expect(await voidRow('poker_hands', openHand2.id)).toMatchObject({ void_booked_day: null });
    expect(await brokenInvariants(db())).toEqual([]);
  });

  it('changes nothing more when a play or hand is voided again, under a new event id or the same', async () => {
    const before = await databaseDigest(db());
    const again = await f.post([voidPlay('void-a-again', closedA.id, 'sent twice'), voidHand('void-h2-again', openHand2.id)]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ applied: 2, duplicates: 0 });
    const repeated = await f.post([voidPlay('void-c', openC.id)]);
    expect(repeated.json()).toMatchObject({ applied: 0, duplicates: 1 });

    const after = await databaseDigest(db());
    // Only the feed's own record of the events moved; no play, hand or roll-up did.
    for (const table of ['plays', 'poker_hands', 'play_daily', 'play_daily_by_parent', 'weekly_settlements'] as const) {
      expect(after[table], table).toBe(before[table]);
    }
    expect(await voidRow('plays', closedA.id)).toMatchObject({ void_reason: 'terminal fault' });
  });

  it('refuses a void of an unknown playId or handId with 422 naming the event, and applies nothing', async () => {
    const before = await databaseDigest(db());
    const res = await f.post([
      voidPlay('void-known', openD.id),
      voidPlay('void-x', 'no-such-play'),
      voidHand('void-y', 'no-such-hand'),
    ]);
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json() as FeedRefusal;
    expect(body.errors).toEqual([
      expect.objectContaining({ index: 1, id: 'void-x', field: 'playId', reason: expect.stringContaining('is not known') }),
      expect.objectContaining({ index: 2, id: 'void-y', field: 'handId', reason: expect.stringContaining('is not known') }),
    ]);
    expect(await databaseDigest(db())).toEqual(before);
  });

  it('refuses a void without a reason or with one over 200 characters', async () => {
    const res = await f.post([voidPlay('void-empty', openD.id, ' '), voidPlay('void-long', openD.id, 'x'.repeat(201))]);
    expect(res.statusCode, res.body).toBe(422);
    expect((res.json() as FeedRefusal).errors).toEqual([
      { index: 0, id: 'void-empty', field: 'reason', reason: 'is required' },
      { index: 1, id: 'void-long', field: 'reason', reason: 'must be at most 200 characters' },
    ]);
  });

  it('voids a play sent earlier in the same batch', async () => {
    const late: PlayFact = { id: 'same-batch', stake: 25, win: 5, at: '2025-03-12T11:30:00+05:30' };
    const res = await f.post([play(late), voidPlay('void-same-batch', late.id)]);
    expect(res.statusCode, res.body).toBe(200);
    const games = await revenue('revenuereport');
    expect(games.get(OPEN_WEEK.from)?.profit).toBe(playProfit([openD, openE]) - playProfit([closedA]));
    expect(await brokenInvariants(db())).toEqual([]);
  });

  it('is refused by the database itself when a play of a closed week would be voided in place', async () => {
    const inPlace = await databaseError(
      db().execute(sql`UPDATE plays SET voided_at = now(), void_reason = 'by hand' WHERE platform_id = ${closedB.id}`),
    );
    expect(inPlace).toBe('plays rows cannot be booked in or taken from the week of 2025-03-03: it is closed');
    const reversalInClosedWeek = await databaseError(
      db().execute(
        sql`UPDATE plays SET voided_at = now(), void_reason = 'by hand', void_booked_day = '2025-03-09' WHERE platform_id = ${closedB.id}`,
      ),
    );
    expect(reversalInClosedWeek).toBe('plays rows cannot be booked in or taken from the week of 2025-03-03: it is closed');
  });

  it('leaves a voided play out of Insight’s big wins today', async () => {
    const big: PlayFact = { id: 'big-win', stake: 10, win: 25_000, at: '2025-03-12T11:45:00+05:30' };
    const bigWins = async () => {
      const res = await injectAs(f.t.app, await signIn(f.t.app, 'master1'), { url: '/api/playrep/today' });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { bigWins: { win: number }[] }).bigWins.map((w) => w.win);
    };
    expect((await f.post([play(big)])).statusCode).toBe(200);
    expect(await bigWins()).toEqual([big.win]);
    expect((await f.post([voidPlay('void-big-win', big.id, 'draw cancelled')])).statusCode).toBe(200);
    expect(await bigWins()).toEqual([]);
  });

  it('fixes the reversal in the open week’s settlement when that week closes', async () => {
    const before = await revenue('revenuereport');
    const pokerBefore = await revenue('pokerrevenuereport');
    f.t.clock.set(NEXT_WEEK_MONDAY);
    const { closed } = await closeFinishedWeeks(db(), { now: f.t.clock.now() });
    expect(closed).toEqual([`${OPEN_WEEK.from} games`, `${OPEN_WEEK.from} poker`]);
    // Read from what the closing fixed (weekly_play_totals), the same figures as live.
    expect(await revenue('revenuereport')).toEqual(before);
    expect(await revenue('pokerrevenuereport')).toEqual(pokerBefore);
    expect(await brokenInvariants(db())).toEqual([]);
  });
});
