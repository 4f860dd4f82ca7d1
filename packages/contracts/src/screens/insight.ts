import type { ScreenRow } from './screen-row.js';

/** The insight screens (docs/screens.md, Today, Cafe Profit, Trends). */
export const INSIGHT_SCREENS = [
  {
    key: 'today',
    path: 'today',
    label: 'Today',
    menu: { section: 'Today', order: 10 }, // first in the menu; the landing page stays Point Transfer (HOME_PATH)
    audience: 'agents',
    api: ['today', 'todayThreshold'],
  },
  {
    key: 'cafeProfit',
    path: 'reports/cafeprofit',
    label: 'Cafe Profit',
    menu: { section: 'Reports', order: 130 },
    audience: 'agents',
    api: ['cafeProfit', 'cafeTerminals'],
  },
  {
    key: 'trends',
    path: 'reports/trends',
    label: 'Trends',
    menu: { section: 'Reports', order: 140 },
    audience: 'agents', // every role with accounts below it
    api: ['trends'],
  },
] as const satisfies readonly ScreenRow[];
