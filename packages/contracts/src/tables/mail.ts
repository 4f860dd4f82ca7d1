import type { ColumnDef } from './columns.js';

/** The Mail screen's table, on screen and in its CSV/XLSX export (docs/screens.md, Mail). */
export const MAIL_OUTBOX_COLUMNS: ColumnDef<
  'createdAt' | 'stateLabel' | 'kindLabel' | 'recipient' | 'username' | 'week' | 'attempts' | 'lastAnswer' | 'sentAt'
>[] = [
  { key: 'createdAt', header: 'Queued', type: 'datetime' },
  { key: 'stateLabel', header: 'State', type: 'string' },
  { key: 'kindLabel', header: 'Kind', type: 'string' },
  { key: 'recipient', header: 'Recipient', type: 'string' },
  { key: 'username', header: 'Account', type: 'string' },
  { key: 'week', header: 'Week', type: 'date' },
  { key: 'attempts', header: 'Attempts', type: 'int' },
  { key: 'lastAnswer', header: 'Last Answer', type: 'string' },
  { key: 'sentAt', header: 'Sent', type: 'datetime' },
];

/** The states as the screen names them. */
export const MAIL_STATE_LABELS = { pending: 'Pending', held: 'Held', sent: 'Sent', failed: 'Failed' } as const;

/** The kinds of mail as the screen names them; another kind shows as it is stored. */
export const MAIL_KIND_LABELS: Readonly<Record<string, string>> = {
  'statement-agent': 'Agent Mail statement',
  'statement-manager': 'Manager Mail statement',
  'email-confirmation': 'Email confirmation',
  'password-reset': 'Password reset link',
};

export function mailKindLabel(kind: string): string {
  return MAIL_KIND_LABELS[kind] ?? kind;
}

/** pending: to send (again); held: no mail server configured; sent; failed for good. */
export const MAIL_STATES = ['pending', 'held', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** The columns the Mail screen sorts by (on the server). */
export const MAIL_SORTS = ['createdAt', 'state', 'kind', 'recipient', 'week', 'attempts', 'sentAt'] as const;
export const MAIL_PAGE_SIZES = [20, 50, 100] as const;
