/** The draw games (docs/domain.md, "Games, draws and plays"). Poker has no draws and no code in the menus. */
export const DRAW_GAMES = [
  { code: 'MNOQqWWi', slug: 'funtarget', name: 'Fun Target' },
  { code: 'vwRORrGO', slug: 'funroullet', name: 'Fun Roullet' },
  { code: 'zuuhVbBM', slug: 'triplefun', name: 'Triple Fun' },
  { code: 'qZicXikM', slug: 'funab', name: 'Fun AB' },
] as const;

export type DrawGame = (typeof DRAW_GAMES)[number];
export type DrawGameCode = DrawGame['code'];

function codeOf(slug: DrawGame['slug']): DrawGameCode {
  const game = DRAW_GAMES.find((g) => g.slug === slug);
  if (!game) throw new Error(`No draw game ${slug}`);
  return game.code;
}

/** The games whose results are shown differently (docs/screens.md, Draw details). */
export const TRIPLE_FUN_CODE = codeOf('triplefun');
export const FUN_AB_CODE = codeOf('funab');

export const POKER_GAME = { code: 'POKER', slug: 'poker', name: 'Poker' } as const;

export const UNKNOWN_GAME_NAME = 'Unknown Game';

export function gameNameForCode(code: string): string {
  return DRAW_GAMES.find((g) => g.code === code)?.name ?? UNKNOWN_GAME_NAME;
}

/** Fun AB suit colours: c diamond, k spade, l heart, f club; c and l are red. */
export const FUN_AB_SUITS = {
  c: { symbol: '\u2666', red: true },
  k: { symbol: '\u2660', red: false },
  l: { symbol: '\u2665', red: true },
  f: { symbol: '\u2663', red: false },
} as const;
export type SuitColor = keyof typeof FUN_AB_SUITS;
