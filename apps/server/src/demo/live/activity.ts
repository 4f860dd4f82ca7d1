import { DRAW_GAMES, type DrawGameCode, type FeedEventInput } from '@playrep/contracts';
import { addDays, type IsoDay, istDay, istDayStart } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { DRAW_GAME_IDS } from '../draws.js';
import { personName } from '../names.js';
import { DEMO_ACCOUNTS, habitsFor } from '../network.js';
import { CLOSE_HOUR, GAME_WEIGHTS, OPEN_HOUR, STAKE_MULTIPLIERS, winMultiplier } from '../play-habits.js';
import { Random } from '../random.js';
import { SCALE_CONFIGS } from '../scales.js';
import { demoTerminals } from '../terminals.js';
import { highRollerDay } from './big-wins.js';
import { liveDrawResult } from './draw-results.js';
import { DEMO_TRANSFER_PREFIX, type LiveNetwork, type LivePlayer, type PendingTransfer } from './live-network.js';

/**
 * What happens in the demo network during a window of time, as feed events: the draws that fall
 * due (every game, every draw interval), the slips and poker hands of its players in cafe hours,
 * a high roller's big win in am1's network every hour of them (big-wins.ts), transfers between
 * parents and children and their resolutions, now and then a new player, and
 * rarely a slip or hand voided as soon as it was made (1 in LIVE_VOID_ONE_IN).
 *
 * Each player's day, each pair's transfer of a day and each transfer's fate are drawn from a
 * stream of their own (the seed and their name and day), then cut to the window: a day's events
 * do not depend on how it is cut into windows, and every event falls in exactly one window.
 * What depends on the moment (transfer amounts follow the balances, new players' numbers follow
 * the usernames taken) is worked out in time order over the window.
 */

export interface ActivityOptions {
  /** Seed of the demo network (SEED). */
  seed: number;
  /** One draw per game every this many milliseconds, on a grid from the epoch. */
  drawIntervalMs: number;
}

/** (fromMs, toMs]: both on the draw grid. */
export interface LiveWindow {
  fromMs: number;
  toMs: number;
}

/** Players' habits as in the small network the server loads. */
const HABITS_CONFIG = SCALE_CONFIGS.small;
const FIXED_USERNAMES = new Set(DEMO_ACCOUNTS.map((a) => a.username));
/** Chance a day that a parent and its child exchange points: the fixed accounts' pairs, the others. */
const FIXED_PAIR_DAILY = 0.5;
const PAIR_DAILY = 0.04;

const GAME_CODE: Record<number, DrawGameCode> = Object.fromEntries(
  DRAW_GAMES.map((g) => [DRAW_GAME_IDS[g.slug], g.code]),
) as Record<number, DrawGameCode>;

/** Order of events at the same instant: accounts first, draws last. */
const RANK = { account: 0, transfer: 1, resolution: 2, play: 3, hand: 3, void: 3.5, draw: 4 } as const;
/**
 * About one slip and one poker hand in this many is voided by the platform (cancelled at the
 * counter): at the same instant, right after it, so a void always falls in its play's window.
 */
export const LIVE_VOID_ONE_IN = 500;
const VOID_REASONS = ['slip cancelled at the counter', 'terminal fault', 'stake entered twice'];

interface Intent {
  atMs: number;
  rank: number;
  seq: number;
  /** The event, or null when it cannot happen now (no points to send, its transfer was not sent). */
  make: (state: WalkState) => FeedEventInput | null;
}

interface WalkState {
  balances: Map<string, number>;
  sent: Map<string, PendingTransfer>;
  lastPlayerNumber: number;
  masters: string[];
}

export function liveEvents(network: LiveNetwork, window: LiveWindow, options: ActivityOptions): FeedEventInput[] {
  const intents: Intent[] = [];
  const add = (atMs: number, rank: number, make: Intent['make']) => {
    if (atMs > window.fromMs && atMs <= window.toMs) intents.push({ atMs, rank, seq: intents.length, make });
  };
  const sent: { transferId: string; atMs: number }[] = [...network.pending];
  for (const day of daysOf(window)) {
    for (const player of network.players) if (day > player.registeredDay) playerDay(player, day, network, options, add);
    for (const pair of network.walletPairs) {
      const transfer = pairDay(pair.parent, pair.child, day, options, add);
      if (transfer && transfer.atMs > window.fromMs && transfer.atMs <= window.toMs) sent.push(transfer);
    }
    newPlayersDay(day, options, add);
    highRollerDay(network.players, day, options, (atMs, make) => add(atMs, RANK.play, make));
  }
  // The resolutions of the transfers pending before the window and of those sent in it.
  for (const transfer of sent) resolution(transfer.transferId, transfer.atMs, options, add);
  for (let at = window.fromMs + options.drawIntervalMs; at <= window.toMs; at += options.drawIntervalMs) {
    for (const game of DRAW_GAMES) {
      const drawAt = new Date(at).toISOString();
      add(at, RANK.draw, () => ({
        id: `demo-draw-${game.code}-${drawAt}`,
        type: 'draw',
        game: game.code,
        drawAt,
        ...liveDrawResult(options.seed, game.code, at),
      }));
    }
  }

  const state: WalkState = {
    balances: new Map(network.balances),
    sent: new Map(network.pending.map((t) => [t.transferId, t])),
    lastPlayerNumber: network.lastPlayerNumber,
    masters: network.masters,
  };
  const events: FeedEventInput[] = [];
  for (const intent of intents.sort((a, b) => a.atMs - b.atMs || a.rank - b.rank || a.seq - b.seq)) {
    const event = intent.make(state);
    if (event) events.push(event);
  }
  return events;
}

/** The IST days the window touches. */
function daysOf(window: LiveWindow): IsoDay[] {
  const days: IsoDay[] = [];
  for (let day = istDay(new Date(window.fromMs + 1)); istDayStart(day).getTime() <= window.toMs; day = addDays(day, 1)) {
    days.push(day);
  }
  return days;
}

type Add = (atMs: number, rank: number, make: Intent['make']) => void;

const habitsCache = new Map<string, ReturnType<typeof habitsFor>>();

function habitsOf(username: string, seed: number): ReturnType<typeof habitsFor> {
  const key = `${seed} ${username}`;
  let habits = habitsCache.get(key);
  if (!habits) {
    habits = habitsFor(new Random(seed, `live-habits:${username}`), HABITS_CONFIG, FIXED_USERNAMES.has(username));
    if (habitsCache.size > 100_000) habitsCache.clear();
    habitsCache.set(key, habits);
  }
  return habits;
}

/** A player's slips and poker hands of one day, drawn whole, then cut to the window. */
function playerDay(player: LivePlayer, day: IsoDay, network: LiveNetwork, options: ActivityOptions, add: Add): void {
  const habits = habitsOf(player.username, options.seed);
  const rng = new Random(options.seed, `live-plays:${player.username}:${day}`);
  if (!rng.chance(habits.activity)) return;
  // The terminals from a stream of their own: the day's other figures stay as they were.
  const terminalRng = new Random(options.seed, `live-terminals:${player.username}:${day}`);
  const terminal = (cafeId: string) => terminalRng.pick(demoTerminals(options.seed, cafeId));
  const dayStartMs = istDayStart(day).getTime();
  const timeOfPlay = () => dayStartMs + Math.floor((OPEN_HOUR + rng.next() * (CLOSE_HOUR - OPEN_HOUR)) * 3600) * 1000;
  const cafe = () => {
    if (!rng.chance(habits.awayChance)) return rng.pick(player.homeCafes);
    const pool = player.nearbyCafes.length > 0 && rng.chance(0.6) ? player.nearbyCafes : network.openCafes;
    return rng.pick(pool);
  };
  // Voids are drawn from a stream of their own: the day's slips and hands stay what they were.
  const voids = new Random(options.seed, `live-voids:${player.username}:${day}`);
  const maybeVoid = (type: 'play.voided' | 'pokerHand.voided', id: string, atMs: number) => {
    if (!voids.chance(1 / LIVE_VOID_ONE_IN)) return;
    const at = new Date(atMs).toISOString();
    const reason = voids.pick(VOID_REASONS);
    add(atMs, RANK.void, () =>
      type === 'play.voided'
        ? { id: `${id}-voided`, type, playId: id, at, reason }
        : { id: `${id}-voided`, type, handId: id, at, reason },
    );
  };
  const slips = Math.max(1, Math.round(habits.playsPerDay * (0.4 + 1.2 * rng.next())));
  for (let i = 0; i < slips; i++) {
    const atMs = timeOfPlay();
    const game = rng.weighted(GAME_WEIGHTS);
    const cafeId = cafe();
    const stakeCents = habits.stakeCents * (game.raise ? rng.pick(STAKE_MULTIPLIERS) : 1);
    const winCents = stakeCents * winMultiplier(rng, game.wins);
    const playId = `demo-play-${day}-${player.username}-${i + 1}`;
    const drawAt = Math.ceil(atMs / options.drawIntervalMs) * options.drawIntervalMs;
    const terminalId = terminal(cafeId);
    add(atMs, RANK.play, () => ({
      id: playId,
      type: 'play',
      playId,
      member: player.username,
      cafeId,
      game: definite(GAME_CODE[game.id], "the game's feed code"),
      drawAt: new Date(drawAt).toISOString(),
      stake: points(stakeCents),
      win: points(winCents),
      at: new Date(atMs).toISOString(),
      terminalId,
    }));
    maybeVoid('play.voided', playId, atMs);
  }
  if (!rng.chance(habits.pokerChance)) return;
  const hands = rng.int(1, 6);
  for (let i = 0; i < hands; i++) {
    const atMs = timeOfPlay();
    const cafeId = cafe();
    const potCents = habits.stakeCents * rng.int(3, 40);
    const rakeCents = Math.max(1, Math.round((potCents * rng.int(3, 5)) / 100));
    const handId = `demo-hand-${day}-${player.username}-${i + 1}`;
    const terminalId = terminal(cafeId);
    add(atMs, RANK.hand, () => ({
      id: handId,
      type: 'pokerHand',
      handId,
      member: player.username,
      cafeId,
      rake: points(rakeCents),
      at: new Date(atMs).toISOString(),
      terminalId,
    }));
    maybeVoid('pokerHand.voided', handId, atMs);
  }
}

/**
 * Now and then a parent and its child exchange points: down (a top-up) a bit more often than up
 * (a return), a share of what the child holds, in whole tens of points; the fixed accounts' pairs
 * most days, the others about once a month.
 */
function pairDay(
  parent: string,
  child: string,
  day: IsoDay,
  options: ActivityOptions,
  add: Add,
): { transferId: string; atMs: number } | null {
  const rng = new Random(options.seed, `live-transfer:${child}:${day}`);
  const fixed = FIXED_USERNAMES.has(child) && FIXED_USERNAMES.has(parent);
  if (!rng.chance(fixed ? FIXED_PAIR_DAILY : PAIR_DAILY)) return null;
  const atMs = istDayStart(day).getTime() + Math.floor((10 + rng.next() * 11) * 3600) * 1000;
  const down = rng.chance(0.55);
  const share = 0.05 + rng.next() * 0.25;
  const channel = rng.chance(0.25) ? 'multiplayer' : 'single';
  const transferId = `${DEMO_TRANSFER_PREFIX}${day}-${child}`;
  const [from, to] = down ? [parent, child] : [child, parent];
  const make = (state: WalkState): FeedEventInput | null => {
    const childCents = state.balances.get(child) ?? 0;
    const senderCents = state.balances.get(from) ?? 0;
    let cents = Math.floor((childCents * share) / 1000) * 1000;
    if (down) cents = Math.min(cents, Math.floor(senderCents / 2 / 1000) * 1000);
    if (cents < 1000 || cents > senderCents) return null;
    state.balances.set(from, senderCents - cents);
    state.sent.set(transferId, { transferId, from, to, amountCents: cents, atMs });
    return transferEvent({ transferId, from, to, cents, channel, at: new Date(atMs).toISOString() });
  };
  add(atMs, RANK.transfer, make);
  return { transferId, atMs };
}

const OUTCOMES = [
  ['accepted', 80],
  ['rejected', 7],
  ['cancelled', 7],
  ['pending', 6],
] as const;

/** A transfer's fate, from its id: resolved between 2 minutes and 6 hours later, or left pending. */
function resolution(transferId: string, sentAtMs: number, options: ActivityOptions, add: Add): void {
  const rng = new Random(options.seed, `live-fate:${transferId}`);
  const outcome = rng.weighted(OUTCOMES);
  const atMs = sentAtMs + rng.int(2, 360) * 60_000;
  if (outcome === 'pending') return;
  add(atMs, RANK.resolution, (state) => {
    const transfer = state.sent.get(transferId);
    if (!transfer) return null;
    state.sent.delete(transferId);
    const credited = outcome === 'accepted' ? transfer.to : transfer.from;
    const balance = state.balances.get(credited);
    if (balance !== undefined) state.balances.set(credited, balance + transfer.amountCents);
    return { id: `${transferId}-${outcome}`, type: `transfer.${outcome}`, transferId, at: new Date(atMs).toISOString() };
  });
}

/** Now and then (three days in four, one a day on average) a player registers with one of the masters. */
function newPlayersDay(day: IsoDay, options: ActivityOptions, add: Add): void {
  const rng = new Random(options.seed, `live-new-players:${day}`);
  const count = rng.weighted([
    [0, 25],
    [1, 50],
    [2, 25],
  ] as const);
  for (let i = 0; i < count; i++) {
    const atMs = istDayStart(day).getTime() + Math.floor((OPEN_HOUR + rng.next() * (CLOSE_HOUR - OPEN_HOUR)) * 3600) * 1000;
    const pick = rng.next();
    const name = personName(rng);
    add(atMs, RANK.account, (state) => {
      if (state.masters.length === 0) return null;
      state.lastPlayerNumber += 1;
      return {
        id: `demo-account-${day}-${i + 1}`,
        type: 'account',
        username: `player${state.lastPlayerNumber}`,
        role: 'player',
        parent: definite(state.masters[Math.floor(pick * state.masters.length)], "the new player's master"),
        ...name,
      };
    });
  }
}

/** Hundredths as feed points ('12.50'), without float arithmetic. */
export function points(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A transfer as the feed takes it (its event id is its transferId), the amount in hundredths. */
export function transferEvent(transfer: {
  transferId: string;
  from: string;
  to: string;
  cents: number;
  channel: 'single' | 'multiplayer';
  at: string;
}): FeedEventInput {
  const { transferId, from, to, cents, channel, at } = transfer;
  return { id: transferId, type: 'transfer', transferId, from, to, amount: points(cents), channel, at };
}
