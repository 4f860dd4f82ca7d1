import { FEED_MAX_BYTES } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import type { EndpointHandlers } from '../../plugins/endpoints.js';
import { requireFeedKey } from './auth.js';
import { applyFeedBatch } from './batch.js';
import { touchFeedKey } from './keys.js';
import { FeedBatchRefused } from './refusal.js';
import { feedStatus } from './status.js';

/**
 * /api/feed/v1 (docs/domain.md, "Data from the game platform"). The body schema of `feedevents`
 * documents the batch; applyFeedBatch checks it, in slices so that other requests are answered
 * meanwhile, and lists every invalid event in the 422.
 */
export function feedHandlers(app: FastifyInstance): EndpointHandlers<'feedevents' | 'feedstatus'> {
  return {
    feedevents: {
      options: { bodyCheckedByHandler: true, bodyLimit: FEED_MAX_BYTES },
      handler: async (request, reply) => {
        const key = requireFeedKey(request);
        const body = request.body as unknown;
        const events = typeof body === 'object' && body !== null ? (body as { events?: unknown }).events : undefined;
        try {
          return await applyFeedBatch(app.db, { keyId: key.id, events, now: app.clock.now() });
        } catch (err) {
          if (err instanceof FeedBatchRefused) return reply.status(err.statusCode).send(err.body);
          throw err;
        }
      },
    },
    feedstatus: async (request) => {
      const key = requireFeedKey(request);
      await touchFeedKey(app.db, key.id, app.clock.now());
      return feedStatus(app.db, key.id);
    },
  };
}
