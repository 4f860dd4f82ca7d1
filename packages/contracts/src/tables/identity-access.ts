import { type ColumnDef, NAME_COLUMN } from './columns.js';

/** How the Accounts screen and the sign-in links file name an account: the columns they begin with. */
const ACCOUNT_LEAD_COLUMNS: ColumnDef<'username' | 'name' | 'role' | 'parent'>[] = [
  { key: 'username', header: 'Username', type: 'string' },
  NAME_COLUMN,
  { key: 'role', header: 'Role', type: 'string' },
  { key: 'parent', header: 'Parent', type: 'string' },
];

/** The Accounts screen's table, on screen and in its CSV/XLSX export (docs/screens.md, Accounts). */
export const ACCOUNT_COLUMNS: ColumnDef<
  'username' | 'name' | 'role' | 'parent' | 'stateLabel' | 'twoStepLabel' | 'lastSignInAt'
>[] = [
  ...ACCOUNT_LEAD_COLUMNS,
  { key: 'stateLabel', header: 'State', type: 'string' },
  { key: 'twoStepLabel', header: 'Two-step', type: 'string' },
  { key: 'lastSignInAt', header: 'Last Sign-in', type: 'datetime' },
];

/** The bulk sign-in links file a manager hands out (docs/domain.md, "Access", Sign-in links). */
export const ISSUED_LINK_COLUMNS: ColumnDef<'username' | 'name' | 'role' | 'parent' | 'link' | 'expiresAt'>[] = [
  ...ACCOUNT_LEAD_COLUMNS,
  { key: 'link', header: 'Link', type: 'string' },
  { key: 'expiresAt', header: 'Expires', type: 'datetime' },
];

/** The access state of an account, as the Accounts screen filters and shows it. */
export const ACCESS_STATES = ['noPassword', 'linkSent', 'active', 'blocked', 'inactive'] as const;
export type AccessState = (typeof ACCESS_STATES)[number];
export const ACCESS_STATE_LABELS: Readonly<Record<AccessState, string>> = {
  noPassword: 'No password yet',
  linkSent: 'Link sent',
  active: 'Active',
  blocked: 'Blocked',
  inactive: 'Inactive on the platform',
};

export const ACCOUNT_SORTS = ['username', 'name', 'role', 'parent', 'state', 'twoStep', 'lastSignIn'] as const;
export const ACCOUNT_PAGE_SIZES = [20, 50, 100] as const;
