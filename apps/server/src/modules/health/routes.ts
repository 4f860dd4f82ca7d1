import type { FastifyInstance } from 'fastify';
import type { EndpointHandlers } from '../../plugins/endpoints.js';

export function healthHandlers(app: FastifyInstance): EndpointHandlers<'health'> {
  return {
    health: async (request, reply) => {
      try {
        await app.database.ping();
        const replicas = app.database.replicaStatus();
        return { status: 'ok' as const, db: app.database.kind, ...(replicas.length > 0 ? { replicas } : {}) };
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        return reply.status(503).send({ message: 'The database cannot be reached', db: app.database.kind });
      }
    },
  };
}
