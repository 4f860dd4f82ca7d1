import { menuScreen } from './screen-row.js';

/** Cafe Trends (docs/screens.md, Cafe Trends): the cafes of the subject's subtree over weeks; a master sees its own cafes. */
export const CAFE_TRENDS_SCREENS = [
  menuScreen({ key: 'cafeTrends', path: 'reports/cafetrends', label: 'Cafe Trends', order: 145, api: ['cafeTrends'] }),
] as const;
