import { DRAW_GAMES } from '../games.js';
import type { ScreenRow } from './screen-row.js';

const DRAW_SCREEN_KEY_PREFIX = 'drawDetails-';

/** The draw screens, one per draw game, in the games' order (docs/screens.md, Draw details). */
export const DRAW_SCREENS = DRAW_GAMES.map(
  (g, i) =>
    ({
      key: `${DRAW_SCREEN_KEY_PREFIX}${g.slug}`,
      path: `drawdetails/${g.slug}/${g.code}`,
      label: g.name,
      menu: { section: 'Draw Details', order: (i + 1) * 10 },
      audience: 'everyone',
      api: ['drawDetails'],
      subjects: 'everyone',
    }) as const satisfies ScreenRow,
);

/** True for the draw screens' keys (`drawDetails-{game slug}`). */
export function isDrawScreenKey(key: string): boolean {
  return key.startsWith(DRAW_SCREEN_KEY_PREFIX);
}
