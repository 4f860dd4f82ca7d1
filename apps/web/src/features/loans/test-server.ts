import { jsonResponse, signedInServer } from '../../test/fetch-stub';

/** A parsed call to `/api/playrep/{name}`. */
export interface ApiCall {
  name: string;
  query: Record<string, string>;
}

/**
 * A signed-in server (the global fetch stubbed) whose /api/playrep routes answer from `routes` by
 * route name, given the query; a route may return a Response (for errors). Returns the calls made.
 */
export function reportServer(routes: Record<string, (query: Record<string, string>) => unknown>): ApiCall[] {
  const calls: ApiCall[] = [];
  signedInServer((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (!url.pathname.startsWith('/api/playrep/')) return undefined;
    const name = url.pathname.slice('/api/playrep/'.length);
    const query = Object.fromEntries(url.searchParams);
    calls.push({ name, query });
    const route = routes[name];
    if (!route) return jsonResponse(404, { message: 'Not found' });
    const body = route(query);
    return body instanceof Response ? body : jsonResponse(200, body);
  });
  return calls;
}

export const callsTo = (calls: readonly ApiCall[], name: string) => calls.filter((c) => c.name === name).map((c) => c.query);

/** The first render of a lazy page can take seconds on a loaded machine. */
export const PAGE_LOAD = { timeout: 15_000 } as const;
