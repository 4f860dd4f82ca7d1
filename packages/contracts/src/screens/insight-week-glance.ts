import { menuScreen } from './screen-row.js';

/** Week at a Glance (docs/screens.md, Week at a Glance). */
export const WEEK_GLANCE_SCREENS = [
  menuScreen({ key: 'weekGlance', path: 'reports/weekglance', label: 'Week at a Glance', order: 147, api: ['weekGlance'] }),
] as const;
