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
export const MAIL_STATE_LABELS = {
  pending: 'Pending',
  held: 'Held',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
} as const;

/**
 * Every kind of mail the back office sends (docs/domain.md, "Mail and statements"), each with its
 * rule at the moment of sending (the server's mail gate). A kind is added here first.
 */
export const MAIL_KINDS = [
  'statement-agent',
  'statement-manager',
  'email-confirmation',
  'password-reset',
  'big-win-alert',
  'digest',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The kinds of mail as the screen names them. */
export const MAIL_KIND_LABELS: Readonly<Record<MailKind, string>> = {
  'statement-agent': 'Agent Mail statement',
  'statement-manager': 'Manager Mail statement',
  'email-confirmation': 'Email confirmation',
  'password-reset': 'Password reset link',
  'big-win-alert': 'Big-win alert',
  digest: 'Daily digest',
};

/** A kind's label; a kind stored before the list was closed shows as it is stored. */
export function mailKindLabel(kind: string): string {
  return (MAIL_KIND_LABELS as Readonly<Record<string, string>>)[kind] ?? kind;
}

/**
 * pending: to send (again); held: no mail server configured; sent; failed for good; cancelled:
 * closed unsent (the mail gate's reason, or discarded on the Mail screen); expired: held or pending
 * longer than MAIL_MAX_AGE_DAYS, never sent.
 */
export const MAIL_STATES = ['pending', 'held', 'sent', 'failed', 'cancelled', 'expired'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** The states a mail waits in: the ones it may still leave by being sent, or be discarded from. */
export const WAITING_MAIL_STATES = ['pending', 'held'] as const satisfies readonly MailState[];

/** The columns the Mail screen sorts by (on the server). */
export const MAIL_SORTS = ['createdAt', 'state', 'kind', 'recipient', 'week', 'attempts', 'sentAt'] as const;
export const MAIL_PAGE_SIZES = [20, 50, 100] as const;
