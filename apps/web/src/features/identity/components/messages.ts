import { EN_SIGN_IN } from '../../../lib/i18n/messages-sign-in';

/**
 * Every text of the login screen and sign-out, exactly as docs/screens.md (Sign-in) gives them: the
 * English catalogue's (the page shows them in the chosen language by their text, `signInText`).
 */
export const LOGIN_MESSAGES = {
  usernameRequired: EN_SIGN_IN['login.usernameRequired'],
  passwordRequired: EN_SIGN_IN['login.passwordRequired'],
  captchaRequired: EN_SIGN_IN['login.captchaRequired'],
  captchaFailed: EN_SIGN_IN['login.captchaFailed'],
  credentialsRequired: EN_SIGN_IN['login.credentialsRequired'],
  loginFailed: EN_SIGN_IN['login.failed'],
  unexpected: EN_SIGN_IN['login.unexpected'],
  success: EN_SIGN_IN['login.success'],
  logoutFailed: EN_SIGN_IN['login.logoutFailed'],
} as const;

export const LOCATION_MESSAGES = {
  unsupported: EN_SIGN_IN['location.unsupported'],
  denied: EN_SIGN_IN['location.denied'],
  unavailable: EN_SIGN_IN['location.unavailable'],
  timeout: EN_SIGN_IN['location.timeout'],
  unknown: EN_SIGN_IN['location.unknown'],
} as const;

/** docs/screens.md, Sign-in: the move after a successful sign-in, and the first-load error, take 1 second. */
export const LOGIN_REDIRECT_DELAY_MS = 1000;
export const FIRST_LOAD_ERROR_MS = 1000;
