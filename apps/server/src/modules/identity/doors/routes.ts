import { SESSION_COOKIE, SESSION_EXPIRED_MESSAGE, SIGNED_OUT_MESSAGE } from '@playrep/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicUrl } from '../../../config/env.js';
import { unauthorized } from '../../../lib/http-error.js';
import type { EndpointHandlers } from '../../../plugins/endpoints.js';
import { recordSignOut } from '../../activity/sign-in.js';
import { presentedSessionTokens } from '../gate/request-session.js';
import { revokeSessionsByToken } from '../gate/sessions.js';
import { sessionGateOf, setupRequired } from '../gate/two-step-requirement.js';
import { toAuthUser } from '../gate/users.js';
import { deviceKeyOf, presentedDevice, setDeviceCookie } from './device-cookies.js';
import { forgotPassword } from './forgot.js';
import { describeLink, useSignInLink } from './link.js';
import { recordMalformedSignIn, signIn } from './password.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';

type DoorCall = 'login' | 'session' | 'logout' | 'logoutLink' | 'linkInfo' | 'useLink' | 'forgotPassword';

/**
 * /api/auth/*: the doors into a session (gate/session-gate.ts DOORS lists them: the password, a sign-in link, a reset
 * link), the current session, the way out, and forgot password, which mails a reset link.
 */
export function doorHandlers(app: FastifyInstance): EndpointHandlers<DoorCall> {
  const deviceKey = deviceKeyOf(app.db);
  const gate = sessionGateOf(app);
  const origin = (request: FastifyRequest) => ({ address: request.ip, userAgent: request.headers['user-agent'] });
  /** A session the gate opened: its cookie, and the device cookie of the account for this browser. */
  const opened = async (request: FastifyRequest, reply: FastifyReply, token: string, accountId: string) => {
    setSessionCookie(request, reply, token);
    setDeviceCookie(request, reply, await deviceKey(), accountId);
  };
  // Signing out always succeeds: whatever session the request carries is revoked on the server.
  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const now = app.clock.now();
    const revoked = await revokeSessionsByToken(app.db, presentedSessionTokens(request), now);
    if (revoked > 0 && request.auth) await recordSignOut(app.db, request, request.auth.accountId, now);
    clearSessionCookie(request, reply);
    return { message: SIGNED_OUT_MESSAGE };
  };

  return {
    // attachValidation: a malformed body still counts towards the per-address limit before its 400.
    login: {
      options: { attachValidation: true },
      handler: async (request, reply) => {
        if (request.validationError) {
          await recordMalformedSignIn(app.db, { body: request.body, ...origin(request), now: app.clock.now() });
          throw request.validationError;
        }
        const key = await deviceKey();
        const result = await signIn(app.db, gate, {
          ...request.body,
          address: request.ip,
          now: app.clock.now(),
          deviceOf: (accountId) => presentedDevice(request, key, accountId),
          presentedSessions: presentedSessionTokens(request),
          userAgent: request.headers['user-agent'],
        });
        await opened(request, reply, result.token, result.user._id);
        return result;
      },
    },

    session: async (request, reply) => {
      if (!request.auth) {
        // A stale cookie is of no further use: drop it along with the 401.
        if (request.cookies?.[SESSION_COOKIE] !== undefined) clearSessionCookie(request, reply);
        throw unauthorized(SESSION_EXPIRED_MESSAGE);
      }
      const user = toAuthUser({ ...request.auth, id: request.auth.accountId });
      return { user, roles: user.roles, expiresAt: request.auth.expiresAt.toISOString(), ...(await setupRequired(app, user)) };
    },

    logout,
    logoutLink: logout,

    linkInfo: async (request) => describeLink(app.db, request.body.token, app.clock.now()),

    useLink: async (request, reply) => {
      const result = await useSignInLink(app.db, gate, {
        ...request.body,
        ...origin(request),
        now: app.clock.now(),
        presentedSessions: presentedSessionTokens(request),
      });
      await opened(request, reply, result.token, result.user._id);
      return result;
    },

    forgotPassword: async (request) => {
      const startedAt = performance.now();
      const message = await forgotPassword(app.db, {
        username: request.body.username,
        ...origin(request),
        now: app.clock.now(),
        publicUrl: publicUrl(app.env),
        startedAt,
      });
      return { message };
    },
  };
}
