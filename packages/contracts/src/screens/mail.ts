import { menuScreen } from './screen-row.js';

/** The Mail screen (docs/screens.md, Mail). */
export const MAIL_SCREENS = [
  menuScreen({
    key: 'mail',
    path: 'admin/mail',
    label: 'Mail',
    section: 'Administration',
    order: 20,
    audience: 'superadmin',
    api: ['mailOutbox', 'mailPreview', 'mailRetry', 'mailDiscard', 'mailDiscardHeld'],
  }),
] as const;
