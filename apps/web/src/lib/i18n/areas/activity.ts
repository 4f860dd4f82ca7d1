/**
 * The English texts of the activity screens (features/activity), by message ID in ICU message format;
 * their Hindi is in activity-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_ACTIVITY = {
  'activity.any': 'Any',
  'activity.entries': '{count, plural, one {{n} entry} other {{n} entries}}',
  'activity.moreThanEntries': 'More than {count, plural, one {{n} entry} other {{n} entries}}',

  // The kinds of entry (the contracts' ACTIVITY_KIND_LABELS)
  'activity.kind.signIn': 'Signed in',
  'activity.kind.signInFailed': 'Sign-in failed',
  'activity.kind.codeAsked': 'Password right, code asked',
  'activity.kind.wrongCode': 'Wrong two-step code',
  'activity.kind.signOut': 'Signed out',
  'activity.kind.passwordChanged': 'Password changed',
  'activity.kind.linkIssued': 'Sign-in link issued',
  'activity.kind.linkUsed': 'Sign-in link used',
  'activity.kind.linkRevoked': 'Sign-in link revoked',
  'activity.kind.emailSet': 'Email address set',
  'activity.kind.emailConfirmed': 'Email address confirmed',
  'activity.kind.twoStepOn': 'Two-step turned on',
  'activity.kind.twoStepOff': 'Two-step turned off',
  'activity.kind.twoStepCleared': 'Two-step cleared',
  'activity.kind.recoveryCodeUsed': 'Recovery code used',
  'activity.kind.recoveryCodesReplaced': 'New recovery codes',
  'activity.kind.accountCreated': 'Account created',
  'activity.kind.blocked': 'Blocked',
  'activity.kind.unblocked': 'Unblocked',
  'activity.kind.exportDownloaded': 'Export downloaded',
  'activity.kind.feedKeyCreated': 'Feed key created',
  'activity.kind.feedKeyRevoked': 'Feed key revoked',
  'activity.kind.feedBatchApplied': 'Feed batch applied',
  'activity.kind.feedBatchRefused': 'Feed batch refused',
  'activity.kind.mailDiscarded': 'Mail discarded',
  'activity.kind.mailPreviewed': 'Mail previewed',
} as const;
