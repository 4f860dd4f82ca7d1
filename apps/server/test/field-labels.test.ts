import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, signIn, type TestSession } from './fixtures/network.js';
import { buildTestApp, type TestApp } from './test-app.js';
import { TEST_DB_KINDS } from './test-db.js';

/**
 * What a person meets when the server refuses what it typed: the field named by its label on the
 * screen (docs/screens.md), never by its name in the API. (Each screen's own tests check its
 * fields: Today's threshold, Trends' weeks, the Platform's key name.)
 */
describe.each(TEST_DB_KINDS)('refusals name the field by its label on the screen, on %s', (kind) => {
  let t: TestApp;
  let master1: TestSession;
  let am1: TestSession;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await createNetwork(t.app.db);
    [master1, am1] = [await signIn(t.app, 'master1'), await signIn(t.app, 'am1')];
  });
  afterAll(async () => t?.close());

  const refusal = async (session: TestSession, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await injectAs(t.app, session, { method, url, ...(payload ? { payload } : {}) });
    return [res.statusCode, res.json().message];
  };

  it('the account page: New email address', async () => {
    expect(await refusal(master1, 'POST', '/api/auth/email', { email: 'not an address' })).toEqual([
      400,
      'New email address must be an email address, like name@example.com',
    ]);
  });

  it('the sign-in screen: User Name and Password', async () => {
    const login = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    const noPassword = await login({ username: 'master1' });
    expect([noPassword.statusCode, noPassword.json().message]).toEqual([400, 'Password is required']);
    const longName = await login({ username: 'm'.repeat(101), password: 'x' });
    expect([longName.statusCode, longName.json().message]).toEqual([400, 'User Name is too long']);
  });

  it('the filters of Accounts and Activity', async () => {
    const long = 'x'.repeat(101);
    expect(await refusal(am1, 'GET', `/api/playrep/accounts?q=${long}`)).toEqual([400, 'Username or name is too long']);
    expect(await refusal(am1, 'GET', `/api/playrep/activity?actor=${long}`)).toEqual([400, 'By (username) is too long']);
    expect(await refusal(am1, 'GET', '/api/playrep/activity?page=0')).toEqual([400, 'Page must be 1 or more']);
  });

  it('a field no screen fills keeps its name in the API', async () => {
    expect(await refusal(am1, 'GET', '/api/playrep/accounts?order=up')).toEqual([400, 'order: must be asc or desc']);
  });
});
