import { FEED_JSON_REQUIRED_MESSAGE, FEED_MAX_BYTES } from '@playrep/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import type { EndpointHandlers } from '../../plugins/endpoints.js';
import { recordBatchRefused } from '../activity/feed.js';
import { requireFeedKey } from './auth.js';
import { applyFeedBatch } from './batch.js';
import { feedEventCheck } from './event-check.js';
import { touchFeedKey } from './keys.js';
import { FeedBatchRefused } from './refusal.js';
import { feedStatus } from './status.js';

/**
 * /api/feed/v1 (docs/domain.md, "Data from the game platform"). The body schema of `feedEvents`
 * documents the batch; applyFeedBatch checks it, in slices so that other requests are answered
 * meanwhile, and lists every invalid event in the 422.
 */
export function feedHandlers(app: FastifyInstance): EndpointHandlers<'feedEvents' | 'feedEvent' | 'feedStatus'> {
  return {
    feedEvents: {
      options: { bodyCheckedByHandler: true, bodyLimit: FEED_MAX_BYTES, onRequest: requireJson },
      handler: async (request, reply) => {
        const key = requireFeedKey(request);
        const body = request.body as unknown;
        const events = typeof body === 'object' && body !== null ? (body as { events?: unknown }).events : undefined;
        const batch = { keyId: key.id, now: app.clock.now(), address: request.ip, userAgent: request.headers['user-agent'] };
        try {
          return await applyFeedBatch(app.db, { ...batch, events });
        } catch (err) {
          if (err instanceof FeedBatchRefused) {
            await recordBatchRefused(app.db, batch, err.statusCode, err.body.message);
            return reply.status(err.statusCode).send(err.body);
          }
          if (err instanceof HttpError) await recordBatchRefused(app.db, batch, err.statusCode, err.message);
          throw err;
        }
      },
    },
    feedEvent: async (request) => {
      const key = requireFeedKey(request);
      return feedEventCheck(app.db, key.id, request.params.id);
    },
    feedStatus: async (request) => {
      const key = requireFeedKey(request);
      await touchFeedKey(app.db, key.id, app.clock.now());
      return feedStatus(app.db, key.id);
    },
  };
}

/**
 * A batch is JSON: any other content type, or none, is refused with 415 before the body is read
 * (once the feed key is checked), instead of being read as text and found not to be a batch.
 */
async function requireJson(request: FastifyRequest): Promise<void> {
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') throw new HttpError(415, FEED_JSON_REQUIRED_MESSAGE);
}
