import { FeedEvent, type FeedEventInput } from '@playrep/contracts';
import { describe, expect, it } from 'vitest';
import { istDayStart } from '../../lib/dates.js';
import { liveEvents } from './activity.js';
import { HIGH_ROLLER_SLIPS } from './big-wins.js';
import type { LiveNetwork } from './live-network.js';

/** The events of the live demo for a given network and window: no database. */

const DAY = '2025-03-13';
const DAY_START = istDayStart(DAY).getTime();
const DRAW_MS = 90_000;
const OPTIONS = { seed: 7, drawIntervalMs: DRAW_MS };

function network(): LiveNetwork {
  return {
    players: [
      {
        username: 'player1',
        master: 'master1',
        areaManager: 'am1',
        registeredDay: '2025-01-01',
        homeCafes: ['demo-cafe-1'],
        nearbyCafes: ['demo-cafe-2'],
      },
      {
        username: 'player7',
        master: 'master2',
        areaManager: 'am1',
        registeredDay: '2025-01-01',
        homeCafes: ['demo-cafe-2', 'demo-cafe-3'],
        nearbyCafes: ['demo-cafe-1'],
      },
      // Registered that day: plays from the next day on.
      {
        username: 'player9',
        master: 'master1',
        areaManager: 'am1',
        registeredDay: DAY,
        homeCafes: ['demo-cafe-1'],
        nearbyCafes: [],
      },
    ],
    openCafes: ['demo-cafe-1', 'demo-cafe-2', 'demo-cafe-3'],
    masters: ['master1', 'master2'],
    walletPairs: [
      { parent: 'am1', child: 'master1' },
      { parent: 'master1', child: 'player1' },
    ],
    balances: new Map([
      ['am1', 2_000_000_00],
      ['master1', 400_000_00],
      ['player1', 3_000_00],
    ]),
    pending: [],
    lastPlayerNumber: 9,
  };
}

const ofType = (events: FeedEventInput[], ...types: string[]) => events.filter((e) => types.includes(e.type));
const at = (e: FeedEventInput) => Date.parse(('at' in e ? e.at : (e as { drawAt: string }).drawAt) as string);

describe('the live demo activity', () => {
  const whole = liveEvents(network(), { fromMs: DAY_START, toMs: DAY_START + 86_400_000 }, OPTIONS);

  it('is a day of valid feed events: four draws every 90 seconds, plays and hands in cafe hours, in time order', () => {
    for (const event of whole) expect(FeedEvent.safeParse(event).success, JSON.stringify(event)).toBe(true);
    const draws = ofType(whole, 'draw');
    expect(draws).toHaveLength(4 * 960);
    expect(new Set(draws.map((d) => d.id)).size).toBe(draws.length);
    const plays = ofType(whole, 'play', 'pokerHand');
    expect(plays.length).toBeGreaterThan(0);
    for (const play of plays) {
      const hours = (at(play) - DAY_START) / 3_600_000;
      expect(hours).toBeGreaterThanOrEqual(9);
      expect(hours).toBeLessThanOrEqual(23.5);
    }
    // A slip plays in the first draw of its game at or after it.
    for (const play of ofType(whole, 'play') as Extract<FeedEventInput, { type: 'play' }>[]) {
      const drawAt = Date.parse(play.drawAt);
      expect(drawAt % DRAW_MS).toBe(0);
      expect(drawAt - at(play)).toBeGreaterThanOrEqual(0);
      expect(drawAt - at(play)).toBeLessThan(DRAW_MS);
    }
    expect(plays.some((p) => (p as { member: string }).member === 'player9')).toBe(false);
    const times = whole.filter((e) => e.type !== 'account').map(at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('gives a day the same plays, hands and draws however the day is cut into windows', () => {
    const cut: FeedEventInput[] = [];
    for (let from = DAY_START; from < DAY_START + 86_400_000; from += 7 * DRAW_MS) {
      cut.push(...liveEvents(network(), { fromMs: from, toMs: Math.min(from + 7 * DRAW_MS, DAY_START + 86_400_000) }, OPTIONS));
    }
    const kept = (events: FeedEventInput[]) => ofType(events, 'play', 'pokerHand', 'draw').sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(kept(cut)).toEqual(kept(whole));
  });

  it('sends no more points than a wallet holds, and resolves a transfer after it was sent', () => {
    const days = liveEvents(network(), { fromMs: DAY_START, toMs: DAY_START + 30 * 86_400_000 }, OPTIONS);
    const balances = new Map(network().balances);
    const sent = new Map<string, { from: string; to: string; cents: number; at: number }>();
    for (const event of days) {
      if (event.type === 'transfer') {
        const cents = Math.round(Number(event.amount) * 100);
        expect(cents).toBeGreaterThan(0);
        expect(cents).toBeLessThanOrEqual(balances.get(event.from)!);
        balances.set(event.from, balances.get(event.from)! - cents);
        sent.set(event.transferId, { from: event.from, to: event.to, cents, at: Date.parse(event.at) });
      } else if (event.type.startsWith('transfer.')) {
        const { transferId } = event as { transferId: string };
        const transfer = sent.get(transferId)!;
        expect(Date.parse((event as { at: string }).at)).toBeGreaterThan(transfer.at);
        const credited = event.type === 'transfer.accepted' ? transfer.to : transfer.from;
        balances.set(credited, balances.get(credited)! + transfer.cents);
        sent.delete(transferId);
      }
    }
    expect(ofType(days, 'transfer').length).toBeGreaterThan(5);
    expect(ofType(days, 'transfer.accepted').length).toBeGreaterThan(0);
    // New players take the next free numbers, one after the other.
    const usernames = (ofType(days, 'account') as { username: string }[]).map((a) => a.username);
    expect(usernames.length).toBeGreaterThan(5);
    expect(usernames).toEqual(usernames.map((_, i) => `player${10 + i}`));
  });

  it('voids a slip or a poker hand now and then (about 1 in 500), right after it, in the same window', () => {
    const crowd: LiveNetwork = {
      ...network(),
      players: Array.from({ length: 400 }, (_, i) => ({
        username: `player${100 + i}`,
        master: 'master1',
        areaManager: 'am1',
        registeredDay: '2025-01-01',
        homeCafes: ['demo-cafe-1'],
        nearbyCafes: [],
      })),
      walletPairs: [],
    };
    const day = liveEvents(crowd, { fromMs: DAY_START, toMs: DAY_START + 86_400_000 }, OPTIONS);
    const facts = ofType(day, 'play', 'pokerHand');
    const voids = ofType(day, 'play.voided', 'pokerHand.voided') as ({ playId?: string; handId?: string } & FeedEventInput)[];
    expect(voids.length).toBeGreaterThan(0);
    expect(voids.length).toBeLessThan(facts.length / 100);
    for (const v of voids) {
      const named = v.playId ?? v.handId;
      const index = day.findIndex((e) => e.id === named);
      // Its play or hand comes before it, at the same instant.
      expect(index, named).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(day.indexOf(v));
      expect(at(day[index]!)).toBe(at(v));
    }
    // Cut into windows, the same voids come, each with its play.
    const halves = [
      ...liveEvents(crowd, { fromMs: DAY_START, toMs: DAY_START + 43_200_000 }, OPTIONS),
      ...liveEvents(crowd, { fromMs: DAY_START + 43_200_000, toMs: DAY_START + 86_400_000 }, OPTIONS),
    ];
    expect(ofType(halves, 'play.voided', 'pokerHand.voided')).toEqual(voids);
  });

  it("makes a big win (10,000 points or more) in am1's network every hour from 09:00 to 23:00 IST, the house keeping its edge", () => {
    type Play = Extract<FeedEventInput, { type: 'play' }>;
    const plays = ofType(whole, 'play') as Play[];
    const cents = (p: string | number) => Math.round(Number(p) * 100);
    const hourOf = (p: Play) => Math.floor((at(p) - DAY_START) / 3_600_000);
    const bigWins = plays.filter((p) => cents(p.win) >= 1_000_000);
    for (let hour = 9; hour < 23; hour++) {
      const inHour = bigWins.filter((p) => hourOf(p) === hour);
      expect(inHour.length, `hour ${hour}`).toBeGreaterThanOrEqual(1);
      // By am1's players (player9 registered that day: not before the next).
      for (const p of inHour) expect(['player1', 'player7']).toContain(p.member);
    }
    // Each hour's high roller: ten slips, one winning 9x; the house keeps the rest.
    const highRollers = plays.filter((p) => p.playId.includes('-high-roller-'));
    expect(highRollers).toHaveLength(14 * HIGH_ROLLER_SLIPS);
    for (let hour = 9; hour < 23; hour++) {
      const slips = highRollers.filter((p) => hourOf(p) === hour);
      expect(slips).toHaveLength(HIGH_ROLLER_SLIPS);
      expect(new Set(slips.map((p) => p.member)).size).toBe(1);
      const staked = slips.reduce((sum, p) => sum + cents(p.stake), 0);
      const won = slips.reduce((sum, p) => sum + cents(p.win), 0);
      expect(won).toBeGreaterThanOrEqual(1_000_000);
      expect(staked).toBeGreaterThan(won);
    }
    // The same seed, the same slips.
    const again = ofType(liveEvents(network(), { fromMs: DAY_START, toMs: DAY_START + 86_400_000 }, OPTIONS), 'play');
    expect(again.filter((p) => (p as Play).playId.includes('-high-roller-'))).toEqual(highRollers);
    // A network without am1's players has none.
    const elsewhere = { ...network(), players: network().players.map((p) => ({ ...p, areaManager: 'am2' })) };
    const none = ofType(liveEvents(elsewhere, { fromMs: DAY_START, toMs: DAY_START + 86_400_000 }, OPTIONS), 'play') as Play[];
    expect(none.filter((p) => p.playId.includes('-high-roller-'))).toEqual([]);
  });
});
