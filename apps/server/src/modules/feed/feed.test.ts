import {
  FEED_EVENT_TYPES,
  FEED_JSON_REQUIRED_MESSAGE,
  FEED_KEY_REQUIRED_MESSAGE,
  FEED_TOO_LARGE_MESSAGE,
  type FeedBatchResponse,
  type FeedEventInput,
  type FeedRefusal,
  type FeedStatusResponse,
} from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn } from '../../../test/fixtures/network.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { createFeedKey, revokeFeedKey } from './keys.js';
import { brokenInvariants, buildFeedApp, cafeEvents, databaseDigest, type FeedApp, HOUSE } from './test-support/feed-fixture.js';

/** Wednesday of the week of 10 March 2025 (IST), late in the day: the events of the tests are before it. */
const NOW = '2025-03-12T23:00:00+05:30';
const TODAY_AT = (time: string) => `2025-03-12T${time}+05:30`;
const FUN_TARGET = 'MNOQqWWi';
const FUN_AB = 'qZicXikM';

/** One event of every type, the later ones using what the earlier made. */
function everyType(prefix: string): FeedEventInput[] {
  return [
    ...cafeEvents(prefix),
    { id: `${prefix}-acc`, type: 'account', username: `${prefix}p7`, role: 'player', parent: 'master1', firstName: 'Seven' },
    {
      id: `${prefix}-t1`,
      type: 'transfer',
      transferId: `${prefix}T1`,
      from: HOUSE,
      to: 'admin1',
      amount: '1000.50',
      channel: 'single',
      at: TODAY_AT('09:00:00'),
    },
    { id: `${prefix}-t1a`, type: 'transfer.accepted', transferId: `${prefix}T1`, at: TODAY_AT('09:01:00') },
    {
      id: `${prefix}-t2`,
      type: 'transfer',
      transferId: `${prefix}T2`,
      from: 'admin1',
      to: 'sam1',
      amount: 200,
      channel: 'multiplayer',
      at: TODAY_AT('09:02:00'),
    },
    { id: `${prefix}-t2r`, type: 'transfer.rejected', transferId: `${prefix}T2`, at: TODAY_AT('09:03:00') },
    {
      id: `${prefix}-t3`,
      type: 'transfer',
      transferId: `${prefix}T3`,
      from: 'admin1',
      to: 'sam1',
      amount: 100,
      channel: 'single',
      at: TODAY_AT('09:04:00'),
    },
    { id: `${prefix}-t3c`, type: 'transfer.cancelled', transferId: `${prefix}T3`, at: TODAY_AT('09:05:00') },
    {
      id: `${prefix}-t4`,
      type: 'transfer',
      transferId: `${prefix}T4`,
      from: 'admin1',
      to: 'sam1',
      amount: '50.25',
      channel: 'single',
      at: TODAY_AT('09:06:00'),
    },
    { id: `${prefix}-d1`, type: 'draw', game: FUN_TARGET, drawAt: TODAY_AT('10:15:00'), result: '7' },
    {
      id: `${prefix}-p1`,
      type: 'play',
      playId: `${prefix}P1`,
      member: `${prefix}p7`,
      cafeId: 'cafe-m1',
      game: FUN_TARGET,
      drawAt: TODAY_AT('10:15:00'),
      stake: 10,
      win: 0,
      at: TODAY_AT('10:10:00'),
    },
    {
      id: `${prefix}-p2`,
      type: 'play',
      playId: `${prefix}P2`,
      member: 'player2',
      cafeId: 'cafe-m1',
      game: FUN_AB,
      drawAt: TODAY_AT('10:30:00'),
      stake: '5.25',
      win: '12.5',
      at: TODAY_AT('10:20:00'),
    },
    {
      id: `${prefix}-h1`,
      type: 'pokerHand',
      handId: `${prefix}H1`,
      member: 'player1',
      cafeId: 'cafe-m1',
      rake: '3.10',
      at: TODAY_AT('11:00:00'),
    },
    {
      id: `${prefix}-l1`,
      type: 'loan',
      loanId: `${prefix}L1`,
      agent: 'master2',
      principal: 5000,
      processingFee: 100,
      at: TODAY_AT('11:30:00'),
    },
    { id: `${prefix}-d2`, type: 'draw', game: FUN_AB, drawAt: TODAY_AT('10:30:00'), result: 'K', color: 'k' },
  ];
}

describe.each(TEST_DB_KINDS)('the platform feed on %s', (kind) => {
  let f: FeedApp;
  const db = () => f.t.app.db;
  const balance = async (username: string) =>
    (await queryRows<{ c: number }>(db(), sql`SELECT wallet_balance_cents AS c FROM accounts WHERE username = ${username}`))[0]!
      .c;

  beforeAll(async () => {
    f = await buildFeedApp(kind, { now: NOW });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('applies one event of every type, in order, and tells the key its counts', async () => {
    const events = everyType('a');
    const res = await f.post(events);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as FeedBatchResponse;
    expect(body).toEqual({
      applied: events.length,
      duplicates: 0,
      results: events.map((e) => ({ id: e.id, status: 'applied' })),
    });

    const [account] = await queryRows<{ parent: string; role: string; first_name: string; depth: number }>(
      db(),
      sql`SELECT p.username AS parent, a.role::text AS role, a.first_name,
                 (SELECT max(depth) FROM account_closure WHERE descendant_id = a.id)::int AS depth
            FROM accounts a JOIN accounts p ON p.id = a.parent_id WHERE a.username = 'ap7'`,
    );
    expect(account).toEqual({ parent: 'master1', role: 'player', first_name: 'Seven', depth: 5 });

    // 1000.50 issued to admin1; 200 rejected and 100 cancelled came back; 50.25 is held.
    expect(await balance('admin1')).toBe(100_050 - 5_025);
    expect(await balance('sam1')).toBe(0);
    expect(await balance(HOUSE)).toBe(-100_050);
    const statuses = await queryRows<{ platform_id: string; status: string; channel: string }>(
      db(),
      sql`SELECT platform_id, status::text AS status, channel::text AS channel FROM transfers ORDER BY platform_id`,
    );
    expect(statuses).toEqual([
      { platform_id: 'aT1', status: 'accepted', channel: 'single' },
      { platform_id: 'aT2', status: 'rejected', channel: 'multiplayer' },
      { platform_id: 'aT3', status: 'cancelled', channel: 'single' },
      { platform_id: 'aT4', status: 'pending', channel: 'single' },
    ]);

    const plays = await queryRows<{
      platform_id: string;
      play: number;
      win: number;
      drawno: string | null;
      color: string | null;
    }>(
      db(),
      sql`SELECT p.platform_id, p.play_points_cents AS play, p.win_points_cents AS win, d.drawno, d.color
            FROM plays p JOIN draws d ON d.id = p.draw_id ORDER BY p.platform_id`,
    );
    // The Fun AB draw was created by the play, without a result, and got it from the later draw event.
    expect(plays).toEqual([
      { platform_id: 'aP1', play: 1_000, win: 0, drawno: '7', color: null },
      { platform_id: 'aP2', play: 525, win: 1_250, drawno: 'K', color: 'k' },
    ]);
    const [hand] = await queryRows(db(), sql`SELECT pot_cents, rake_cents, booked_day FROM poker_hands`);
    expect(hand).toEqual({ pot_cents: 310, rake_cents: 310, booked_day: null });
    const [loan] = await queryRows(
      db(),
      sql`SELECT principal_cents, processing_fee_cents, deduction_percentage::text AS rate FROM loans WHERE platform_id = 'aL1'`,
    );
    expect(loan).toEqual({ principal_cents: 500_000, processing_fee_cents: 10_000, rate: '50.00' });
    expect(await brokenInvariants(db())).toEqual([]);

    const status = await f.t.app.inject({ url: '/api/feed/v1/status', headers: { authorization: `Bearer ${f.key}` } });
    expect(status.statusCode).toBe(200);
    const expectedCounts = Object.fromEntries(
      FEED_EVENT_TYPES.map((type) => [type, events.filter((e) => e.type === type).length]),
    ) as FeedStatusResponse['counts'];
    expect(status.json()).toEqual({
      name: 'platform',
      createdAt: new Date(NOW).toISOString(),
      lastUsedAt: new Date(NOW).toISOString(),
      lastEvent: { id: 'a-d2', type: 'draw', appliedAt: new Date(NOW).toISOString() },
      eventsApplied: events.length,
      counts: expectedCounts,
    } satisfies FeedStatusResponse);
  });

  it('acknowledges a whole batch sent again as duplicates and changes nothing', async () => {
    const events = everyType('a');
    const before = await databaseDigest(db());
    const res = await f.post(events);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      applied: 0,
      duplicates: events.length,
      results: events.map((e) => ({ id: e.id, status: 'duplicate' })),
    });
    expect(await databaseDigest(db())).toEqual(before);
  });

  it('takes the same event spelt differently as a duplicate (key order, points as text, another offset)', async () => {
    const before = await databaseDigest(db());
    const res = await f.post([
      {
        at: '2025-03-12T04:40:00Z',
        win: '0.00',
        stake: '10',
        drawAt: TODAY_AT('10:15:00'),
        game: FUN_TARGET,
        cafeId: 'cafe-m1',
        member: 'ap7',
        playId: 'aP1',
        type: 'play',
        id: 'a-p1',
      },
      { id: 'fresh', type: 'draw', game: FUN_TARGET, drawAt: TODAY_AT('10:20:00'), result: '3' },
      { id: 'fresh', type: 'draw', game: FUN_TARGET, drawAt: TODAY_AT('10:20:00'), result: '3' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      applied: 1,
      duplicates: 2,
      results: [
        { id: 'a-p1', status: 'duplicate' },
        { id: 'fresh', status: 'applied' },
        { id: 'fresh', status: 'duplicate' },
      ],
    });
    const after = await databaseDigest(db());
    expect(after.plays).toBe(before.plays);
    expect(after.draws).not.toBe(before.draws);
  });

  it('refuses with 409 an event id seen before with another body, and applies nothing of the batch', async () => {
    const before = await databaseDigest(db());
    const res = await f.post([
      { id: 'new-draw', type: 'draw', game: FUN_TARGET, drawAt: TODAY_AT('10:45:00'), result: '1' },
      { ...everyType('a').find((e) => e.id === 'a-p1')!, stake: 11 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Event id "a-p1" came before with a different body/);
    expect(res.json().conflictingIds).toEqual(['a-p1']);
    expect(await databaseDigest(db())).toEqual(before);

    const twice = await f.post([
      { id: 'x1', type: 'draw', game: FUN_TARGET, drawAt: TODAY_AT('10:45:00'), result: '1' },
      { id: 'x1', type: 'draw', game: FUN_TARGET, drawAt: TODAY_AT('10:45:00'), result: '2' },
      { id: 'x2', type: 'draw', game: FUN_TARGET, drawAt: TODAY_AT('10:47:00'), result: '1' },
      { id: 'x2', type: 'draw', game: FUN_TARGET, drawAt: TODAY_AT('10:47:00'), result: '3' },
    ]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      message: expect.stringMatching(/^Event ids "x1", "x2" came twice in this batch, with different bodies/),
      conflictingIds: ['x1', 'x2'],
    });
    expect(await databaseDigest(db())).toEqual(before);

    // Every conflicting id is listed, though the message names only the first five.
    const changed = everyType('a')
      .filter((e) => 'at' in e)
      .map((e) => ({ ...e, at: TODAY_AT('12:00:00') }));
    expect(changed.length).toBeGreaterThan(5);
    const many = await f.post(changed);
    expect(many.statusCode).toBe(409);
    expect(many.json().conflictingIds).toEqual(changed.map((e) => e.id));
    expect(many.json().message).toContain(`and ${changed.length - 5} more (listed in conflictingIds)`);
    expect(await databaseDigest(db())).toEqual(before);
  });

  it('applies nothing of a batch with one invalid event in the middle, and names it', async () => {
    const before = await databaseDigest(db());
    const res = await f.post([
      {
        id: 'm-1',
        type: 'transfer',
        transferId: 'M1',
        from: HOUSE,
        to: 'admin2',
        amount: 10,
        channel: 'single',
        at: TODAY_AT('12:00:00'),
      },
      {
        id: 'm-2',
        type: 'transfer',
        transferId: 'M2',
        from: 'admin2',
        to: 'sam2',
        amount: 11,
        channel: 'single',
        at: TODAY_AT('12:01:00'),
      },
      { id: 'm-3', type: 'draw', game: FUN_TARGET, drawAt: TODAY_AT('12:15:00'), result: '4' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The batch was refused: 1 invalid event (listed in errors). Nothing was applied.',
      errors: [{ index: 1, id: 'm-2', field: 'amount', reason: 'Insufficient balance' }],
    } satisfies FeedRefusal);
    expect(await databaseDigest(db())).toEqual(before);
  });

  it('lists every invalid event of a batch: shapes, names that do not exist, business ids used before', async () => {
    const before = await databaseDigest(db());
    const play = everyType('a').find((e) => e.id === 'a-p1')!;
    const res = await f.post([
      { id: 'ok-1', type: 'draw', game: FUN_TARGET, drawAt: TODAY_AT('13:00:00'), result: '5' },
      {
        id: 'bad-1',
        type: 'play',
        playId: 'Q1',
        member: 'player1',
        cafeId: 'cafe-m1',
        game: 'POKER',
        drawAt: 'soon',
        stake: '1.234',
        win: -1,
        at: TODAY_AT('13:00:00'),
      },
      { type: 'bogus' },
      'not an event',
      { id: 'bad-2', type: 'draw', game: FUN_AB, drawAt: TODAY_AT('13:00:00'), result: '11' },
    ]);
    expect(res.statusCode).toBe(422);
    const shapes = (res.json() as FeedRefusal).errors.map((e) => `${e.index} ${e.id} ${e.field}`);
    expect(shapes).toEqual([
      '1 bad-1 game',
      '1 bad-1 drawAt',
      '1 bad-1 stake',
      '1 bad-1 win',
      '2 null type',
      '3 null event',
      '4 bad-2 result',
      '4 bad-2 color',
    ]);

    const data = await f.post([
      { ...play, id: 'again-1' },
      { ...play, id: 'again-2', playId: 'Z1', member: 'nobody' },
      { ...play, id: 'again-3', playId: 'Z2', member: 'master1', cafeId: 'no-cafe' },
      { id: 'again-4', type: 'transfer.accepted', transferId: 'aT1', at: TODAY_AT('13:00:00') },
      {
        id: 'again-5',
        type: 'transfer',
        transferId: 'Z3',
        from: 'admin1',
        to: 'am1',
        amount: 1,
        channel: 'single',
        at: TODAY_AT('13:00:00'),
      },
      { id: 'again-6', type: 'account', username: 'master9', role: 'master', parent: 'player1' },
      { id: 'again-7', type: 'account', username: 'player1', role: 'master' },
      { id: 'again-8', type: 'loan', loanId: 'aL1', agent: 'master2', principal: 1, processingFee: 0, at: TODAY_AT('13:00:00') },
      { id: 'again-9', type: 'draw', game: FUN_TARGET, drawAt: TODAY_AT('10:15:00'), result: '8' },
      { id: 'again-10', type: 'cafe', cafeId: 'cafe-x', master: 'am1', name: 'X' },
    ]);
    expect(data.statusCode).toBe(422);
    expect((data.json() as FeedRefusal).errors).toEqual([
      { index: 0, id: 'again-1', field: 'playId', reason: 'is already known: a play with this playId was applied before' },
      { index: 1, id: 'again-2', field: 'member', reason: 'no account is named "nobody"' },
      { index: 2, id: 'again-3', field: 'member', reason: 'must be a player: "master1" is a master' },
      { index: 2, id: 'again-3', field: 'cafeId', reason: 'no cafe has this cafeId (send its cafe event first)' },
      { index: 3, id: 'again-4', field: 'transferId', reason: 'This transfer is already accepted' },
      {
        index: 4,
        id: 'again-5',
        field: 'to',
        reason: 'Points can only be transferred between a parent and its direct child, or with the house',
      },
      { index: 5, id: 'again-6', field: 'parent', reason: 'must rank higher than a master: "player1" is a player' },
      { index: 6, id: 'again-7', field: 'role', reason: 'cannot change: "player1" is a player' },
      { index: 7, id: 'again-8', field: 'loanId', reason: 'is already known: a loan with this loanId was applied before' },
      { index: 8, id: 'again-9', field: 'result', reason: 'this draw already has another result: 7' },
      { index: 9, id: 'again-10', field: 'master', reason: 'must be a master: "am1" is an areamanager' },
    ]);
    expect(await databaseDigest(db())).toEqual(before);
  });

  it('takes draw results as final within a batch too: the same result again is accepted, another is refused', async () => {
    const before = await databaseDigest(db());
    const draw = (id: string, time: string, result: string, color?: 'c' | 'k') =>
      ({
        id,
        type: 'draw',
        game: color ? FUN_AB : FUN_TARGET,
        drawAt: TODAY_AT(time),
        result,
        ...(color ? { color } : {}),
      }) as const;
    const refused = await f.post([
      draw('r-1', '16:00:00', '3'),
      draw('r-2', '16:00:00', '3'),
      draw('r-3', '16:00:00', '4'),
      draw('r-4', '16:00:00', 'Q', 'c'),
      draw('r-5', '16:00:00', 'Q', 'k'),
      draw('r-6', '10:15:00', '7'),
      draw('r-7', '10:15:00', '9'),
    ]);
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as FeedRefusal).errors).toEqual([
      { index: 2, id: 'r-3', field: 'result', reason: 'this draw already has another result: 3' },
      { index: 4, id: 'r-5', field: 'result', reason: 'this draw already has another result: Q (c)' },
      { index: 6, id: 'r-7', field: 'result', reason: 'this draw already has another result: 7' },
    ]);
    expect(await databaseDigest(db())).toEqual(before);

    const applied = await f.post([draw('r-1', '16:00:00', '3'), draw('r-2', '16:00:00', '3'), draw('r-6', '10:15:00', '7')]);
    expect(applied.statusCode).toBe(200);
    const rows = await queryRows<{ drawno: string }>(
      db(),
      sql`SELECT drawno FROM draws WHERE draw_time = ${TODAY_AT('16:00:00')}::timestamptz AND game_id = (SELECT id FROM games WHERE code = ${FUN_TARGET})`,
    );
    expect(rows).toEqual([{ drawno: '3' }]);
  });

  it('refuses control characters in any text of an event (listed in the 422, never a database error)', async () => {
    const before = await databaseDigest(db());
    const res = await f.post([
      { id: 'nul\u0000id', type: 'draw', game: FUN_TARGET, drawAt: TODAY_AT('15:00:00'), result: '1' },
      { id: 'ctl-2', type: 'cafe', cafeId: 'cafe\u0000x', master: 'master1', name: 'Tab\tName' },
      { id: 'ctl-3', type: 'account', username: 'player1', address: 'Line one\nLine two', lastName: 'Bell\u0007' },
    ]);
    expect(res.statusCode).toBe(422);
    expect((res.json() as FeedRefusal).errors.map((e) => `${e.index} ${e.field} ${e.reason}`)).toEqual([
      '0 id must not contain control characters',
      '1 cafeId must not contain control characters',
      '1 name must not contain control characters',
      '2 lastName must not contain control characters',
    ]);
    expect(await databaseDigest(db())).toEqual(before);
  });

  it('opens the feed only with a live feed key, and a feed key opens nothing else (401 both ways)', async () => {
    const session = await signIn(f.t.app, 'admin1');
    const feedCalls = [
      { method: 'GET' as const, url: '/api/feed/v1/status' },
      { method: 'POST' as const, url: '/api/feed/v1/events', payload: { events: [] } },
    ];
    for (const call of feedCalls) {
      for (const via of ['cookie', 'bearer'] as const) {
        const res = await injectAs(f.t.app, session, { ...call, via });
        expect(res.statusCode, `${call.url} with a session (${via})`).toBe(401);
        expect(res.json()).toEqual({ message: FEED_KEY_REQUIRED_MESSAGE });
      }
      expect((await f.t.app.inject(call)).statusCode).toBe(401);
    }
    for (const url of ['/api/playrep/pointtransferreport', '/api/auth/session', '/api/playrep/revenuereport']) {
      const res = await f.t.app.inject({ url, headers: { authorization: `Bearer ${f.key}` } });
      expect(res.statusCode, url).toBe(401);
    }
    const other = await createFeedKey(db(), 'soon-revoked', new Date(NOW));
    const ok = await f.post([], other.key);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ applied: 0, duplicates: 0, results: [] });
    await revokeFeedKey(db(), 'soon-revoked', new Date(NOW));
    expect((await f.post([], other.key)).statusCode).toBe(401);
  });

  it('refuses more than 5,000 events or 5 MiB with 413, and a body that is not a batch with 400', async () => {
    const draw = (i: number) => ({ id: `big-${i}`, type: 'draw', game: FUN_TARGET, drawAt: TODAY_AT('14:00:00'), result: '1' });
    const many = await f.post(Array.from({ length: 5_001 }, (_, i) => draw(i)));
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toBe('A batch holds at most 5,000 events; this one has 5,001. Send it in smaller batches.');

    const padding = 'x'.repeat(1_100);
    const heavy = await f.post(Array.from({ length: 5_000 }, (_, i) => ({ ...draw(i), id: `${padding}-${i}` })));
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json()).toEqual({ message: FEED_TOO_LARGE_MESSAGE });

    const notBatch = await f.t.app.inject({
      method: 'POST',
      url: '/api/feed/v1/events',
      headers: { authorization: `Bearer ${f.key}` },
      payload: { event: [] },
    });
    expect(notBatch.statusCode).toBe(400);
    expect(notBatch.json().message).toMatch(/^events: must be an array/);
  });

  it('refuses a batch sent as anything but JSON with 415, once the key is checked', async () => {
    const send = (headers: Record<string, string>, payload: string) =>
      f.t.app.inject({
        method: 'POST',
        url: '/api/feed/v1/events',
        headers: { authorization: `Bearer ${f.key}`, ...headers },
        payload,
      });
    const batch = JSON.stringify({ events: [] });
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'text/json']) {
      const res = await send({ 'content-type': contentType }, batch);
      expect([res.statusCode, res.json()], contentType).toEqual([415, { message: FEED_JSON_REQUIRED_MESSAGE }]);
    }
    const none = await f.t.app.inject({
      method: 'POST',
      url: '/api/feed/v1/events',
      headers: { authorization: `Bearer ${f.key}` },
      payload: Buffer.from(batch),
    });
    expect([none.statusCode, none.json()]).toEqual([415, { message: FEED_JSON_REQUIRED_MESSAGE }]);
    const withCharset = await send({ 'content-type': 'Application/JSON; charset=utf-8' }, batch);
    expect([withCharset.statusCode, withCharset.json()]).toEqual([200, { applied: 0, duplicates: 0, results: [] }]);
    const noKey = await f.t.app.inject({
      method: 'POST',
      url: '/api/feed/v1/events',
      headers: { 'content-type': 'text/plain' },
      payload: batch,
    });
    expect([noKey.statusCode, noKey.json()]).toEqual([401, { message: FEED_KEY_REQUIRED_MESSAGE }]);
  });

  it('keeps event ids per key: another key sends the same id with another body, and both are applied', async () => {
    const other = await createFeedKey(db(), 'other-platform', new Date(NOW));
    const draw = (time: string, result: string) => ({
      id: 'same-id',
      type: 'draw',
      game: FUN_AB,
      drawAt: TODAY_AT(time),
      result,
      color: 'c',
    });
    const first = await f.post([draw('17:00:00', 'A')]);
    expect([first.statusCode, first.json()]).toEqual([
      200,
      { applied: 1, duplicates: 0, results: [{ id: 'same-id', status: 'applied' }] },
    ]);
    const second = await f.post([draw('17:30:00', 'K')], other.key);
    expect([second.statusCode, second.json()]).toEqual([
      200,
      { applied: 1, duplicates: 0, results: [{ id: 'same-id', status: 'applied' }] },
    ]);
    const results = await queryRows<{ drawno: string }>(
      db(),
      sql`SELECT d.drawno FROM draws d JOIN games g ON g.id = d.game_id
           WHERE g.code = ${FUN_AB} AND d.draw_time IN (${TODAY_AT('17:00:00')}::timestamptz, ${TODAY_AT('17:30:00')}::timestamptz)
           ORDER BY d.draw_time`,
    );
    expect(results).toEqual([{ drawno: 'A' }, { drawno: 'K' }]);
    // Within each key the id stays bound to its body: a duplicate for its own key, a conflict with another body.
    expect((await f.post([draw('17:00:00', 'A')], other.key)).statusCode).toBe(409);
    expect((await f.post([draw('17:30:00', 'K')], other.key)).json()).toMatchObject({ applied: 0, duplicates: 1 });
    expect((await f.post([draw('17:00:00', 'A')])).json()).toMatchObject({ applied: 0, duplicates: 1 });
  });

  it('is described in the OpenAPI document with its feed key scheme', async () => {
    const doc = (await f.t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/feed/v1/events'].post.security).toEqual([{ feedKey: [] }]);
    expect(doc.paths['/api/feed/v1/status'].get.security).toEqual([{ feedKey: [] }]);
    const answers = doc.paths['/api/feed/v1/events'].post.responses;
    // 403: the Origin check every POST meets (a platform sending from a server sends no Origin).
    expect(Object.keys(answers).sort()).toEqual(['200', '400', '401', '403', '409', '413', '415', '422', '429', '503']);
    expect(Object.keys(answers['409'].content['application/json'].schema.properties)).toEqual(['message', 'conflictingIds']);
    expect(Object.keys(answers['422'].content['application/json'].schema.properties)).toEqual(['message', 'errors']);
    for (const status of ['400', '401', '403', '413', '415', '429', '503']) {
      expect(answers[status].content['application/json'].schema.required, status).toEqual(['message']);
    }
    expect(doc.paths['/api/feed/v1/events/{id}'].get.security).toEqual([{ feedKey: [] }]);
    expect(doc.components.securitySchemes.feedKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('leaves every invariant after all of the above', async () => {
    expect(await brokenInvariants(db())).toEqual([]);
  });
});
