import type { ScreenRow } from './screen-row.js';

/** Cafe Trends (docs/screens.md, Cafe Trends): the cafes of the subject's subtree over weeks. */
export const CAFE_TRENDS_SCREENS = [
  {
    key: 'cafeTrends',
    path: 'reports/cafetrends',
    label: 'Cafe Trends',
    menu: { section: 'Reports', order: 145 },
    audience: 'agents', // master and above: a master sees its own cafes
    api: ['cafeTrends'],
  },
] as const satisfies readonly ScreenRow[];
