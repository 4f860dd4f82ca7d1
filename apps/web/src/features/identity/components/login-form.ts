import { LOGIN_MESSAGES } from './messages';

/** The login form's rules (docs/screens.md, Sign-in), kept apart from the component so they read plainly. */

export type LoginField = 'username' | 'password' | 'captcha';
export type LoginValues = Record<LoginField, string>;

const REQUIRED_MESSAGE: Record<LoginField, string> = {
  username: LOGIN_MESSAGES.usernameRequired,
  password: LOGIN_MESSAGES.passwordRequired,
  captcha: LOGIN_MESSAGES.captchaRequired,
};

/** On blur: each field is required. */
export function validateField(field: LoginField, value: string): string | null {
  const empty = field === 'password' ? value === '' : value.trim() === '';
  return empty ? REQUIRED_MESSAGE[field] : null;
}

export type SubmitCheck = { ok: true; username: string; password: string } | { ok: false; message: string };

/** On submit: the captcha first, then both credentials. The username is trimmed, the password is not. */
export function checkSubmit(values: LoginValues, shownCaptcha: string): SubmitCheck {
  if (values.captcha.trim() !== shownCaptcha) return { ok: false, message: LOGIN_MESSAGES.captchaFailed };
  const username = values.username.trim();
  if (username === '' || values.password === '') return { ok: false, message: LOGIN_MESSAGES.credentialsRequired };
  return { ok: true, username, password: values.password };
}
