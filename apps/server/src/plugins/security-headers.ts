import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** The security headers of every answer (through @fastify/helmet, and for framework errors below). */
export const SECURITY_HEADERS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // Mantine writes style attributes at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Served over plain http on localhost by default; HSTS only makes sense behind TLS.
  strictTransportSecurity: false,
} satisfies HelmetOptions;

const applyHelmet = helmet(SECURITY_HEADERS);

/**
 * Sets the security headers on a raw response. For the answers Fastify gives before any hook
 * runs (a URL it cannot decode), where @fastify/helmet's onRequest hook never sees the request.
 */
export function setSecurityHeaders(req: IncomingMessage, res: ServerResponse): void {
  applyHelmet(req, res, (err?: unknown) => {
    if (err) throw err;
  });
}
