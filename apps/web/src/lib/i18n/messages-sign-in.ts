import { FIELD_LABELS, TWO_STEP_MESSAGES } from '@playrep/contracts';

/**
 * The English texts a person meets before signing in: the sign-in page, the language choice, the
 * app's loading screen. A module apart from the app's texts (messages-app.ts) so that the sign-in
 * page carries only its own (its JavaScript budget, docs/decisions/0021-languages.md). They are
 * plain text, shown without the message formatter. The login form's messages keep their own
 * constants (features/auth): the page translates them by their text (`signInText`).
 */
export const EN_SIGN_IN = {
  'language.label': 'Language',
  'login.title': 'Login',
  'login.documentTitle': 'Login | Playrep Back Office',
  'login.username': FIELD_LABELS.login.username,
  'login.password': FIELD_LABELS.login.password,
  'login.code': FIELD_LABELS.login.code,
  'login.captcha': 'Captcha',
  'login.remember': 'Remember Me',
  'login.submit': 'Login',
  'login.submitting': 'Login...',
  'login.forgot': 'Forgot password?',
  // The server's answers that open the code field (it sends them in the asked language).
  'login.codeNeeded': TWO_STEP_MESSAGES.codeNeeded,
  'login.wrongCode': TWO_STEP_MESSAGES.wrongCode,
  'login.showPassword': 'Show or hide password',
  'login.usernameRequired': 'Please Provide Login ID.',
  'login.passwordRequired': 'Please Provide Password.',
  'login.captchaRequired': 'Please Provide Captcha Text from Image Invalid Captcha.',
  'login.captchaFailed': 'Captcha verification failed.',
  'login.credentialsRequired': 'Username and password are required.',
  'login.failed': 'Login failed.',
  'login.unexpected': 'An error occurred during login.',
  'login.success': 'Login successful!',
  'login.logoutFailed': 'Logout failed.',
  'login.sessionExpired': 'Your session has expired. Please sign in again.',
  'location.unsupported': 'Your browser does not support geolocation.',
  'location.denied': 'Location access is blocked. Please enable it in browser settings.',
  'location.unavailable': 'Location is unavailable. Please check your GPS or internet connection.',
  'location.timeout': 'Location request timed out. Please try again.',
  'location.unknown': 'Unknown error occurred while fetching location.',
  // Without a network (lib/offline-text.ts): calls that need the server, reports kept on the device.
  'offline.needsConnection': 'This needs a connection.',
  'offline.nothingKept': 'You are offline, and this report has not been kept on this device. This needs a connection.',
  'offline.figuresAsOf': 'You are offline: figures as of {asOf}',
  'boot.loading': 'Loading...',
  'boot.loadError': 'The app could not be loaded. Please check your connection and reload the page.',
} as const;

export type SignInMessageId = keyof typeof EN_SIGN_IN;
