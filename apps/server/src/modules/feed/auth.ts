import { FEED_KEY_REQUIRED_MESSAGE, FEED_TOO_LARGE_MESSAGE } from '@playrep/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/http-error.js';
import { type FeedKeyRef, findLiveFeedKey } from './keys.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live feed key of a /api/feed call (set by the feed key hook). */
    feedKey: FeedKeyRef | null;
  }
}

/**
 * Deny by default for /api/feed/*: every request needs a live feed key as `Authorization: Bearer`,
 * checked before the body is read. A session (cookie or Bearer) opens nothing here, and a feed key
 * opens nothing elsewhere (it is not a session token): 401 both ways.
 */
export function registerFeedKeyAuth(scope: FastifyInstance): void {
  scope.decorateRequest('feedKey', null);
  // A batch over the body limit gets a message that says what the limit is; every other error
  // goes on to the application's handler.
  scope.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ message: FEED_TOO_LARGE_MESSAGE });
    throw error;
  });
  scope.addHook('onRequest', async (request) => {
    request.feedKey = null;
    const key = bearerOf(request);
    const found = key ? await findLiveFeedKey(scope.db, key) : null;
    if (!found) throw unauthorized(FEED_KEY_REQUIRED_MESSAGE);
    request.feedKey = found;
  });
}

export function requireFeedKey(request: FastifyRequest): FeedKeyRef {
  if (!request.feedKey) throw unauthorized(FEED_KEY_REQUIRED_MESSAGE);
  return request.feedKey;
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
}
