import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RegisteredRoute {
  method: string;
  path: string;
}

const LINE = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route of the app, read from `app.printRoutes({ commonPrefix: false })` (Fastify keeps no
 * public route list once it is ready). Children print below their parent with the rest of their
 * path, so paths are rebuilt from the indentation; each result is checked with app.hasRoute, so
 * a change in the print format fails loudly instead of hiding routes. The HEAD route Fastify adds
 * for every GET is left out.
 */
export function listRoutes(app: FastifyInstance): RegisteredRoute[] {
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    if (line.trim() === '') continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`listRoutes: cannot read the route line "${line}"`);
    const depth = match[1]!.length / 4;
    let path = (stack[depth - 1] ?? '') + match[2]!;
    // A root wildcard prints without its slash ("*" for "/*").
    if (depth === 0 && !path.startsWith('/')) path = `/${path}`;
    stack.length = depth;
    stack.push(path);
    const methods = match[3]?.split(', ') ?? [];
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      if (!app.hasRoute({ method: method as HTTPMethods, url: path })) {
        throw new Error(`listRoutes: read ${method} ${path} from printRoutes, but the app has no such route`);
      }
      routes.push({ method, path });
    }
  }
  return routes;
}

/** The routes under /api/playrep (the ones the authorization matrix must cover). */
export function playrepRoutes(app: FastifyInstance): RegisteredRoute[] {
  return listRoutes(app).filter((r) => r.path === '/api/playrep' || r.path.startsWith('/api/playrep/'));
}

/** Routes that no row describes (by method and path). */
export function routesWithoutRow(routes: RegisteredRoute[], rows: readonly { method: string; path: string }[]): string[] {
  return routes
    .filter((r) => !rows.some((row) => row.method === r.method && row.path === r.path))
    .map((r) => `${r.method} ${r.path}`);
}
