import type { LoginBody, LoginResponse } from '@playrep/contracts';
import { api, isApiError } from '../../../lib/api-client';
import { LOGIN_MESSAGES } from '../messages';

/**
 * `POST /api/auth/login`. The token in the body is ignored: the httpOnly cookie carries it.
 * The answer is not checked against the schema here on purpose: a missing or unknown role must
 * still lead back to the login screen (spec section 2), which `sessionFromSignIn` decides.
 */
export function login(body: LoginBody): Promise<LoginResponse> {
  // A 401 here means wrong credentials, not an ended session.
  return api.post<LoginResponse>('/auth/login', body, { skipSessionExpiry: true });
}

/** The server's message when it sent one; 'Login failed.' otherwise; no answer at all is unexpected. */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.kind !== 'http') return LOGIN_MESSAGES.unexpected;
  return error.fromServer ? error.message : LOGIN_MESSAGES.loginFailed;
}
