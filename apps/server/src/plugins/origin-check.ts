import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/http-error.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const ORIGIN_REFUSED_MESSAGE = 'Request refused: it came from a page of another site.';

/**
 * Cross-site request check for state-changing calls (POST, PUT, PATCH, DELETE, and routes marked
 * `config.changesState`, such as GET /api/auth/logout): when the browser sends an Origin header
 * it must be the server's own origin (scheme + host as the request reached us, proxy headers only
 * when TRUST_PROXY says so) or one listed in ALLOWED_ORIGINS. Without Origin (a GET from a link
 * or an image sends none), `Sec-Fetch-Site: cross-site` is refused; requests with neither header
 * (curl, older browsers) pass, and the SameSite=Strict cookie covers the rest.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  const allowed = new Set(
    app.env.ALLOWED_ORIGINS.split(',')
      .map((entry) => normalizeOrigin(entry.trim()))
      .filter((origin): origin is string => origin !== null),
  );
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) && !request.routeOptions.config?.changesState) return;
    const origin = request.headers.origin;
    if (origin === undefined) {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(ORIGIN_REFUSED_MESSAGE);
      return;
    }
    const presented = normalizeOrigin(origin);
    if (presented !== null && (presented === ownOrigin(request) || allowed.has(presented))) return;
    throw forbidden(ORIGIN_REFUSED_MESSAGE);
  });
}

function ownOrigin(request: FastifyRequest): string | null {
  return normalizeOrigin(`${request.protocol}://${request.host}`);
}

/** `scheme://host[:port]` in canonical form (lower case, default port dropped); null when not an origin ("null", junk). */
function normalizeOrigin(value: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}
