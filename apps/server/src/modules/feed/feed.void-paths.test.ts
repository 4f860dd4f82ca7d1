import type { FeedEventInput, FeedRefusal, RevenueResponse } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn } from '../../../test/fixtures/network.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { closeFinishedWeeks } from '../settlement/index.js';
import { brokenInvariants, buildFeedApp, cafeEvents, databaseDigest, type FeedApp } from './test-support/feed-fixture.js';

/**
 * A void reaches its row one of two ways (docs/feed.md, "Voided plays and hands"): with the insert
 * of a play or hand sent in the same run of the batch (the row is written voided), or by an update
 * of a row applied before (migration 0031's triggers). Both must give the same rows and roll-ups:
 * the same events are sent to two databases, once as one batch and once as the plays and hands
 * followed by their voids in a second batch, and the two are compared, with each other and with
 * figures computed here.
 */
const ARRIVAL = '2025-03-12T12:00:00+05:30';
const FUN_TARGET = 'MNOQqWWi';

interface PlayFact {
  id: string;
  stake: number;
  win: number;
  at: string;
  member?: string;
}

const play = (f: PlayFact): FeedEventInput => ({
  id: f.id,
  type: 'play',
  playId: f.id,
  member: f.member ?? 'player1',
  cafeId: 'cafe-m1',
  game: FUN_TARGET,
  drawAt: f.at,
  stake: f.stake,
  win: f.win,
  at: f.at,
});
const hand = (id: string, rake: number, at: string): FeedEventInput => ({
  id,
  type: 'pokerHand',
  handId: id,
  member: 'player1',
  cafeId: 'cafe-m1',
  rake,
  at,
});
const voidPlay = (eventId: string, playId: string, reason = 'draw cancelled', at = ARRIVAL): FeedEventInput => ({
  id: eventId,
  type: 'play.voided',
  playId,
  at,
  reason,
});
const voidHand = (eventId: string, handId: string): FeedEventInput => ({
  id: eventId,
  type: 'pokerHand.voided',
  handId,
  at: ARRIVAL,
  reason: 'table fault',
});
const profit = (plays: PlayFact[]) => Math.round(plays.reduce((sum, p) => sum + (p.stake - p.win) * 100, 0)) / 100;

// Before: a closed week (3-9 March) and the open one (10-16 March).
const closedA: PlayFact = { id: 'closed-a', stake: 100, win: 0, at: '2025-03-04T11:00:00+05:30' };
const closedB: PlayFact = { id: 'closed-b', stake: 50, win: 20.5, at: '2025-03-05T12:00:00+05:30' };
const openC: PlayFact = { id: 'open-c', stake: 30, win: 10, at: '2025-03-11T10:00:00+05:30' };
const openD: PlayFact = { id: 'open-d', stake: 12, win: 0, at: '2025-03-12T10:00:00+05:30' };

// The batch: plays, a late play, a big win, a hand, with voids of them and of earlier plays.
const p1: PlayFact = { id: 'same-1', stake: 25, win: 5, at: '2025-03-12T11:00:00+05:30' };
const p2: PlayFact = { id: 'same-2', stake: 40, win: 0, at: '2025-03-12T11:01:00+05:30' };
const p3: PlayFact = { id: 'same-3', stake: 7, win: 3, at: '2025-03-12T11:02:00+05:30' };
const late: PlayFact = { id: 'same-late', stake: 60, win: 0, at: '2025-03-06T09:00:00+05:30' };
const lateKept: PlayFact = { id: 'same-late-kept', stake: 9, win: 0, at: '2025-03-06T09:30:00+05:30' };
const bigWin: PlayFact = { id: 'same-big', stake: 10, win: 30_000, at: '2025-03-12T11:03:00+05:30' };

const plays: FeedEventInput[] = [
  play(p1),
  play(p2),
  play(p3),
  play(late),
  play(lateKept),
  play(bigWin),
  hand('same-h', 4.5, p1.at),
];
const voids: FeedEventInput[] = [
  voidPlay('v-p1', p1.id, 'terminal fault'),
  voidPlay('v-p1-again', p1.id, 'sent twice'),
  voidPlay('v-late', late.id),
  voidPlay('v-big', bigWin.id),
  voidHand('v-h', 'same-h'),
  voidPlay('v-closed-a', closedA.id),
  voidPlay('v-open-c', openC.id),
];
// In one batch the voids are mixed with the plays; a void may come before its play (same run).
const mixed: FeedEventInput[] = [
  voids[5]!,
  plays[0]!,
  voids[0]!,
  plays[1]!,
  voids[6]!,
  voids[2]!,
  plays[2]!,
  plays[3]!,
  plays[4]!,
  voids[1]!,
  plays[5]!,
  voids[3]!,
  plays[6]!,
  voids[4]!,
];

/** The rows of plays, hands and their roll-ups, with names instead of uuids. */
const canonical = {
  plays: sql`SELECT x.id, m.username, c.platform_id AS cafe, x.game_id, x.play_points_cents, x.win_points_cents, x.played_at,
                    x.booked_day, x.platform_id, x.voided_at, x.void_reason, x.void_booked_day
               FROM plays x JOIN accounts m ON m.id = x.member_id JOIN cafes c ON c.id = x.cafe_id`,
  poker_hands: sql`SELECT x.id, m.username, x.rake_cents, x.played_at, x.booked_day, x.platform_id, x.voided_at, x.void_reason,
                          x.void_booked_day
                     FROM poker_hands x JOIN accounts m ON m.id = x.member_id`,
  play_daily: sql`SELECT d.day, m.username, c.platform_id AS cafe, d.game_id, d.plays, d.play_points_cents, d.win_points_cents,
                         d.rake_cents
                    FROM play_daily d JOIN accounts m ON m.id = d.member_id JOIN cafes c ON c.id = d.cafe_id`,
  play_daily_by_parent: sql`SELECT p.day, a.username, p.game_id, p.plays, p.play_points_cents, p.win_points_cents, p.rake_cents,
                                   p.other_play_points_cents, p.other_win_points_cents
                              FROM play_daily_by_parent p JOIN accounts a ON a.id = p.parent_id`,
  play_daily_by_cafe: sql`SELECT c.platform_id, b.day, b.game_id, b.plays, b.play_points_cents, b.win_points_cents, b.rake_cents
                            FROM play_daily_by_cafe b JOIN cafes c ON c.id = b.cafe_id`,
};

const ROW_TABLES = ['plays', 'poker_hands', 'play_daily', 'play_daily_by_parent', 'play_daily_by_cafe'] as const;

describe.each(TEST_DB_KINDS)('voids with their plays or after them on %s', (kind) => {
  let together: FeedApp;
  let apart: FeedApp;

  async function prepare(): Promise<FeedApp> {
    const f = await buildFeedApp(kind, { now: closedB.at });
    // master1 wants big-win alerts: a win of 1,000 points or more goes to big_win_news.
    await f.t.app.db.execute(
      sql`UPDATE accounts SET big_win_emails = true, big_win_threshold_cents = 100000 WHERE username = 'master1'`,
    );
    expect((await f.post([...cafeEvents(), play(closedA), play(closedB)])).statusCode).toBe(200);
    f.t.clock.set(ARRIVAL);
    await closeFinishedWeeks(f.t.app.db, { now: f.t.clock.now() });
    expect((await f.post([play(openC), play(openD)])).statusCode).toBe(200);
    return f;
  }

  const rows = async (f: FeedApp, query: ReturnType<typeof sql>) =>
    (
      await queryRows<{ h: string }>(
        f.t.app.db,
        sql`SELECT coalesce(string_agg(t::text, '|' ORDER BY t::text), '') AS h FROM (${query}) t`,
      )
    )[0]!.h;

  async function revenue(f: FeedApp) {
    const res = await injectAs(f.t.app, await signIn(f.t.app, 'master1'), {
      url: '/api/playrep/revenuereport?fromDate=2025-03-03&toDate=2025-03-16',
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as RevenueResponse).data.map((row) => ({ week: row.fromDate, profit: row.profit, late: row.lateProfit }));
  }

  beforeAll(async () => {
    together = await prepare();
    apart = await prepare();
  });
  afterAll(async () => {
    await together?.close();
    await apart?.close();
  });

  it('gives the same rows and roll-ups whether a void comes with its play or after it', async () => {
    const one = await together.post(mixed);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ applied: mixed.length, duplicates: 0 });
    const first = await apart.post(plays);
    expect(first.statusCode, first.body).toBe(200);
    const second = await apart.post(voids);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ applied: voids.length, duplicates: 0 });

    // Row by row, accounts and cafes by name (their uuids differ from one database to the other).
    for (const [table, query] of Object.entries(canonical)) {
      expect(await rows(together, query), table).toBe(await rows(apart, query));
      expect(await rows(together, query), table).not.toBe('');
    }
    const news = sql`SELECT play_id, played_at, win_points_cents FROM big_win_news`;
    expect(await rows(together, news)).toBe(await rows(apart, news));
    expect(await rows(together, news)).not.toBe('');
    expect(await brokenInvariants(together.t.app.db)).toEqual([]);
    expect(await brokenInvariants(apart.t.app.db)).toEqual([]);

    // The first void of an id counts; a late play voided in its batch is booked nowhere.
    const voided = sql`SELECT platform_id, void_reason, void_booked_day::text AS d FROM plays WHERE voided_at IS NOT NULL`;
    expect(await rows(together, voided)).toBe(
      [
        '(closed-a,"draw cancelled",2025-03-12)',
        '(open-c,"draw cancelled",)',
        '(same-1,"terminal fault",)',
        '(same-big,"draw cancelled",)',
        '(same-late,"draw cancelled",)',
      ].join('|'),
    );
    // Revenue, by figures computed here: the open week keeps open-d, same-2, same-3 and the late
    // same-late-kept, less the reversal of closed-a; the closed week stays as it was.
    const reversal = -profit([closedA]);
    const expected = [
      { week: '2025-03-03', profit: profit([closedA, closedB]), late: 0 },
      { week: '2025-03-10', profit: profit([openD, p2, p3, lateKept]) + reversal, late: profit([lateKept]) + reversal },
    ];
    expect(await revenue(together)).toEqual(expected);
    expect(await revenue(apart)).toEqual(expected);
  });

  it('changes nothing more when a play is voided again in a later batch', async () => {
    const before = await databaseDigest(together.t.app.db);
    const res = await together.post([voidPlay('v-p1-later', p1.id, 'later'), voidPlay('v-closed-a-later', closedA.id)]);
    expect(res.statusCode, res.body).toBe(200);
    const after = await databaseDigest(together.t.app.db);
    for (const table of ROW_TABLES) expect(after[table], table).toBe(before[table]);
  });

  it('refuses the voids of unknown ids, and of plays the batch refuses, as before; a void of a known id stays applied', async () => {
    const before = await databaseDigest(together.t.app.db);
    const res = await together.post([
      play({ id: 'stranger', stake: 5, win: 0, at: openD.at, member: 'nobody' }),
      voidPlay('v-stranger', 'stranger'),
      { ...play({ id: openD.id, stake: 1, win: 0, at: openD.at }), id: 'open-d-again' },
      voidPlay('v-open-d', openD.id),
      voidPlay('v-none', 'no-such-play'),
      voidHand('v-no-hand', 'no-such-hand'),
    ]);
    expect(res.statusCode, res.body).toBe(422);
    const errors = (res.json() as FeedRefusal).errors.map((e) => [e.index, e.field, e.reason.split(':')[0]]);
    expect(errors).toEqual([
      [0, 'member', expect.any(String)],
      [1, 'playId', 'is not known'],
      [2, 'playId', 'is already known'],
      [4, 'playId', 'is not known'],
      [5, 'handId', 'is not known'],
    ]);
    expect(await databaseDigest(together.t.app.db)).toEqual(before);
  });

  it('keeps the roll-ups and the registry exact through updates other than voids', async () => {
    const db = together.t.app.db;
    const registry = () => rows(together, sql`SELECT platform_id FROM play_platform_ids`);
    const ids = await registry();
    // Nothing the roll-ups count: the registry and the roll-ups stay.
    const before = await databaseDigest(db);
    await db.execute(sql`UPDATE plays SET terminal_id = 'T-9' WHERE platform_id = ${p2.id}`);
    expect(await registry()).toBe(ids);
    const after = await databaseDigest(db);
    for (const table of ROW_TABLES.slice(2)) expect(after[table], table).toBe(before[table]);
    // A new stake (keys that exist), a play moved to a day without plays (a new key) and one emptied.
    await db.execute(sql`UPDATE plays SET play_points_cents = play_points_cents + 100 WHERE platform_id = ${p3.id}`);
    await db.execute(
      sql`UPDATE plays SET played_at = played_at + interval '1 day', draw_id = NULL WHERE platform_id IN (${openD.id}, ${p2.id})`,
    );
    expect(await brokenInvariants(db)).toEqual([]);
    // A new platform id: the registry follows.
    await db.execute(sql`UPDATE plays SET platform_id = 'renamed-3' WHERE platform_id = ${p3.id}`);
    const renamed = await registry();
    expect(renamed).toContain('renamed-3');
    expect(renamed.split('|')).not.toContain(p3.id);
    expect(await brokenInvariants(db)).toEqual([]);
  });
});
