import { AUTH_CALLS, type CallBodyInput, type CallResponse } from '@playrep/contracts';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { LOGIN_MESSAGES } from '../components/messages';

/**
 * `POST /api/auth/login`. The token in the body is ignored: the httpOnly cookie carries it.
 * The answer is not checked against the schema here on purpose: a missing or unknown role must
 * still lead back to the login screen (docs/screens.md, Sign-in), which `sessionFromSignIn` decides.
 */
export function login(body: CallBodyInput<'login'>): Promise<CallResponse<'login'>> {
  const { path, method } = AUTH_CALLS.login;
  // A 401 here means wrong credentials, not an ended session.
  return apiRequest<CallResponse<'login'>>(path, { method, body, skipSessionExpiry: true });
}

/** The server's message when it sent one; 'Login failed.' otherwise; no answer at all is unexpected (offline: a connection is needed). */
export function loginErrorMessage(error: unknown): string {
  // Offline the form is not sent: 'This needs a connection.'
  if (isApiError(error) && error.kind === 'offline') return error.message;
  if (!isApiError(error) || error.kind !== 'http') return LOGIN_MESSAGES.unexpected;
  return error.fromServer ? error.message : LOGIN_MESSAGES.loginFailed;
}
