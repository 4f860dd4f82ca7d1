import type { MailKind, MailState } from '@playrep/contracts';
import type { MessageId } from '../../../lib/i18n/messages';

/** A mail's state by its code (the contracts' MAIL_STATE_LABELS, in the chosen language). */
export const MAIL_STATE_NAMES: Readonly<Record<MailState, MessageId>> = {
  pending: 'mail.state.pending',
  held: 'mail.state.held',
  sent: 'mail.state.sent',
  failed: 'mail.state.failed',
  cancelled: 'mail.state.cancelled',
  expired: 'mail.state.expired',
};

/** A mail's kind by its code (the contracts' MAIL_KIND_LABELS, in the chosen language). */
export const MAIL_KIND_NAMES: Readonly<Record<MailKind, MessageId>> = {
  'statement-agent': 'mail.kind.statementAgent',
  'statement-manager': 'mail.kind.statementManager',
  'email-confirmation': 'mail.kind.emailConfirmation',
  'password-reset': 'mail.kind.passwordReset',
  'big-win-alert': 'mail.kind.bigWinAlert',
  digest: 'mail.kind.digest',
};
