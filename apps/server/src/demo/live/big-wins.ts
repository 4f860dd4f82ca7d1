import { DRAW_GAMES, type FeedEventInput } from '@playrep/contracts';
import { type IsoDay, istDayStart } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { Random } from '../random.js';
import { demoTerminals } from '../terminals.js';
import type { LivePlayer } from './live-network.js';

/**
 * The live demo's big wins (docs/domain.md, "Demo data"): every hour from 09:00 to 23:00 IST, one
 * player of am1's network has a high roller's hour, ten slips of 1,200 points on Fun Target, one of
 * which wins nine times its stake (10,800 points, above the default big-win threshold): so a
 * newcomer with a mail server configured sees a big-win alert within the hour (am1 and master1
 * have alerts on). Ten slips for one win are Fun Target's own odds (one digit in ten), so the house
 * keeps its edge over the hour (12,000 played, 10,800 won) and the demo's profits stay believable.
 *
 * Drawn from the seed, the day and the hour alone (who, where, when, which slip wins): the same
 * however the time is cut into windows.
 */
export const BIG_WIN_AREA_MANAGER = 'am1';
export const HIGH_ROLLER_SLIPS = 10;
export const HIGH_ROLLER_STAKE_CENTS = 120_000;
/** Fun Target pays nine times the stake. */
export const HIGH_ROLLER_WIN_CENTS = 9 * HIGH_ROLLER_STAKE_CENTS;
/** The IST hours that start one: cafes are open 09:00 to 23:30, and the hour ends before they close. */
const FIRST_HOUR = 9;
const LAST_HOUR = 22;
const FUN_TARGET = definite(
  DRAW_GAMES.find((game) => game.slug === 'funtarget'),
  'Fun Target among the draw games',
);
const HOUR_MS = 3_600_000;

export type AddPlay = (atMs: number, make: () => FeedEventInput) => void;

/** The high rollers' slips of one IST day, each handed to `add` (which keeps those of the window). */
export function highRollerDay(
  players: readonly LivePlayer[],
  day: IsoDay,
  options: { seed: number; drawIntervalMs: number },
  add: AddPlay,
): void {
  const candidates = players.filter((p) => p.areaManager === BIG_WIN_AREA_MANAGER && day > p.registeredDay);
  if (candidates.length === 0) return;
  const dayStartMs = istDayStart(day).getTime();
  for (let hour = FIRST_HOUR; hour <= LAST_HOUR; hour++) {
    const rng = new Random(options.seed, `live-high-roller:${day}:${hour}`);
    const player = rng.pick(candidates);
    const cafeId = rng.pick(player.homeCafes);
    const terminalId = rng.pick(demoTerminals(options.seed, cafeId));
    const winner = rng.int(0, HIGH_ROLLER_SLIPS - 1);
    const times = Array.from(
      { length: HIGH_ROLLER_SLIPS },
      () => dayStartMs + hour * HOUR_MS + Math.floor(rng.next() * 3600) * 1000,
    );
    times.sort((a, b) => a - b);
    times.forEach((atMs, i) => {
      // A slip of the demo like the others (demo-play-<day>-...), named apart from the players' own.
      const playId = `demo-play-${day}-high-roller-${hour}-${i + 1}`;
      const drawAt = Math.ceil(atMs / options.drawIntervalMs) * options.drawIntervalMs;
      add(atMs, () => ({
        id: playId,
        type: 'play',
        playId,
        member: player.username,
        cafeId,
        game: FUN_TARGET.code,
        drawAt: new Date(drawAt).toISOString(),
        stake: points(HIGH_ROLLER_STAKE_CENTS),
        win: points(i === winner ? HIGH_ROLLER_WIN_CENTS : 0),
        at: new Date(atMs).toISOString(),
        terminalId,
      }));
    });
  }
}

const points = (cents: number) => (cents / 100).toFixed(2);
