import { api, isApiError } from '../../../lib/api-client';
import type { SignInResult } from '../../../lib/session';
import { LOGIN_MESSAGES } from '../messages';

export interface LoginBody {
  username: string;
  password: string;
}

/** `POST /api/auth/login`: the token in the body is ignored, the httpOnly cookie carries it. */
export type LoginResult = SignInResult & { token?: unknown };

export function login(body: LoginBody): Promise<LoginResult> {
  // A 401 here means wrong credentials, not an ended session.
  return api.post<LoginResult>('/auth/login', body, { skipSessionExpiry: true });
}

/** The server's message when it sent one; 'Login failed.' otherwise; no answer at all is unexpected. */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.kind !== 'http') return LOGIN_MESSAGES.unexpected;
  return error.fromServer ? error.message : LOGIN_MESSAGES.loginFailed;
}
