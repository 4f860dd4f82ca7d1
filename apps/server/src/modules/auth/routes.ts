import {
  LoginBody,
  LoginResponse,
  LogoutResponse,
  SESSION_COOKIE,
  SESSION_EXPIRED_MESSAGE,
  SessionResponse,
  SIGNED_OUT_MESSAGE,
  SignupBody,
  SignupResponse,
  UserAuthParams,
  UserAuthResponse,
} from '@playrep/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/http-error.js';
import { resolveInScope } from '../../plugins/scope.js';
import { presentedSessionTokens, registerSession, sessionTokenOf } from '../../plugins/session.js';
import { createAccount, toAuthUser } from './accounts.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { revokeSessionsByToken } from './sessions.js';
import { recordMalformedSignIn, signIn } from './sign-in.js';

/** Route hook: 401 before anything else (validation included) when there is no live session. */
async function sessionRequired(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthorized(SESSION_EXPIRED_MESSAGE);
}

/** /api/auth/*: sign-in, the current session, sign-out, a user by id (in scope) and signup. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSession(app);

  // attachValidation: a malformed body still counts towards the per-address limit before its 400.
  app.post(
    '/login',
    { attachValidation: true, schema: { body: LoginBody, response: { 200: LoginResponse } } },
    async (request, reply) => {
      if (request.validationError) {
        await recordMalformedSignIn(app.db, { body: request.body, address: request.ip, now: app.clock.now() });
        throw request.validationError;
      }
      const result = await signIn(app.db, { ...request.body, address: request.ip, now: app.clock.now() });
      setSessionCookie(request, reply, result.token);
      return result;
    },
  );

  app.get('/session', { schema: { response: { 200: SessionResponse } } }, async (request, reply) => {
    if (!request.auth) {
      // A stale cookie is of no further use: drop it along with the 401.
      if (request.cookies?.[SESSION_COOKIE] !== undefined) clearSessionCookie(request, reply);
      throw unauthorized(SESSION_EXPIRED_MESSAGE);
    }
    const user = toAuthUser({ ...request.auth, id: request.auth.accountId });
    return { token: sessionTokenOf(request)!, user, roles: user.roles, expiresAt: request.auth.expiresAt.toISOString() };
  });

  // Signing out always succeeds: whatever session the request carries is revoked on the server.
  const logout = async (request: FastifyRequest) => {
    await revokeSessionsByToken(app.db, presentedSessionTokens(request), app.clock.now());
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/logout',
      config: { changesState: true },
      schema: { response: { 200: LogoutResponse } },
      handler: async (request, reply) => {
        await logout(request);
        clearSessionCookie(request, reply);
        return { message: SIGNED_OUT_MESSAGE };
      },
    });
  }

  app.get(
    '/userauth/:id',
    { onRequest: sessionRequired, schema: { params: UserAuthParams, response: { 200: UserAuthResponse } } },
    async (request) => {
      const auth = request.auth!;
      const account = await resolveInScope(app.db, auth.accountId, request.params.id, 'id');
      return { data: toAuthUser(account) };
    },
  );

  app.post(
    '/signup',
    { onRequest: sessionRequired, schema: { body: SignupBody, response: { 201: SignupResponse } } },
    async (request, reply) => {
      const auth = request.auth!;
      const user = await createAccount(app.db, { id: auth.accountId, role: auth.role }, request.body, {
        reservedUsernames: [app.env.HOUSE_USERNAME],
      });
      return reply.status(201).send({ message: 'Account created.', user });
    },
  );
};
