import { SESSION_EXPIRED_MESSAGE } from '@playrep/contracts';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './http-error.js';

/**
 * The caller of a report call, for the hooks after the scope guard (plugins/scope.ts): the guard
 * refused a request without a session, so this refuses the same way rather than assume it.
 */
export function reportCaller(request: FastifyRequest): NonNullable<FastifyRequest['auth']> {
  if (!request.auth) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  return request.auth;
}
