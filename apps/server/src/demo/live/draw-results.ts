import { DRAW_GAMES, type DrawGameCode, FUN_AB_CODE, type SuitColor, TRIPLE_FUN_CODE } from '@playrep/contracts';
import { definite } from '../../lib/definite.js';
import { mix32 } from '../random.js';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_COLORS: readonly SuitColor[] = ['c', 'k', 'l', 'f'];
const ROULETTE_CODE = definite(
  DRAW_GAMES.find((g) => g.slug === 'funroullet'),
  'Fun Roullet among the draw games',
).code;

export interface DrawResult {
  result: string;
  /** Fun AB only. */
  color?: SuitColor;
}

/**
 * The result of a draw of the live demo: a hash of the network's seed, the game and the draw's
 * time, so the same draw always gets the same result (sent again, it is a duplicate, never a
 * conflict). Shaped as docs/domain.md, "Games, draws and plays" gives the games' results.
 */
export function liveDrawResult(seed: number, game: DrawGameCode, drawAtMs: number): DrawResult {
  let salt = mix32(seed >>> 0) ^ mix32(Math.floor(seed / 4_294_967_296) + 0x5bd1e995);
  for (const char of game) salt = mix32(salt ^ char.charCodeAt(0));
  const h = mix32(salt ^ mix32(Math.floor(drawAtMs / 1000) >>> 0));
  if (game === TRIPLE_FUN_CODE) return { result: `${h % 10}-${Math.floor(h / 10) % 10}-${Math.floor(h / 100) % 10}` };
  if (game === FUN_AB_CODE)
    return { result: definite(RANKS[h % 13], 'the rank'), color: definite(SUIT_COLORS[(h >>> 8) % 4], 'the suit colour') };
  return { result: String(game === ROULETTE_CODE ? h % 37 : h % 10) };
}
