import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '@playrep/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session cookie: httpOnly (no script reads it), SameSite=Strict (never sent from another
 * site), whole site, 30 minutes, Secure when the request reached us over https.
 */
function cookieOptions(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'strict', path: '/', secure: request.protocol === 'https' } as const;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_TTL_SECONDS });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}
