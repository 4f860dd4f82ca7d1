import { menuScreen } from './screen-row.js';

/** The insight screens (docs/screens.md, Today, Cafe Profit, Trends). */
export const INSIGHT_SCREENS = [
  // First in the menu; the landing page stays Point Transfer (HOME_PATH).
  menuScreen({ key: 'today', path: 'today', label: 'Today', section: 'Today', order: 10, api: ['today', 'todayThreshold'] }),
  menuScreen({
    key: 'cafeProfit',
    path: 'reports/cafeprofit',
    label: 'Cafe Profit',
    order: 130,
    api: ['cafeProfit', 'cafeTerminals'],
  }),
  menuScreen({ key: 'trends', path: 'reports/trends', label: 'Trends', order: 140, api: ['trends'] }),
] as const;
