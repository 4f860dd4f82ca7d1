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

  it('describes the optional terminalId of a play and a poker hand in the feed', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const body = doc.paths['/api/feed/v1/events'].post.requestBody.content['application/json'].schema;
    for (const type of ['play', 'pokerHand']) {
      const event = eventSchema(body, type);
      expect(event, type).toBeDefined();
      expect(event?.properties?.terminalId, type).toMatchObject({ type: 'string', minLength: 1, maxLength: 64 });
      expect(event?.required, type).not.toContain('terminalId');
    }
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

interface JsonSchema {
  properties?: Record<string, JsonSchema & { const?: unknown; enum?: unknown[] }>;
  required?: string[];
  [key: string]: unknown;
}

/** The object schema of one feed event type, wherever the document nests it. */
function eventSchema(schema: unknown, type: string): JsonSchema | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  const object = schema as JsonSchema;
  const typeField = object.properties?.type;
  if (typeField && (typeField.const === type || typeField.enum?.includes(type))) return object;
  for (const value of Object.values(object)) {
    const found = Array.isArray(value) ? value.map((item) => eventSchema(item, type)).find(Boolean) : eventSchema(value, type);
    if (found) return found;
  }
  return undefined;
}
