import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { preloadLinks, readPagePreloads } from './page-preloads.js';

/**
 * Serves the built web app: its files as they are, and its index.html for every other non-API
 * GET (client routes). Unknown /api paths stay 404 JSON, and so does a missing file: anything
 * under /assets/ or whose last segment has an extension (`/favicon.ico`) is a file request, never
 * a client route, and must not get index.html with 200 (a stale hashed bundle would run as HTML).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | null,
  options: { sourceMaps: boolean } = { sourceMaps: false },
): Promise<void> {
  const hasBuild = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  if (hasBuild && !options.sourceMaps) {
    // Source maps (`*.map`) would hand out the app's sources: a missing file, whatever the build holds.
    app.addHook('onRequest', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname.endsWith('.map')) return reply.status(404).send({ message: 'Not found' });
    });
  }
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const notFound = (method: string, pathname: string) => {
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    return { message: isApi ? `No such API route: ${method} ${pathname}` : 'Not found' };
  };

  // A real route (not the not-found handler) so that compression and the other hooks apply.
  if (hasBuild) {
    const dist = webDist;
    app.get('/*', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/') || isFileRequest(pathname)) {
        return reply.status(404).send(notFound('GET', pathname));
      }
      reply.header('Cache-Control', 'no-cache').type('text/html');
      // Read at each request, as the file itself was: a rebuild under a running server is served at once.
      const preloads = readPagePreloads(dist);
      const links = preloads ? preloadLinks(preloads, pathname) : '';
      if (!links) return reply.sendFile('index.html');
      const html = await readFile(path.join(dist, 'index.html'), 'utf8');
      return reply.send(html.replace('</head>', `  ${links}\n  </head>`));
    });
  }
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(notFound(request.method, request.url.split('?')[0] ?? '/'));
  });
}

/** A path that names a file (under /assets/, or an extension on its last segment), not a client route. */
export function isFileRequest(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return pathname.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(last);
}
