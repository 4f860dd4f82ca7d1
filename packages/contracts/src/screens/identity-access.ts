import type { ScreenRow } from './screen-row.js';

/** The Accounts screen (docs/screens.md, Accounts). */
export const ACCESS_SCREENS = [
  {
    key: 'accounts',
    path: 'admin/accounts',
    label: 'Accounts',
    menu: { section: 'Administration', order: 10 },
    audience: 'agents', // every role with accounts below it
    api: ['accounts', 'issueLink', 'issueLinks', 'blockAccount', 'unblockAccount'],
  },
] as const satisfies readonly ScreenRow[];
