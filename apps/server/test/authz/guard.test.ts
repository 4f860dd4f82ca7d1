import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, type NetworkIds, signIn, type TestSession } from '../fixtures/network.js';
import { buildTestApp, type TestApp } from '../test-app.js';
import { TEST_DB_KINDS } from '../test-db.js';

/**
 * The deny-by-default guard of /api/playrep (plugins/scope.ts) on test-only probe routes, for
 * what the report routes do not exercise: account parameters in the path and the body, a
 * parameter given twice, HEAD requests, routes without a call name.
 *
 * The probes are registered behind the report guard through buildApp's `extraReportRoutes`, so they
 * sit behind exactly the production guard.
 */
const probes: FastifyPluginAsync = async (app) => {
  const echo = async (request: { subject: { username: string }; scoped: Record<string, { username: string }> }) => ({
    subject: request.subject.username,
    scoped: Object.fromEntries(Object.entries(request.scoped).map(([k, v]) => [k, v.username])),
  });
  app.get('/playrep/__probe/path/:id', { config: { call: 'pointTransfer' } }, echo);
  app.get('/playrep/__probe/agent/:agentId', { config: { call: 'balanceReport' } }, echo);
  app.post('/playrep/__probe/body', { config: { call: 'pointTransfer' } }, echo);
  app.get('/playrep/__probe/nocall', echo);
  app.get('/playrep/__probe/unknowncall', { config: { call: 'no-such-call' as never } }, echo);
};

describe.each(TEST_DB_KINDS)('scope guard details on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;
  let am1: TestSession;
  let superadmin: TestSession;
  let player1: TestSession;

  beforeAll(async () => {
    t = await buildTestApp(kind, { extraReportRoutes: probes });
    ids = await createNetwork(t.app.db);
    am1 = await signIn(t.app, 'am1');
    superadmin = await signIn(t.app, 'superadmin');
    player1 = await signIn(t.app, 'player1');
  });
  afterAll(async () => t?.close());

  it('checks an account id in the path', async () => {
    const own = await injectAs(t.app, am1, { url: `/api/playrep/__probe/path/${ids.master2}` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ subject: 'master2', scoped: { id: 'master2' } });
    const sibling = await injectAs(t.app, am1, { url: `/api/playrep/__probe/path/${ids.am2}` });
    expect(sibling.statusCode).toBe(403);
    expect(sibling.json()).toEqual({ message: 'Not allowed' });
    const unknown = await injectAs(t.app, am1, { url: '/api/playrep/__probe/path/6f1d2c3b-4a59-4e87-9c10-2b3a4d5e6f70' });
    expect(unknown.statusCode).toBe(404);
  });

  it('checks a username in the path, ignoring case', async () => {
    expect((await injectAs(t.app, am1, { url: '/api/playrep/__probe/agent/PLAYER2' })).json()).toEqual({
      subject: 'am1',
      scoped: { agentId: 'player2' },
    });
    expect((await injectAs(t.app, am1, { url: '/api/playrep/__probe/agent/sam1' })).statusCode).toBe(403);
    expect((await injectAs(t.app, am1, { url: '/api/playrep/__probe/agent/nobody' })).statusCode).toBe(404);
    // A username am1 may not see (another branch) is answered as an unknown one, not 403.
    const hidden = await injectAs(t.app, am1, { url: '/api/playrep/__probe/agent/master3' });
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { message: 'No such account' }]);
  });

  it('checks account parameters in a JSON body', async () => {
    const inScope = await injectAs(t.app, am1, {
      method: 'POST',
      url: '/api/playrep/__probe/body',
      payload: { agentId: 'master1' },
    });
    expect(inScope.statusCode).toBe(200);
    expect(inScope.json().scoped).toEqual({ agentId: 'master1' });
    const outside = await injectAs(t.app, am1, { method: 'POST', url: '/api/playrep/__probe/body', payload: { id: ids.admin1 } });
    expect(outside.statusCode).toBe(403);
  });

  it('refuses a parameter given twice with different values, or as a list', async () => {
    const twice = await injectAs(t.app, am1, { url: `/api/playrep/__probe/path/${ids.master1}?id=${ids.am2}` });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: 'id is given twice with different values' });
    const same = await injectAs(t.app, am1, { url: `/api/playrep/__probe/path/${ids.master1}?id=${ids.master1}` });
    expect(same.statusCode).toBe(200);
    const list = await injectAs(t.app, am1, { url: `/api/playrep/pointtransferreport?id=${ids.am1}&id=${ids.am2}` });
    expect(list.statusCode).toBe(400);
  });

  it('refuses a route without a call name, or with one the permission table does not know, to everyone', async () => {
    for (const url of ['/api/playrep/__probe/nocall', '/api/playrep/__probe/unknowncall']) {
      const res = await injectAs(t.app, superadmin, { url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Not allowed' });
    }
  });

  it('guards the HEAD routes Fastify adds for every GET', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/api/playrep/balancereport' })).statusCode).toBe(401);
    expect((await injectAs(t.app, player1, { method: 'HEAD', url: '/api/playrep/balancereport' })).statusCode).toBe(403);
    const sibling = await injectAs(t.app, am1, { method: 'HEAD', url: `/api/playrep/pointtransferreport?id=${ids.am2}` });
    expect(sibling.statusCode).toBe(403);
    expect((await injectAs(t.app, am1, { method: 'HEAD', url: '/api/playrep/balancereport' })).statusCode).toBe(200);
  });

  it('needs a session before anything else, even on unknown calls', async () => {
    for (const url of ['/api/playrep/__probe/nocall', `/api/playrep/__probe/path/${ids.am1}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
