/**
 * Two-step sign-in's answers, in a module without zod: the sign-in page, which loads no schema
 * code, shows the code field when the server answers `codeNeeded`. Word for word (docs/screens.md,
 * Account: Two-step sign-in).
 */
export const TWO_STEP_MESSAGES = {
  /** The 401 of a sign-in with the right password and no code: the page then asks for the code. */
  codeNeeded: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  wrongCode: 'That code is not valid, or it was used already. Enter the current code from your authenticator app.',
  /** 429 after too many wrong codes for one account (docs/access.md, "One gate for every way in", Codes). */
  tooManyCodes: 'Too many wrong codes. Please wait and try again.',
  on: 'Two-step sign-in is on. Keep your recovery codes somewhere safe: each works once, in place of a code.',
  off: 'Two-step sign-in is off.',
  newRecoveryCodes: 'New recovery codes are ready. Your old ones no longer work: keep these somewhere safe.',
  alreadyOn: 'Two-step sign-in is on already. Turn it off first to set it up again.',
  notSettingUp: 'Start the set-up first: there is no key waiting for its first code.',
  notOn: 'Two-step sign-in is not on.',
  unavailable: 'Two-step sign-in needs SECRET_KEY to be set on the server. Ask your administrator.',
  cleared: (username: string) =>
    `Two-step sign-in of ${username} is cleared: it signs in with its password and may set it up again.`,
  nothingToClear: (username: string) => `${username} has no two-step sign-in to clear.`,
  notOwn: 'Your own two-step sign-in is turned off on your account page, with a code.',
  setupRequired: 'Your role must use two-step sign-in: set it up on your account page before opening reports.',
} as const;
