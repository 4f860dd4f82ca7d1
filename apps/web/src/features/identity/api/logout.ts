import { AUTH_CALLS } from '@playrep/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../../config/paths';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { clearAnswers } from '../../../lib/offline-answers';
import { endSession, getSessionState, showSessionNotice } from '../../../lib/session';
import { LOGIN_MESSAGES } from '../components/messages';

/** `POST /api/auth/logout`: revokes the session on the server and clears the cookie. */
export function logoutRequest(): Promise<unknown> {
  const { path, method } = AUTH_CALLS.logout;
  // A 401 means the session had already ended: signed out either way.
  return apiRequest(path, { method, skipSessionExpiry: true });
}

/**
 * Sign-out (docs/screens.md, Role area): local credentials are cleared at once and cached data dropped
 * (the answers kept on the device too), the user goes to the login screen, and if the server call
 * fails, 'Logout failed.' shows there.
 */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    endSession();
    queryClient.clear();
    // The report answers kept on the device go too, even offline (docs/deploy.md, "Installing the app").
    void clearAnswers();
    const request = logoutRequest();
    void navigate(LOGIN_PATH, { replace: true });
    try {
      await request;
    } catch (error) {
      const alreadySignedOut = isApiError(error) && error.status === 401;
      // Only if nobody signed in again meanwhile.
      if (!alreadySignedOut && !getSessionState().session) {
        showSessionNotice({ message: LOGIN_MESSAGES.logoutFailed });
      }
    }
  }, [navigate, queryClient]);

  return { logout, pending };
}
