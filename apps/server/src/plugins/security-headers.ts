import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  // Served over plain http on localhost by default: HSTS is added per request, when it came over
  // https (see transportHeaders).
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

export function registerRequestHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => setRequestHeaders(request, reply));
}

/** The security headers as `Name: value` lines, for answers written straight to the socket. */
function securityHeaderLines(): string[] {
  const lines: string[] = [];
  const collect = {
    setHeader(name: string, value: string | number | readonly string[]) {
      lines.push(`${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`);
    },
    removeHeader() {},
  };
  helmet(SECURITY_HEADERS)({} as IncomingMessage, collect as unknown as ServerResponse, () => {});
  return lines;
}

let socketHeaderLines: string[] | undefined;

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
  socketHeaderLines ??= securityHeaderLines();
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    ...socketHeaderLines,
  ];
  if (socket.writable) socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  else socket.destroy();
}
