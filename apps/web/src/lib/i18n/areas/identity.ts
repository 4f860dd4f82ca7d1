/**
 * The English texts of the identity screens (features/identity), by message ID in ICU message format;
 * their Hindi is in identity-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_IDENTITY = {
  // Roles, as the pages name them (the role's code).
  'identity.role.superadmin': 'superadmin',
  'identity.role.admin': 'admin',
  'identity.role.superareamanager': 'superareamanager',
  'identity.role.areamanager': 'areamanager',
  'identity.role.master': 'master',
  'identity.role.player': 'player',
  'identity.goToSignIn': 'Go to the sign-in page',

  // A new password (components/NewPasswordFields)
  'identity.password.again': '{password} again',
  'identity.password.toggle': 'Toggle password visibility',
  'identity.password.strongEnough': 'Strong enough.',
  'identity.password.differ': 'The two entries differ.',
  'identity.password.tooShort': 'It must be at least 8 characters long.',
  'identity.password.tooLong': 'It must be at most 128 characters long.',
  'identity.password.noLetter': 'It must contain at least one letter.',
  'identity.password.noDigit': 'It must contain at least one digit.',
  'identity.password.hasUsername': 'It must not contain your username.',
  'identity.password.tooWeak': 'Too weak: It is too easy to guess.',

  // Two-step sign-in (TwoStepPage, TwoStepSection)
  'identity.twoStep.documentTitle': 'Two-step sign-in | Playrep Back Office',
  'identity.twoStep.title': 'Two-step sign-in',
  'identity.twoStep.toReports': 'Go to your reports',
  'identity.twoStep.on': 'On',
  'identity.twoStep.off': 'Off',
  'identity.twoStep.codesLeft': 'Recovery codes left: {count}',
  'identity.twoStep.required': 'Your role must use two-step sign-in.',
  'identity.twoStep.setUp': 'Set up two-step sign-in',
  'identity.twoStep.needsSecret': 'Two-step sign-in needs {setting} to be set on the server.',
  'identity.twoStep.scan': 'Scan this code with an authenticator app, or type the key into it, then enter the code it shows.',
  'identity.twoStep.qrCode': 'QR code of the key',
  'identity.twoStep.key': 'Key: {key}',
  'identity.twoStep.turnOn': 'Turn on',
  'identity.twoStep.turnOff': 'Turn off',
  'identity.twoStep.newCodes': 'New recovery codes',
  'identity.twoStep.yourCodes': 'Your recovery codes (shown only now):',
  'identity.twoStep.codes': 'Recovery codes',

  // Accounts (AccountsPage)
  'identity.accounts.any': 'Any',
  'identity.accounts.actions': 'Actions',
  'identity.accounts.until': '{state} (until {time})',
  'identity.accounts.issueLinkOf': 'Issue a sign-in link for {username}',
  'identity.accounts.issueLink': 'Issue link',
  'identity.accounts.unblockOf': 'Unblock {username}',
  'identity.accounts.unblock': 'Unblock',
  'identity.accounts.blockOf': 'Block {username}',
  'identity.accounts.block': 'Block',
  'identity.accounts.clearTwoStepOf': 'Clear two-step of {username}',
  'identity.accounts.clearTwoStep': 'Clear two-step',
  'identity.accounts.noLinkIssued': 'Every account below yours already has a password: no link was issued.',
  'identity.accounts.linksIssued':
    '{count, plural, one {{n} sign-in link} other {{n} sign-in links}} issued and saved as a CSV file. Each works once, and replaces any earlier link of its account.',
  'identity.accounts.bulkLinks': 'Links for every account without a password (CSV)',
  'identity.accounts.bulkLinksOfRole': 'Links for every account without a password ({role}) (CSV)',
  'identity.accounts.linkOf': 'Sign-in link for {username}',
  'identity.accounts.clearQuestion':
    'Clear the two-step sign-in of {username}? It then signs in with its password alone, and may set two-step up again from its account page.',
  'identity.accounts.cancel': 'Cancel',
  'identity.accessState.noPassword': 'No password yet',
  'identity.accessState.linkSent': 'Link sent',
  'identity.accessState.active': 'Active',
  'identity.accessState.blocked': 'Blocked',
  'identity.accessState.inactive': 'Inactive on the platform',

  // A sign-in link's page (WelcomePage)
  'identity.welcome.documentTitle': 'Welcome | Playrep Back Office',
  'identity.welcome.title': 'Welcome to Playrep',
  'identity.welcome.resetTitle': 'Choose a new password',
  'identity.welcome.form': 'Choose your password',
  'identity.welcome.account': 'Account: {username}',
  'identity.welcome.invitedBy': ' · invited by {username}',
  'identity.welcome.submit': 'Set password and sign in',
  'identity.welcome.codeAsked':
    'Your new password is set for {username}. Two-step sign-in is on for this account: enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  'identity.welcome.code': 'Two-step code',
  'identity.welcome.signIn': 'Sign in',

  // Forgot password (ForgotPasswordPage)
  'identity.forgot.documentTitle': 'Forgot password | Playrep Back Office',
  'identity.forgot.title': 'Forgot password',
  'identity.forgot.submit': 'Send me a link',
  'identity.forgot.back': 'Back to sign in',
} as const;
