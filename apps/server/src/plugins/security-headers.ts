import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The security headers of every answer, as helmet writes them (computed once, below). */
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
  // Served over plain http on localhost by default: HSTS is added per request, when it came over
  // https (see transportHeaders).
  strictTransportSecurity: false,
} satisfies HelmetOptions;

/**
 * The headers helmet writes for SECURITY_HEADERS, as name and value, taken once from helmet itself:
 * none depends on the request, and building helmet's middleware per request (as @fastify/helmet
 * does) cost more than all the other hooks of a report call together (bench/README.md,
 * "Per-request overhead at c=32").
 */
const SECURITY_HEADER_PAIRS: readonly (readonly [string, string])[] = (() => {
  const pairs: [string, string][] = [];
  const collect = {
    setHeader(name: string, value: string | number | readonly string[]) {
      pairs.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader() {},
  };
  helmet(SECURITY_HEADERS)({} as IncomingMessage, collect as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return pairs;
})();

/** Sets the security headers on a raw response: every answer, and those Fastify gives before any hook runs. */
export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of SECURITY_HEADER_PAIRS) res.setHeader(name, value);
}

/** One year; sent only on answers to requests that came over https. */
const HSTS = 'max-age=31536000';

/**
 * Headers that depend on the request: `Cache-Control: no-store` on every /api answer (none is
 * for a cache: they are per user, and the session's), HSTS when the request came over https (as
 * the request reached us, or as a trusted proxy says with X-Forwarded-Proto; see TRUST_PROXY).
 * Set before anything else runs, so error answers carry them too; a handler may still override.
 */
export function setRequestHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const pathname = request.url.split('?')[0] ?? '';
  if (pathname === '/api' || pathname.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
}

/** The security headers and the request's own on every answer, set before anything else runs. */
export function registerAnswerHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(reply.raw);
    setRequestHeaders(request, reply);
    done();
  });
}

/** The security headers as `Name: value` lines, for answers written straight to the socket. */
const SOCKET_HEADER_LINES = SECURITY_HEADER_PAIRS.map(([name, value]) => `${name}: ${value}`);

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a malformed request line or
 * header, headers too large, a request that never completes): answered like every other error,
 * JSON `{ message }` with the security headers, then the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A connection reset by the other side: nobody is left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'Malformed request: it is not valid HTTP'];
  const body = JSON.stringify({ message });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    ...SOCKET_HEADER_LINES,
  ];
  if (socket.writable) socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  else socket.destroy();
}
