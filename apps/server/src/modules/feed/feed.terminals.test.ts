import type { CafeProfitResponse, CafeTerminalsResponse, FeedEventInput, FeedRefusal } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { closeFinishedWeeks } from '../settlement/index.js';
import { buildFeedApp, cafeEvents, databaseDigest, type FeedApp } from './test-support/feed-fixture.js';

/**
 * The feed's terminalId (docs/feed.md) read back through Cafe Profit's terminals (docs/domain.md,
 * "Insight"): plays sent with and without a terminal, at two cafes, over days in and out of the
 * range, one of them late (booked on the day it arrived); the terminals of a cafe add up to its
 * Cafe Profit row. Every expected figure is computed here from the plays sent.
 */
const NOW = '2025-03-12T23:00:00+05:30';
const RANGE = { from: '2025-03-10', to: '2025-03-12' };
const FUN_TARGET = 'MNOQqWWi';
const UNKNOWN = 'unknown terminal';

interface SentPlay {
  id: string;
  member: 'player1' | 'player2';
  cafe: 'cafe-m1' | 'cafe-m2';
  terminal?: string;
  /** Played at (IST, whole minutes). */
  at: string;
  /** The IST day the back office books it on: the day played, or for a late play the day it arrived. */
  booked: string;
  stakeCents: number;
  winCents: number;
}

const at = (day: string, time: string) => `${day}T${time}:00+05:30`;

/** In the open week, in time order; the first is before the range. */
const ON_TIME: SentPlay[] = [
  {
    id: 'p-0',
    member: 'player1',
    cafe: 'cafe-m1',
    terminal: 'PC-01',
    at: at('2025-03-09', '10:00'),
    booked: '2025-03-09',
    stakeCents: 900,
    winCents: 0,
  },
  {
    id: 'p-1',
    member: 'player1',
    cafe: 'cafe-m1',
    terminal: 'PC-01',
    at: at('2025-03-10', '10:00'),
    booked: '2025-03-10',
    stakeCents: 1000,
    winCents: 0,
  },
  {
    id: 'p-2',
    member: 'player2',
    cafe: 'cafe-m1',
    terminal: 'PC-01',
    at: at('2025-03-10', '11:00'),
    booked: '2025-03-10',
    stakeCents: 525,
    winCents: 1250,
  },
  {
    id: 'p-3',
    member: 'player1',
    cafe: 'cafe-m1',
    terminal: 'PC-02',
    at: at('2025-03-11', '09:00'),
    booked: '2025-03-11',
    stakeCents: 2000,
    winCents: 1500,
  },
  {
    id: 'p-4',
    member: 'player1',
    cafe: 'cafe-m1',
    at: at('2025-03-12', '09:00'),
    booked: '2025-03-12',
    stakeCents: 750,
    winCents: 0,
  },
  {
    id: 'p-5',
    member: 'player2',
    cafe: 'cafe-m1',
    at: at('2025-03-12', '10:00'),
    booked: '2025-03-12',
    stakeCents: 300,
    winCents: 100,
  },
  {
    id: 'p-6',
    member: 'player2',
    cafe: 'cafe-m1',
    terminal: 'Bar 3',
    at: at('2025-03-12', '11:00'),
    booked: '2025-03-12',
    stakeCents: 4000,
    winCents: 0,
  },
  // The same terminal name at master2's cafe: another machine.
  {
    id: 'p-7',
    member: 'player2',
    cafe: 'cafe-m2',
    terminal: 'PC-01',
    at: at('2025-03-11', '12:00'),
    booked: '2025-03-11',
    stakeCents: 5000,
    winCents: 0,
  },
];
/** Played in the week of 3 March, sent once it is closed: booked on the day it arrived. */
const LATE: SentPlay = {
  id: 'p-late',
  member: 'player1',
  cafe: 'cafe-m1',
  terminal: 'PC-02',
  at: at('2025-03-06', '10:00'),
  booked: '2025-03-12',
  stakeCents: 400,
  winCents: 0,
};
const SENT = [...ON_TIME, LATE];

const points = (cents: number) => cents / 100;
const toCents = (value: number) => Math.round(value * 100);

function playEvent(p: SentPlay): FeedEventInput {
  return {
    id: p.id,
    type: 'play',
    playId: p.id,
    member: p.member,
    cafeId: p.cafe,
    game: FUN_TARGET,
    drawAt: p.at,
    stake: points(p.stakeCents),
    win: points(p.winCents),
    at: p.at,
    ...(p.terminal === undefined ? {} : { terminalId: p.terminal }),
  };
}

/** What the breakdown must show for a cafe over a range, from the plays sent: named terminals by name, the unknown one last. */
function expectedTerminals(cafe: SentPlay['cafe'], range: { from: string; to: string }) {
  const here = SENT.filter((p) => p.cafe === cafe && p.booked >= range.from && p.booked <= range.to);
  const names = [...new Set(here.map((p) => p.terminal ?? null))];
  const named = names.filter((n): n is string => n !== null).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  return [...named, ...(names.includes(null) ? [null] : [])].map((terminalId) => {
    const on = here.filter((p) => (p.terminal ?? null) === terminalId);
    const stake = on.reduce((s, p) => s + p.stakeCents, 0);
    const wins = on.reduce((s, p) => s + p.winCents, 0);
    return {
      terminalId,
      terminal: terminalId ?? UNKNOWN,
      plays: on.length,
      stake: points(stake),
      wins: points(wins),
      profit: points(stake - wins),
      members: new Set(on.map((p) => p.member)).size,
    };
  });
}

describe.each(TEST_DB_KINDS)('terminals of the feed and Cafe Profit on %s', (kind) => {
  let f: FeedApp;
  const sessions = {} as Record<'am1' | 'master1' | 'master2', TestSession>;
  const cafeIds = {} as Record<SentPlay['cafe'], string>;
  const db = () => f.t.app.db;

  beforeAll(async () => {
    f = await buildFeedApp(kind, { now: NOW });
    for (const user of ['am1', 'master1', 'master2'] as const) sessions[user] = await signIn(f.t.app, user);
  });
  afterAll(async () => {
    await f?.close();
  });

  const get = (who: keyof typeof sessions, path: string) => injectAs(f.t.app, sessions[who], { url: `/api/playrep/${path}` });
  const terminalsPath = (cafeId: string, range = RANGE, extra = '') =>
    `cafeterminals?cafeId=${encodeURIComponent(cafeId)}&fromDate=${range.from}&toDate=${range.to}${extra}`;

  it('stores the terminal a play or a hand was sent with, and nothing when none was sent', async () => {
    const setup = await f.post(cafeEvents());
    expect(setup.statusCode, setup.body).toBe(200);
    const sent = await f.post([
      ...ON_TIME.map(playEvent),
      {
        id: 'h-1',
        type: 'pokerHand',
        handId: 'h-1',
        member: 'player1',
        cafeId: 'cafe-m1',
        rake: 2,
        at: at('2025-03-11', '15:00'),
        terminalId: 'PC-01',
      },
      {
        id: 'h-2',
        type: 'pokerHand',
        handId: 'h-2',
        member: 'player1',
        cafeId: 'cafe-m1',
        rake: 1,
        at: at('2025-03-11', '16:00'),
      },
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    // The week of 3 March closes; a play of that week arrives afterwards.
    await closeFinishedWeeks(db(), { now: f.t.clock.now() });
    const late = await f.post([playEvent(LATE)]);
    expect(late.statusCode, late.body).toBe(200);

    const plays = await queryRows<{ platform_id: string; terminal_id: string | null }>(
      db(),
      sql`SELECT platform_id, terminal_id FROM plays ORDER BY platform_id`,
    );
    expect(plays).toEqual(
      [...SENT].sort((a, b) => (a.id < b.id ? -1 : 1)).map((p) => ({ platform_id: p.id, terminal_id: p.terminal ?? null })),
    );
    const hands = await queryRows<{ platform_id: string; terminal_id: string | null }>(
      db(),
      sql`SELECT platform_id, terminal_id FROM poker_hands ORDER BY platform_id`,
    );
    expect(hands).toEqual([
      { platform_id: 'h-1', terminal_id: 'PC-01' },
      { platform_id: 'h-2', terminal_id: null },
    ]);
  });

  it('refuses a terminalId that is empty, too long, padded or not text, naming the field', async () => {
    const before = await databaseDigest(db());
    const bad = (id: string, terminalId: unknown) => ({ ...playEvent({ ...ON_TIME[1]!, id }), terminalId });
    const res = await f.post([
      bad('bad-1', ''),
      bad('bad-2', 'x'.repeat(65)),
      bad('bad-3', ' PC-01'),
      bad('bad-4', 7),
      bad('bad-5', 'PC\u000701'),
      {
        id: 'bad-6',
        type: 'pokerHand',
        handId: 'bad-6',
        member: 'player1',
        cafeId: 'cafe-m1',
        rake: 1,
        at: at('2025-03-11', '17:00'),
        terminalId: 'y'.repeat(65),
      },
      bad('fine', 'z'.repeat(64)),
    ]);
    expect(res.statusCode).toBe(422);
    expect((res.json() as FeedRefusal).errors.map((e) => `${e.id} ${e.field} ${e.reason}`)).toEqual([
      'bad-1 terminalId must be 1 to 64 characters',
      'bad-2 terminalId must be 1 to 64 characters',
      'bad-3 terminalId must not start or end with a space',
      'bad-4 terminalId must be text',
      'bad-5 terminalId must not contain control characters',
      'bad-6 terminalId must be 1 to 64 characters',
    ]);
    expect(await databaseDigest(db())).toEqual(before);
  });

  it('gives each terminal of a cafe its plays, which add up to the cafe’s row of Cafe Profit', async () => {
    const profit = await get('am1', `cafeprofit?fromDate=${RANGE.from}&toDate=${RANGE.to}`);
    expect(profit.statusCode, profit.body).toBe(200);
    const cafes = (profit.json() as CafeProfitResponse).data;
    for (const cafe of ['cafe-m1', 'cafe-m2'] as const) {
      const name = cafe === 'cafe-m1' ? 'Cafe One' : 'Cafe Two';
      const row = cafes.find((c) => c.cafe === name)!;
      cafeIds[cafe] = row.cafeId;

      const res = await get('am1', terminalsPath(row.cafeId));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as CafeTerminalsResponse;
      expect(body.range).toEqual({ fromDate: RANGE.from, toDate: RANGE.to });
      expect(body.cafe).toEqual({ cafeId: row.cafeId, cafe: name, masterId: row.masterId, master: row.master });
      const expected = expectedTerminals(cafe, RANGE);
      expect(body.data, cafe).toEqual(expected);

      // The terminals together are the cafe's row (an independent sum of the rows).
      const total = (key: 'stake' | 'wins' | 'profit') => body.data.reduce((s, t) => s + toCents(t[key]), 0);
      expect(
        body.data.reduce((s, t) => s + t.plays, 0),
        cafe,
      ).toBe(row.plays);
      expect([total('stake'), total('wins'), total('profit')], cafe).toEqual([
        toCents(row.stake),
        toCents(row.wins),
        toCents(row.profit),
      ]);
    }
    // The late play counts on the day it arrived; the play of 9 March is outside the range.
    expect(expectedTerminals('cafe-m1', RANGE).find((t) => t.terminalId === 'PC-02')?.plays).toBe(2);
    expect(SENT.filter((p) => p.cafe === 'cafe-m1').length - 1).toBe(
      expectedTerminals('cafe-m1', RANGE).reduce((s, t) => s + t.plays, 0),
    );

    const oneDay = { from: '2025-03-11', to: '2025-03-11' };
    const day = (await get('am1', terminalsPath(cafeIds['cafe-m1'], oneDay))).json() as CafeTerminalsResponse;
    expect(day.data).toEqual(expectedTerminals('cafe-m1', oneDay));
  });

  it('exports the terminals with the unknown terminal named', async () => {
    const res = await get('am1', terminalsPath(cafeIds['cafe-m1'], RANGE, '&format=csv'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /filename="cafe-terminals-master1-Cafe-One-2025-03-10-to-2025-03-12\.csv"/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Terminal,Plays,Play,Win,Profit,Members');
    expect(lines.slice(1, -1).map((l) => l.split(',')[0])).toEqual(expectedTerminals('cafe-m1', RANGE).map((t) => t.terminal));
    const xlsx = await get('am1', terminalsPath(cafeIds['cafe-m1'], RANGE, '&format=xlsx'));
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/cafe-terminals-master1-Cafe-One-2025-03-10-to-2025-03-12\.xlsx"/);
  });

  it('leaves out a play voided in its open week and books a closed week’s void on its arrival day, as Cafe Profit does', async () => {
    // p-6 (Bar 3, 12 March) is of the open week; p-0 (PC-01, 9 March) of the closed week of 3 March:
    // its reversal (no play, the opposite sums) is booked on the day the void arrives, 12 March.
    const voids = await f.post(
      ['p-6', 'p-0'].map(
        (id) => ({ id: `void-${id}`, type: 'play.voided', playId: id, at: NOW, reason: 'a fault' }) as FeedEventInput,
      ),
    );
    expect(voids.statusCode, voids.body).toBe(200);
    const p0 = SENT.find((p) => p.id === 'p-0')!;
    const byTerminal = new Map(
      expectedTerminals('cafe-m1', RANGE)
        .filter((t) => t.terminalId !== 'Bar 3')
        .map((t) => [t.terminalId, t]),
    );
    const pc01 = byTerminal.get('PC-01')!;
    const stake = toCents(pc01.stake) - p0.stakeCents;
    const wins = toCents(pc01.wins) - p0.winCents;
    byTerminal.set('PC-01', { ...pc01, stake: points(stake), wins: points(wins), profit: points(stake - wins) });

    const body = (await get('am1', terminalsPath(cafeIds['cafe-m1']))).json() as CafeTerminalsResponse;
    expect(body.data).toEqual([...byTerminal.values()]);
    const profit = (await get('am1', `cafeprofit?fromDate=${RANGE.from}&toDate=${RANGE.to}`)).json() as CafeProfitResponse;
    const row = profit.data.find((c) => c.cafeId === cafeIds['cafe-m1'])!;
    const total = (key: 'stake' | 'wins' | 'profit') => body.data.reduce((sum, t) => sum + toCents(t[key]), 0);
    expect([body.data.reduce((sum, t) => sum + t.plays, 0), total('stake'), total('wins'), total('profit')]).toEqual([
      row.plays,
      toCents(row.stake),
      toCents(row.wins),
      toCents(row.profit),
    ]);
  });

  it('answers only about a cafe of the subject’s masters: any other is No such cafe', async () => {
    const notFound = { statusCode: 404, message: 'No such cafe' };
    const outcome = async (who: keyof typeof sessions, path: string) => {
      const res = await get(who, path);
      return { statusCode: res.statusCode, message: (res.json() as { message?: string }).message };
    };
    // master2 does not own Cafe One; am1 asking about master2 neither.
    expect(await outcome('master2', terminalsPath(cafeIds['cafe-m1']))).toEqual(notFound);
    expect(await outcome('am1', `${terminalsPath(cafeIds['cafe-m1'])}&id=${f.ids.master2}`)).toEqual(notFound);
    expect(await outcome('master1', terminalsPath('6f1d2c3b-4a59-4e87-9c10-2b3a4d5e6f70'))).toEqual(notFound);
    expect(await outcome('master1', terminalsPath('not-a-cafe'))).toEqual(notFound);
    expect((await outcome('master1', terminalsPath(cafeIds['cafe-m1']))).statusCode).toBe(200);
    expect((await get('master1', `cafeterminals?fromDate=${RANGE.from}`)).statusCode).toBe(400);
  });
});
