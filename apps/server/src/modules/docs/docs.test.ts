import { CALL_NAMES, ENDPOINTS, FEED_EVENT_TYPES } from '@playrep/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

// The document does not depend on the database: the embedded one is enough.
describe('GET /api/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('describes the API from the call schemas, without a session, and nothing but the API', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/auth/login', '/api/playrep/pointtransferreport']));
    expect(paths.every((p) => p.startsWith('/api/'))).toBe(true);

    const report = doc.paths['/api/playrep/pointtransferreport'].get;
    const params = report.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(params).toEqual(expect.arrayContaining(['query:id', 'query:fromDate', 'query:toDate']));
    expect(report.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(Object.keys(report.responses)).toContain('200');

    const login = doc.paths['/api/auth/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'code',
      'password',
      'username',
    ]);
  });

  it('describes every call of the endpoint table, with a session scheme exactly where one is needed and the feed key on the feed', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const name of CALL_NAMES) {
      const { method, path, access, summary } = ENDPOINTS[name];
      const openApiPath = `/api${path}`.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[openApiPath]?.[method.toLowerCase()];
      expect(operation, `${method} ${openApiPath}`).toBeDefined();
      expect(operation.summary).toBe(summary);
      const security = access === 'public' ? [] : access === 'feed' ? [{ feedKey: [] }] : [{ bearer: [] }, { cookie: [] }];
      expect(operation.security, name).toEqual(security);
    }
  });

  it('lists every feed event type in the batch body and in the status counts, the voids included', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const text = JSON.stringify(doc.paths['/api/feed/v1/events'].post.requestBody);
    const status = JSON.stringify(doc.paths['/api/feed/v1/status'].get.responses['200']);
    for (const type of FEED_EVENT_TYPES) {
      expect(text, type).toContain(`"${type}"`);
      expect(status, type).toContain(`"${type}"`);
    }
    expect(FEED_EVENT_TYPES).toEqual(expect.arrayContaining(['play.voided', 'pokerHand.voided']));
  });
});
