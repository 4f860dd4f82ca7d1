import type { ScreenRow } from './screen-row.js';

/** The Mail screen (docs/screens.md, Mail). */
export const MAIL_SCREENS = [
  {
    key: 'mail',
    path: 'admin/mail',
    label: 'Mail',
    menu: { section: 'Administration', order: 20 },
    audience: 'superadmin',
    api: ['mailOutbox', 'mailPreview', 'mailRetry', 'mailDiscard', 'mailDiscardHeld'],
  },
] as const satisfies readonly ScreenRow[];
