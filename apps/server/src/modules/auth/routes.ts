import { SESSION_COOKIE, SESSION_EXPIRED_MESSAGE, SIGNED_OUT_MESSAGE } from '@playrep/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/http-error.js';
import type { EndpointHandlers } from '../../plugins/endpoints.js';
import { resolveInScope } from '../../plugins/scope.js';
import { presentedSessionTokens } from '../../plugins/session.js';
import { createAccount, toAuthUser } from './accounts.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { revokeSessionsByToken } from './sessions.js';
import { recordMalformedSignIn, signIn } from './sign-in.js';

type AuthCall = 'login' | 'session' | 'logout' | 'logoutlink' | 'userauth' | 'signup';

/** /api/auth/*: sign-in, the current session, sign-out, a user by id (in scope) and signup. */
export function authHandlers(app: FastifyInstance): EndpointHandlers<AuthCall> {
  // Signing out always succeeds: whatever session the request carries is revoked on the server.
  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    await revokeSessionsByToken(app.db, presentedSessionTokens(request), app.clock.now());
    clearSessionCookie(request, reply);
    return { message: SIGNED_OUT_MESSAGE };
  };

  return {
    // attachValidation: a malformed body still counts towards the per-address limit before its 400.
    login: {
      options: { attachValidation: true },
      handler: async (request, reply) => {
        if (request.validationError) {
          await recordMalformedSignIn(app.db, { body: request.body, address: request.ip, now: app.clock.now() });
          throw request.validationError;
        }
        const result = await signIn(app.db, { ...request.body, address: request.ip, now: app.clock.now() });
        setSessionCookie(request, reply, result.token);
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
      return { user, roles: user.roles, expiresAt: request.auth.expiresAt.toISOString() };
    },

    logout,
    logoutlink: logout,

    userauth: async (request) => {
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
