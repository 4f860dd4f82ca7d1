import type { Random } from './random.js';

/**
 * How the demo's players play, shared by the generator (the past, written in bulk) and the live
 * demo feed (the present, posted through the feed): cafe hours, the games' popularity and odds,
 * and how stakes are raised.
 */

/** Cafes are open 09:00 to 23:30 IST; every slip and hand falls in those hours. */
export const OPEN_HOUR = 9;
export const CLOSE_HOUR = 23.5;

export interface DemoGame {
  /** games.id of migration 0001 (DRAW_GAME_IDS). */
  id: number;
  weight: number;
  wins: readonly (readonly [chance: number, multiplier: number])[];
  /** Whether players raise their stake above their usual one on this game. */
  raise: boolean;
}

/**
 * The draw games as players meet them: how often each is chosen, and the chance and multiplier
 * of a win. Each returns roughly 85-90% of the stakes over time (a house edge of 10-15%),
 * with Triple Fun's rare 300x wins as the big occasional ones.
 */
export const GAMES: readonly DemoGame[] = [
  { id: 1, weight: 35, wins: [[0.1, 9]], raise: true }, // Fun Target: one digit in ten
  { id: 2, weight: 25, wins: [[1 / 37, 33]], raise: true }, // Fun Roullet
  // Triple Fun: all three digits, the last two, the last one. Long odds, so stakes stay usual
  // (one big stake hitting 300x would outweigh a small network's whole period).
  {
    id: 3,
    weight: 15,
    wins: [
      [0.001, 300],
      [0.009, 30],
      [0.09, 3],
    ],
    raise: false,
  },
  { id: 4, weight: 25, wins: [[1 / 13, 12]], raise: true }, // Fun AB: the rank
];
/** The games with their weights, for `Random.weighted`. */
export const GAME_WEIGHTS = GAMES.map((game) => [game, game.weight] as const);
export const STAKE_MULTIPLIERS = [1, 1, 1, 1, 2, 2, 3, 5, 10];

export function winMultiplier(rng: Random, wins: readonly (readonly [number, number])[]): number {
  let point = rng.next();
  for (const [chance, multiplier] of wins) {
    if (point < chance) return multiplier;
    point -= chance;
  }
  return 0;
}
