import type { FastifyInstance } from 'fastify';
import type { DbKind } from '../../db/client.js';
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
        return reply.status(503).send({ message: unreachable(app.database.kind), db: app.database.kind });
      }
    },
  };
}

/** Says which database did not answer: the operator looks at PostgreSQL, or at the embedded one's folder. */
function unreachable(kind: DbKind): string {
  return `The database (${kind === 'postgres' ? 'PostgreSQL' : 'embedded'}) cannot be reached`;
}
