import type { ScreenRow } from './screen-row.js';

/** Week at a Glance (docs/screens.md, Week at a Glance). */
export const WEEK_GLANCE_SCREENS = [
  {
    key: 'weekGlance',
    path: 'reports/weekglance',
    label: 'Week at a Glance',
    menu: { section: 'Reports', order: 147 },
    audience: 'agents', // every role with accounts below it
    api: ['weekGlance'],
  },
] as const satisfies readonly ScreenRow[];
