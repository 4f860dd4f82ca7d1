import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { ApiError, api, apiRequest, NETWORK_ERROR_MESSAGE, onUnauthorized } from './api-client';
import { OFFLINE_TEXT } from './offline-text';

const unsubscribers: (() => void)[] = [];
afterEach(() => {
  for (const off of unsubscribers.splice(0)) off();
});

function listenForUnauthorized() {
  const heard = vi.fn();
  unsubscribers.push(onUnauthorized(heard));
  return heard;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client requests', () => {
  it('sends JSON with same-origin credentials under /api and returns the parsed body', async () => {
    const calls = stubFetch(() => jsonResponse(200, { token: 't', user: { _id: '1' } }));
    const result = await api.post('/auth/login', { username: 'am1', password: ' pw ' });
    expect(result).toEqual({ token: 't', user: { _id: '1' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/auth/login',
      method: 'POST',
      credentials: 'same-origin',
      body: { username: 'am1', password: ' pw ' },
    });
    expect(calls[0]?.headers.accept).toBe('application/json');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    // The cookie carries the session: no Authorization header is ever built in the browser.
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it('builds the query string, keeping empty values and leaving out null and undefined', async () => {
    const calls = stubFetch(() => jsonResponse(200, { data: [] }));
    await api.get('/playrep/pointtransferreport', { id: 'a b', fromDate: '', toDate: undefined, page: 2, x: null });
    expect(calls[0]?.url).toBe('/api/playrep/pointtransferreport?id=a+b&fromDate=&page=2');
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.headers['content-type']).toBeUndefined();
  });

  it('checks the body against a schema when given one', async () => {
    stubFetch(() => jsonResponse(200, { count: 'three' }));
    const schema = {
      parse(data: unknown) {
        const count = (data as { count: unknown }).count;
        if (typeof count !== 'number') throw new Error('count must be a number');
        return { count };
      },
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await failureOf(apiRequest('/playrep/x', { schema }));
    expect(error.message).toBe('Something went wrong');
    expect(error.kind).toBe('invalid-response');
  });
});

describe('api client errors', () => {
  it("throws the server's message with the status", async () => {
    stubFetch(() => jsonResponse(403, { message: 'Not allowed' }));
    const error = await failureOf(api.get('/playrep/agentdetails', { id: 'x' }));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Not allowed');
    expect(error.fromServer).toBe(true);
  });

  it("falls back to 'Something went wrong' when the server gives no message", async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failureOf(api.get('/playrep/x'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Something went wrong');
    expect(error.fromServer).toBe(false);
  });

  it("reports a network failure as 'An unexpected error occurred' with status 0", async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(api.get('/playrep/x'));
    expect(error.status).toBe(0);
    expect(error.kind).toBe('network');
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('reads Retry-After of a 429', async () => {
    stubFetch(() => jsonResponse(429, { message: 'Too many sign-in attempts.' }, { 'Retry-After': '42' }));
    const error = await failureOf(api.post('/auth/login', { username: 'a', password: 'b' }, { skipSessionExpiry: true }));
    expect(error.status).toBe(429);
    expect(error.retryAfter).toBe(42);
    expect(error.message).toBe('Too many sign-in attempts.');
  });

  it('passes an abort through untouched so cancelled queries stay cancelled', async () => {
    stubFetch(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    await expect(api.get('/playrep/x')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('api client on 401', () => {
  it('signals an ended session for a report call, then still throws', async () => {
    const heard = listenForUnauthorized();
    stubFetch(() => jsonResponse(401, { message: 'Your session has expired or you are not signed in.' }));
    const error = await failureOf(api.get('/playrep/revenuereport', { id: 'x' }));
    expect(error.status).toBe(401);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard.mock.calls[0]?.[0]).toBe(error);
  });

  it('leaves a failed sign-in (401 wrong credentials) to the login screen', async () => {
    const heard = listenForUnauthorized();
    stubFetch(() => jsonResponse(401, { message: 'Invalid username or password.' }));
    const error = await failureOf(api.post('/auth/login', { username: 'a', password: 'b' }, { skipSessionExpiry: true }));
    expect(error.message).toBe('Invalid username or password.');
    expect(heard).not.toHaveBeenCalled();
  });

  it('does not signal other statuses', async () => {
    const heard = listenForUnauthorized();
    stubFetch(() => jsonResponse(403, { message: 'Not allowed' }));
    await failureOf(api.get('/playrep/x'));
    expect(heard).not.toHaveBeenCalled();
  });

  it('stops signalling after unsubscribe', async () => {
    const heard = vi.fn();
    onUnauthorized(heard)();
    stubFetch(() => jsonResponse(401, { message: 'expired' }));
    await failureOf(api.get('/playrep/x'));
    expect(heard).not.toHaveBeenCalled();
  });
});

describe('api client offline', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'onLine');
  });

  it("sends nothing while the browser is offline: a form, an action or a download says 'This needs a connection.'", async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const calls = stubFetch(() => jsonResponse(200, { message: 'done' }));
    const error = await failureOf(api.post('/auth/password', { password: 'x' }));
    expect(error.kind).toBe('offline');
    expect(error.message).toBe(OFFLINE_TEXT.needsConnection);
    expect(calls).toHaveLength(0);
  });

  it('says so too when the network drops during a call and the browser then knows it is offline', async () => {
    let online = true;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    stubFetch(() => {
      online = false;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    const error = await failureOf(api.post('/auth/password', { password: 'x' }));
    expect(error.message).toBe(OFFLINE_TEXT.needsConnection);
  });
});
