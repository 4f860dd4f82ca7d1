import type { ColumnDef } from './columns.js';

/**
 * The access facts the activity records (docs/domain.md, "Access"), as the screen names them: the
 * kinds are stored as written here, a kind the screen does not know shows as it is stored.
 */
export const ACTIVITY_KIND_LABELS = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'code-asked': 'Password right, code asked',
  'wrong-code': 'Wrong two-step code',
  'sign-out': 'Signed out',
  'password-changed': 'Password changed',
  'link-issued': 'Sign-in link issued',
  'link-used': 'Sign-in link used',
  'link-revoked': 'Sign-in link revoked',
  'email-set': 'Email address set',
  'email-confirmed': 'Email address confirmed',
  'two-step-on': 'Two-step turned on',
  'two-step-off': 'Two-step turned off',
  'two-step-cleared': 'Two-step cleared',
  'recovery-code-used': 'Recovery code used',
  'recovery-codes-replaced': 'New recovery codes',
  'account-created': 'Account created',
  blocked: 'Blocked',
  unblocked: 'Unblocked',
  'export-downloaded': 'Export downloaded',
  'feed-key-created': 'Feed key created',
  'feed-key-revoked': 'Feed key revoked',
  'feed-batch-applied': 'Feed batch applied',
  'feed-batch-refused': 'Feed batch refused',
  'mail-discarded': 'Mail discarded',
  'mail-previewed': 'Mail previewed',
} as const;

export type ActivityKind = keyof typeof ACTIVITY_KIND_LABELS;
export const ACTIVITY_KINDS = Object.keys(ACTIVITY_KIND_LABELS) as ActivityKind[];

export function activityKindLabel(kind: string): string {
  return (ACTIVITY_KIND_LABELS as Readonly<Record<string, string>>)[kind] ?? kind;
}

/** The Activity screen's table, on screen and in its CSV/XLSX export (docs/screens.md, Activity). */
export const ACTIVITY_COLUMNS: ColumnDef<'at' | 'kindLabel' | 'actor' | 'subject' | 'address' | 'device' | 'details'>[] = [
  { key: 'at', header: 'Time', type: 'datetime' },
  { key: 'kindLabel', header: 'Kind', type: 'string' },
  { key: 'actor', header: 'By', type: 'string' },
  { key: 'subject', header: 'Account', type: 'string' },
  { key: 'address', header: 'Address', type: 'string' },
  { key: 'device', header: 'Device', type: 'string' },
  { key: 'details', header: 'Details', type: 'string' },
];

/** The columns the Activity screen sorts by (on the server). */
export const ACTIVITY_SORTS = ['at', 'kind'] as const;
export const ACTIVITY_PAGE_SIZES = [20, 50, 100] as const;
