import { menuScreen } from './screen-row.js';

/** The Accounts screen (docs/screens.md, Accounts): for every role with accounts below it. */
export const ACCESS_SCREENS = [
  menuScreen({
    key: 'accounts',
    path: 'admin/accounts',
    label: 'Accounts',
    section: 'Administration',
    order: 10,
    api: ['accounts', 'issueLink', 'issueLinks', 'blockAccount', 'unblockAccount'],
  }),
] as const;
