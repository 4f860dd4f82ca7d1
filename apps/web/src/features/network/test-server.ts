import type { AgentRow } from '@playrep/contracts';
import { type FetchCall, jsonResponse, signedInServer } from '../../test/fetch-stub';

/** An account row as the network routes send it. */
export function agent(username: string, overrides: Partial<AgentRow> = {}): AgentRow {
  const [firstName, lastName] = [`${username[0]!.toUpperCase()}${username.slice(1)}`, 'Test'];
  return {
    _id: `u-${username}`,
    username,
    firstName,
    lastName,
    fullname: `${firstName} ${lastName}`,
    role: username.startsWith('player') ? 'player' : 'master',
    address: `${username} street`,
    commission: 10,
    userStatus: true,
    walletBalance: 0,
    ...overrides,
  };
}

/** A parsed call to `/api/playrep/{name}`. */
export interface ApiCall {
  name: string;
  query: Record<string, string>;
}

export function apiCall(call: FetchCall): ApiCall | null {
  const url = new URL(call.url, 'http://localhost');
  const prefix = '/api/playrep/';
  if (!url.pathname.startsWith(prefix)) return null;
  return { name: url.pathname.slice(prefix.length), query: Object.fromEntries(url.searchParams) };
}

/**
 * A signed-in server whose /api/playrep routes answer from `routes` (by route name, given the
 * query); anything else 404. Returns the list of /api/playrep calls made.
 */
export function networkServer(routes: Record<string, (query: Record<string, string>) => unknown>): ApiCall[] {
  const calls: ApiCall[] = [];
  signedInServer((call) => {
    const parsed = apiCall(call);
    if (!parsed) return undefined;
    calls.push(parsed);
    const route = routes[parsed.name];
    if (!route) return jsonResponse(404, { message: 'Not found' });
    const body = route(parsed.query);
    return body instanceof Response ? body : jsonResponse(200, body);
  });
  return calls;
}

/** The calls to one route. */
export function callsTo(calls: readonly ApiCall[], name: string): Record<string, string>[] {
  return calls.filter((c) => c.name === name).map((c) => c.query);
}

/** The first render of a lazy page can take seconds on a loaded machine. */
export const PAGE_LOAD = { timeout: 15_000 } as const;
