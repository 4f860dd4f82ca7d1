import { menuScreen } from './screen-row.js';

/** The Platform screen (docs/screens.md, Platform). */
export const PLATFORM_SCREENS = [
  menuScreen({
    key: 'platform',
    path: 'admin/platform',
    label: 'Platform',
    section: 'Administration',
    order: 40,
    audience: 'superadmin',
    api: ['platform', 'feedKeyCreate', 'feedKeyRevoke'],
  }),
] as const;
