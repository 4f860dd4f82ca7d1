import type { ScreenRow } from './screen-row.js';

/** The Platform screen (docs/screens.md, Platform). */
export const PLATFORM_SCREENS = [
  {
    key: 'platform',
    path: 'admin/platform',
    label: 'Platform',
    menu: { section: 'Administration', order: 40 },
    audience: 'superadmin',
    api: ['platform', 'feedKeyCreate', 'feedKeyRevoke'],
  },
] as const satisfies readonly ScreenRow[];
