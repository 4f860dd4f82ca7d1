import { SESSION_COOKIE, SESSION_EXPIRED_MESSAGE, SIGNED_OUT_MESSAGE } from '@playrep/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicUrl } from '../../../config/env.js';
import { unauthorized } from '../../../lib/http-error.js';
import type { EndpointHandlers } from '../../../plugins/endpoints.js';
import { presentedSessionTokens } from '../gate/request-session.js';
import { sessionGateOf, setupRequired } from '../gate/two-step-requirement.js';
import { recordMalformedSignIn, signIn, signOut, useSignInLink } from './commands.js';
import { deviceKeyOf, presentedDevice, setDeviceCookie } from './device-cookies.js';
import { forgotPassword } from './forgot.js';
import { linkInfo, sessionAnswer } from './present.js';
import { usableLink } from './queries.js';
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
    const tokens = presentedSessionTokens(request);
    await signOut(app.db, { tokens, accountId: request.auth?.accountId ?? null, now: app.clock.now(), request });
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
      return sessionAnswer(request.auth, await setupRequired(app, { _id: request.auth.accountId, role: request.auth.role }));
    },

    logout,
    logoutLink: logout,

    linkInfo: async (request) => linkInfo(await usableLink(app.db, request.body.token, app.clock.now())),

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
