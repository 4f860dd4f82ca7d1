import { isRole, SESSION_COOKIE, SESSION_EXPIRED_MESSAGE } from '@playrep/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/http-error.js';
import { findLiveSession } from '../modules/identity/gate/sessions.js';
import { looksLikeSessionToken } from '../modules/identity/gate/tokens.js';
import type { AuthContext } from './context.js';

/**
 * Reads the session into request.auth: the token comes from `Authorization: Bearer <token>` or
 * the `session-token` cookie; the session must be unexpired and unrevoked and its account active
 * (checked on every request, so deactivating an account ends its sessions at once).
 * request.auth stays null otherwise; the guards decide what that means (401 or public route).
 */
export function registerSession(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.auth = null;
    for (const token of presentedSessionTokens(request)) {
      const live = await findLiveSession(app.db, token, app.clock.now());
      if (!live || !isRole(live.role)) continue;
      request.auth = {
        accountId: live.accountId,
        username: live.username,
        role: live.role,
        firstName: live.firstName,
        lastName: live.lastName,
        parentId: live.parentId,
        sessionId: live.sessionId,
        expiresAt: live.expiresAt,
      } satisfies AuthContext;
      return;
    }
  });
}

/** Well-formed tokens the request carries, Bearer first, then the cookie. */
export function presentedSessionTokens(request: FastifyRequest): string[] {
  const tokens: string[] = [];
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  if (looksLikeSessionToken(bearer)) tokens.push(bearer);
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (looksLikeSessionToken(cookie) && cookie !== bearer) tokens.push(cookie);
  return tokens;
}

/** The caller's session on a call that needs one (its access is 'session' or 'report'): the guards checked it. */
export function sessionOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  return request.auth;
}
