import type { FastifyInstance } from 'fastify';

/**
 * Reads the session (cookie `session-token` or `Authorization: Bearer`) into request.auth.
 * Placeholder until the auth module lands: nobody is signed in.
 */
export function registerSession(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}
