import { MAIL_STATE_LABELS, type MailOutboxRow, mailKindLabel } from '@playrep/contracts';
import type { OutboxMail } from './queries.js';

/** A mail as the Mail screen shows it (docs/screens.md, Mail). */
export function outboxRow(mail: OutboxMail): MailOutboxRow {
  return {
    _id: mail.id,
    createdAt: mail.createdAt.toISOString(),
    state: mail.state,
    stateLabel: MAIL_STATE_LABELS[mail.state],
    kind: mail.kind,
    kindLabel: mailKindLabel(mail.kind),
    recipient: mail.recipient,
    username: mail.username,
    subject: mail.subject,
    week: mail.weekStart,
    attempts: mail.attempts,
    lastAnswer: mail.lastAnswer,
    nextAttemptAt: mail.state === 'pending' ? mail.nextAttemptAt.toISOString() : null,
    sentAt: mail.sentAt?.toISOString() ?? null,
  };
}
