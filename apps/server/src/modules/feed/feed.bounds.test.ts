import type { FeedEventInput, FeedRefusal } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { buildFeedApp, cafeEvents, databaseDigest, type FeedApp, HOUSE } from './test-support/feed-fixture.js';

/**
 * What the feed accepts (docs/domain.md, "Data from the game platform"): instants from 2000 on and
 * at most 5 minutes ahead of the server's clock (a play's draw at most 24 hours), draw times in
 * whole seconds and a game's minimum interval apart, a play's stake and win and a hand's rake at
 * most 10,000,000 points. Anything else is a 422 naming the event and the field, and nothing of
 * the batch is applied.
 */
const NOW = '2025-03-12T13:30:00+05:30';
const NOW_MS = Date.parse(NOW);
const FUN_TARGET = 'MNOQqWWi';
const FUN_ROULLET = 'vwRORrGO';
/** The server's clock as the refusals show it. */
const CLOCK = new Date(NOW_MS).toISOString();
const AHEAD = `must be at most 5 minutes ahead of the server's clock (now ${CLOCK})`;

const at = (offsetMs: number) => new Date(NOW_MS + offsetMs).toISOString();
const MINUTE = 60_000;

let serial = 0;
function nextId(what: string): string {
  serial += 1;
  return `${what}-${serial}`;
}

function play(fields: Partial<Extract<FeedEventInput, { type: 'play' }>> = {}): FeedEventInput {
  const id = nextId('play');
  return {
    id,
    type: 'play',
    playId: id,
    member: 'player1',
    cafeId: 'cafe-m1',
    game: FUN_TARGET,
    drawAt: '2025-03-12T13:15:00+05:30',
    stake: 10,
    win: 0,
    at: '2025-03-12T13:10:00+05:30',
    ...fields,
  };
}

const draw = (game: string, drawAt: string, result = '4'): FeedEventInput => ({
  id: nextId('draw'),
  type: 'draw',
  game,
  drawAt,
  result,
});

describe.each(TEST_DB_KINDS)('the bounds of what the feed accepts on %s', (kind) => {
  let f: FeedApp;
  const db = () => f.t.app.db;

  beforeAll(async () => {
    f = await buildFeedApp(kind, { now: NOW });
    expect((await f.post(cafeEvents())).statusCode).toBe(200);
  });
  beforeEach(() => f.t.clock.set(NOW));
  afterAll(async () => {
    await f?.close();
  });

  /** Posts a batch that must be refused whole: its errors as `index field reason`, and nothing applied. */
  async function refused(events: FeedEventInput[]): Promise<string[]> {
    const before = await databaseDigest(db());
    const res = await f.post(events);
    expect(res.statusCode, res.body).toBe(422);
    expect(await databaseDigest(db())).toEqual(before);
    return (res.json() as FeedRefusal).errors.map((e) => `${e.index} ${e.field} ${e.reason}`);
  }

  async function applied(events: FeedEventInput[]): Promise<void> {
    const res = await f.post(events);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: events.length });
  }

  it('refuses an instant more than 5 minutes ahead of its clock (the draw of a play: 24 hours), on every type', async () => {
    const transfer = (when: string): FeedEventInput => {
      const id = nextId('transfer');
      return { id, type: 'transfer', transferId: id, from: HOUSE, to: 'admin1', amount: 5, channel: 'single', at: when };
    };
    const loan = (when: string): FeedEventInput => {
      const id = nextId('loan');
      return { id, type: 'loan', loanId: id, agent: 'master1', principal: 100, processingFee: 0, at: when };
    };
    const hand = (when: string): FeedEventInput => {
      const id = nextId('hand');
      return { id, type: 'pokerHand', handId: id, member: 'player1', cafeId: 'cafe-m1', rake: 2, at: when };
    };
    expect(
      await refused([
        play({ at: '2031-01-01T10:00:00+05:30', drawAt: '2031-01-01T10:00:00+05:30' }),
        transfer('2099-06-01T00:00:00Z'),
        loan(at(5 * MINUTE + 1)),
        hand(at(6 * MINUTE)),
        draw(FUN_ROULLET, '2025-03-12T13:36:00+05:30'),
        { id: nextId('ok'), type: 'transfer.accepted', transferId: 'whatever', at: at(10 * MINUTE) },
      ]),
    ).toEqual([
      `0 at ${AHEAD}`,
      `0 drawAt must be at most 24 hours ahead of the server's clock (now ${CLOCK})`,
      `1 at ${AHEAD}`,
      `2 at ${AHEAD}`,
      `3 at ${AHEAD}`,
      `4 drawAt ${AHEAD}`,
      `5 at ${AHEAD}`,
    ]);
    // Before 2000, or a date that does not exist: refused by shape.
    expect(await refused([play({ at: '1999-12-31T23:59:00Z' }), transfer('2025-02-30T10:00:00+05:30')])).toEqual([
      '0 at must be a real instant from the year 2000 on',
      '1 at must be a real instant from the year 2000 on',
    ]);
    // At the bounds: 5 minutes ahead for a fact, 24 hours for the draw a play is on.
    await applied([
      transfer(at(5 * MINUTE)),
      loan(at(5 * MINUTE)),
      hand(at(5 * MINUTE)),
      play({ at: at(5 * MINUTE), drawAt: at(24 * 60 * MINUTE) }),
      draw(FUN_ROULLET, at(5 * MINUTE)),
    ]);
  });

  it('follows the clock: what was too far ahead is taken once the time has come', async () => {
    const later = play({ at: '2025-03-12T14:00:00+05:30', drawAt: '2025-03-12T14:00:00+05:30' });
    expect(await refused([later])).toEqual([`0 at ${AHEAD}`]);
    f.t.clock.set('2025-03-12T13:56:00+05:30');
    await applied([later]);
  });

  it('takes a draw time in whole seconds only, for draws and for the draws plays are on', async () => {
    expect(
      await refused([
        draw(FUN_TARGET, '2025-03-12T13:12:00.001+05:30'),
        play({ drawAt: '2025-03-12T13:12:00.5+05:30' }),
        play({ at: '2025-03-12T13:12:00.123+05:30' }),
      ]),
    ).toEqual([
      '0 drawAt must be in whole seconds: a draw has no fraction of a second',
      '1 drawAt must be in whole seconds: a draw has no fraction of a second',
    ]);
    // A fraction of zeros is a whole second; a play's own time may have milliseconds.
    await applied([
      draw(FUN_TARGET, '2025-03-12T13:12:00.000+05:30', '3'),
      play({ drawAt: '2025-03-12T13:12:00+05:30', at: '2025-03-12T13:11:59.123+05:30' }),
    ]);
  });

  it('refuses a second draw of a game within its minimum interval of another, from a result or a play', async () => {
    // 13:12:00 was applied above.
    const near =
      'is 30 seconds from the Fun Target draw at 2025-03-12T07:42:00.000Z: draws of one game are at least 60 seconds apart';
    expect(
      await refused([
        draw(FUN_TARGET, '2025-03-12T13:12:30+05:30'),
        play({ drawAt: '2025-03-12T13:11:30+05:30' }),
        draw(FUN_TARGET, '2025-03-12T13:12:00+05:30', '3'),
      ]),
    ).toEqual([`0 drawAt ${near}`, `1 drawAt ${near}`]);
    // Two new draws of one batch: the one sent later is refused, with every event on it.
    expect(
      await refused([
        play({ drawAt: '2025-03-12T13:20:00+05:30' }),
        draw(FUN_TARGET, '2025-03-12T13:19:15+05:30'),
        play({ drawAt: '2025-03-12T13:19:15+05:30' }),
      ]),
    ).toEqual([
      '1 drawAt is 45 seconds from the Fun Target draw at 2025-03-12T07:50:00.000Z: draws of one game are at least 60 seconds apart',
      '2 drawAt is 45 seconds from the Fun Target draw at 2025-03-12T07:50:00.000Z: draws of one game are at least 60 seconds apart',
    ]);
    // A minute apart, and another game at the same moment, are draws of their own.
    await applied([draw(FUN_TARGET, '2025-03-12T13:13:00+05:30', '5'), draw(FUN_ROULLET, '2025-03-12T13:12:30+05:30', '17')]);
    // The interval is the game's own.
    await db().execute(sql`UPDATE games SET min_draw_interval_seconds = 90 WHERE code = ${FUN_TARGET}`);
    try {
      expect(await refused([draw(FUN_TARGET, '2025-03-12T13:14:00+05:30')])).toEqual([
        '0 drawAt is 60 seconds from the Fun Target draw at 2025-03-12T07:43:00.000Z: draws of one game are at least 90 seconds apart',
      ]);
    } finally {
      await db().execute(sql`UPDATE games SET min_draw_interval_seconds = 60 WHERE code = ${FUN_TARGET}`);
    }
    const times = await queryRows<{ t: string }>(
      db(),
      sql`SELECT to_char(d.draw_time AT TIME ZONE 'Asia/Kolkata', 'HH24:MI:SS') AS t FROM draws d JOIN games g ON g.id = d.game_id
           WHERE g.code = ${FUN_TARGET} AND d.draw_time >= '2025-03-12T13:10:00+05:30' AND d.draw_time < '2025-03-12T13:30:00+05:30'
           ORDER BY d.draw_time`,
    );
    expect(times.map((r) => r.t)).toEqual(['13:12:00', '13:13:00']);
  });

  it('takes a stake, a win and a rake of at most 10,000,000 points, and other amounts below 10,000,000,000', async () => {
    const hand = (rake: number | string): FeedEventInput => {
      const id = nextId('hand');
      return { id, type: 'pokerHand', handId: id, member: 'player2', cafeId: 'cafe-m1', rake, at: '2025-03-12T13:00:00+05:30' };
    };
    const cap = 'must be at most 10,000,000 points';
    expect(
      await refused([
        play({ stake: '10000000.01' }),
        play({ stake: 9_999_999_999.99 }),
        play({ win: 10_000_001 }),
        hand('10000000.01'),
        {
          id: 'loan-big',
          type: 'loan',
          loanId: 'loan-big',
          agent: 'master2',
          principal: '10000000000',
          processingFee: 0,
          at: NOW,
        },
      ]),
    ).toEqual([
      `0 stake ${cap}`,
      `1 stake ${cap}`,
      `2 win ${cap}`,
      `3 rake ${cap}`,
      '4 principal must be points: a number or a string with at most 2 decimals, below 10,000,000,000',
    ]);
    await applied([
      play({ stake: '10000000.00', win: 10_000_000 }),
      hand(10_000_000),
      {
        id: 'loan-largest',
        type: 'loan',
        loanId: 'loan-largest',
        agent: 'master2',
        principal: '9999999999.99',
        processingFee: '9999999999.99',
        at: NOW,
      },
      {
        id: 'transfer-largest',
        type: 'transfer',
        transferId: 'transfer-largest',
        from: HOUSE,
        to: 'admin2',
        amount: 9_999_999_999.99,
        channel: 'single',
        at: NOW,
      },
    ]);
  });
});
