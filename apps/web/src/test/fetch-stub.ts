import { vi } from 'vitest';

/** A recorded call to the stubbed `fetch`. */
export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type FetchHandler = (call: FetchCall) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/**
 * Replaces the global `fetch` (the network boundary) for one test; the setup file restores it.
 * Returns the list of calls made so far.
 */
export function stubFetch(handler: FetchHandler): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const call: FetchCall = {
        url: String(input),
        method: init.method ?? 'GET',
        headers,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
        credentials: init.credentials,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

/** The usual server for a signed-in area: the session check answers 200, everything else 404. */
export function signedInServer(extra?: (call: FetchCall) => Response | undefined): FetchCall[] {
  return stubFetch((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.url === '/api/auth/session') return jsonResponse(200, { ok: true });
    if (call.url === '/api/auth/logout') return jsonResponse(200, { message: 'Signed out.' });
    return jsonResponse(404, { message: 'Not found' });
  });
}
