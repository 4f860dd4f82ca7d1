/**
 * The English texts of the mail screens (features/mail), by message ID in ICU message format;
 * their Hindi is in mail-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_MAIL = {
  'mail.goToSignIn': 'Go to the sign-in page',

  // The states and kinds of a mail (the contracts' MAIL_STATE_LABELS, MAIL_KIND_LABELS)
  'mail.state.pending': 'Pending',
  'mail.state.held': 'Held',
  'mail.state.sent': 'Sent',
  'mail.state.failed': 'Failed',
  'mail.state.cancelled': 'Cancelled',
  'mail.state.expired': 'Expired',
  'mail.kind.statementAgent': 'Agent Mail statement',
  'mail.kind.statementManager': 'Manager Mail statement',
  'mail.kind.emailConfirmation': 'Email confirmation',
  'mail.kind.passwordReset': 'Password reset link',
  'mail.kind.bigWinAlert': 'Big-win alert',
  'mail.kind.digest': 'Daily digest',

  // The Mail screen (MailPage)
  'mail.outbox.any': 'Any',
  'mail.outbox.actions': 'Actions',
  'mail.outbox.previewOf': 'Preview mail {id}: {subject}',
  'mail.outbox.preview': 'Preview',
  'mail.outbox.retryOf': 'Retry now: mail {id} to {recipient}',
  'mail.outbox.retry': 'Retry now',
  'mail.outbox.discardOf': 'Discard mail {id} to {recipient}',
  'mail.outbox.discard': 'Discard',
  'mail.outbox.byState': 'Mails by state',
  'mail.outbox.stateCount': '{state}: {count}',
  'mail.outbox.discardHeldCount': 'Discard all held ({count})',
  'mail.outbox.discardHeldTitle': 'Discard all held mail',
  'mail.outbox.discardHeldQuestion':
    'Discard all {count} {held, plural, one {held mail} other {held mails}}? They are never sent, even once a mail server is configured.',
  'mail.outbox.cancel': 'Cancel',
  'mail.outbox.discardHeld': 'Discard all held',

  // A mail's preview (components/MailPreview)
  'mail.preview.to': 'To {recipient} · {state}',
  'mail.preview.asSent': 'The body as it was written.',
  'mail.preview.notSent': 'Not sent yet: the body as it would be sent now.',
  'mail.preview.body': 'Body of the mail',
  'mail.preview.attached': 'Attached: {names}',
  'mail.preview.hidden': 'Links that carry a secret show it as {hidden}: this preview cannot be used to open them.',

  // The account page's email section (EmailSection)
  'mail.email.title': 'Email',
  'mail.email.none': 'No email address',
  'mail.email.confirmed': 'Confirmed',
  'mail.email.notConfirmed': 'Not confirmed',
  'mail.email.waiting': 'Waiting for confirmation: {email} (the link mailed to it works until {time}).',
  'mail.email.send': 'Send confirmation link',
  'mail.email.remove': 'Remove address',
  'mail.email.statements': 'Email me my weekly statement',

  // The account page's news by email (NewsSection)
  'mail.news.title': 'News by email',
  'mail.news.confirmFirst':
    'Set and confirm an email address above: the daily digest and big wins go only to a confirmed address.',
  'mail.news.digestNow': 'Send me the digest now',
  'mail.news.digestHint':
    'Yesterday’s figures as Today shows them, each with a link to its report; asked for now, at most once every 10 minutes.',
  'mail.news.bigWinsHint':
    'Wins from {points} points in your network: the big-win threshold you set on Today. At most one mail every 15 minutes.',

  // The pages a mail links to (ConfirmEmailPage, UnsubscribePage)
  'mail.confirm.documentTitle': 'Confirm your email address | Playrep Back Office',
  'mail.confirm.title': 'Confirm your email address',
  'mail.confirm.confirming': 'Confirming…',
  'mail.unsubscribe.documentTitle': '{title} | Playrep Back Office',
  'mail.unsubscribe.statementTitle': 'Weekly statement emails',
  'mail.unsubscribe.statementQuestion':
    'Stop emailing the weekly statement of this account? It stays on the Agent Mail and Manager Mail screens.',
  'mail.unsubscribe.digestTitle': 'Daily digest emails',
  'mail.unsubscribe.digestQuestion':
    'Stop emailing the daily digest of this account? Today still shows the figures when you sign in.',
  'mail.unsubscribe.stop': 'Stop these emails',
} as const;
