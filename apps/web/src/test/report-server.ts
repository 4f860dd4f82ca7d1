import { jsonResponse, stubFetch } from './fetch-stub';

/** A parsed call to `/api/playrep/{name}`. */
export interface ApiCall {
  name: string;
  query: Record<string, string>;
}

type Route = (query: Record<string, string>) => unknown;

/**
 * A signed-in server (the global fetch stubbed): the session check answers 200, and the
 * /api/playrep routes answer from `routes` by route name, given the query. A route may return a
 * Response (for errors) or a promise of one (to hold the answer back). Returns the calls made.
 */
export function reportServer(routes: Record<string, Route>): ApiCall[] {
  const calls: ApiCall[] = [];
  stubFetch(async (call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/auth/session') return jsonResponse(200, { ok: true });
    if (!url.pathname.startsWith('/api/playrep/')) return jsonResponse(404, { message: 'Not found' });
    const name = url.pathname.slice('/api/playrep/'.length);
    const query = Object.fromEntries(url.searchParams);
    calls.push({ name, query });
    const route = routes[name];
    if (!route) return jsonResponse(404, { message: 'Not found' });
    const body = await route(query);
    return body instanceof Response ? body : jsonResponse(200, body);
  });
  return calls;
}

/** The queries of the calls to one route, in order. */
export function callsTo(calls: readonly ApiCall[], name: string): Record<string, string>[] {
  return calls.filter((c) => c.name === name).map((c) => c.query);
}

/** The first render of a lazy page can take seconds on a loaded machine. */
export const PAGE_LOAD = { timeout: 15_000 } as const;
