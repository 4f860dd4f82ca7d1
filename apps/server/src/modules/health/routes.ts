import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthResponse = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) });
const Unavailable = z.object({ message: z.string(), db: z.enum(['pglite', 'postgres']) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: HealthResponse, 503: Unavailable } } }, async (request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ok' as const, db: app.database.kind };
    } catch (err) {
      request.log.warn({ err }, 'health check: database unreachable');
      return reply.status(503).send({ message: 'The database cannot be reached', db: app.database.kind });
    }
  });
};
