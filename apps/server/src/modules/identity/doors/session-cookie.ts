import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '@playrep/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Whether the sign-in cookies are marked Secure: always with COOKIE_SECURE=1 (behind a TLS proxy
 * that is not trusted, the server cannot tell), otherwise when the request came over https, as it
 * reached us or as a trusted proxy says with X-Forwarded-Proto (TRUST_PROXY).
 */
export function cookieIsSecure(request: FastifyRequest): boolean {
  return request.server.env.COOKIE_SECURE === '1' || request.protocol === 'https';
}

/**
 * The session cookie: httpOnly (no script reads it), SameSite=Strict (never sent from another
 * site), whole site, 30 minutes, Secure as cookieIsSecure says.
 */
function cookieOptions(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'strict', path: '/', secure: cookieIsSecure(request) } as const;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_TTL_SECONDS });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}
