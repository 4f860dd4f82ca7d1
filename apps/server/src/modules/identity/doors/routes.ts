import { SESSION_COOKIE, SESSION_EXPIRED_MESSAGE, SIGNED_OUT_MESSAGE } from '@playrep/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../../lib/http-error.js';
import type { EndpointHandlers } from '../../../plugins/endpoints.js';
import { resolveInScope } from '../../../plugins/scope.js';
import { presentedSessionTokens } from '../../../plugins/session.js';
import { recordSignOut } from '../../activity/sign-in.js';
import { twoStepForSignIn } from '../gate/two-step-requirement.js';
import { createAccount, toAuthUser } from '../manage/accounts.js';
import { deviceKeyOf, presentedDevice, setDeviceCookie } from './device-cookies.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { revokeSessionsByToken } from '../gate/sessions.js';
import { recordMalformedSignIn, signIn } from './password.js';

type AuthCall = 'login' | 'session' | 'logout' | 'logoutLink' | 'userAuth' | 'signup';

/** /api/auth/*: sign-in, the current session, sign-out, a user by id (in scope) and signup. */
export function authHandlers(app: FastifyInstance): EndpointHandlers<AuthCall> {
  const deviceKey = deviceKeyOf(app.db);
  const twoStep = twoStepForSignIn(app);
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
          const userAgent = request.headers['user-agent'];
          await recordMalformedSignIn(app.db, { body: request.body, address: request.ip, now: app.clock.now(), userAgent });
          throw request.validationError;
        }
        const key = await deviceKey();
        const result = await signIn(app.db, {
          ...request.body,
          address: request.ip,
          now: app.clock.now(),
          deviceOf: (accountId) => presentedDevice(request, key, accountId),
          presentedSessions: presentedSessionTokens(request),
          userAgent: request.headers['user-agent'],
          secondStep: twoStep.secondStep,
        });
        setSessionCookie(request, reply, result.token);
        setDeviceCookie(request, reply, key, result.user._id);
        return { ...result, ...(await twoStep.setupRequired(result.user)) };
      },
    },

    session: async (request, reply) => {
      if (!request.auth) {
        // A stale cookie is of no further use: drop it along with the 401.
        if (request.cookies?.[SESSION_COOKIE] !== undefined) clearSessionCookie(request, reply);
        throw unauthorized(SESSION_EXPIRED_MESSAGE);
      }
      const user = toAuthUser({ ...request.auth, id: request.auth.accountId });
      return { user, roles: user.roles, expiresAt: request.auth.expiresAt.toISOString(), ...(await twoStep.setupRequired(user)) };
    },

    logout,
    logoutLink: logout,

    userAuth: async (request) => {
      const auth = request.auth!;
      const account = await resolveInScope(app.db, auth.accountId, request.params.id, 'id');
      return { data: toAuthUser(account) };
    },

    signup: async (request, reply) => {
      const auth = request.auth!;
      const user = await createAccount(app.db, { id: auth.accountId, role: auth.role }, request.body, {
        reservedUsernames: [app.env.HOUSE_USERNAME],
      });
      return reply.status(201).send({ message: 'Account created.', user });
    },
  };
}
