import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX } from '../../../test/authz/matrix.js';
import { REPO_ROOT } from '../../../test/server-process.js';
import { buildTestApp } from '../../../test/test-app.js';

/**
 * The OpenAPI document as a platform team uses it: `redocly lint` passes it with the recommended
 * rules (redocly.yaml), and a TypeScript client generated from it by openapi-typescript
 * type-checks a call to every report (with the query the authorization matrix makes it with) and
 * every call of the feed, and refuses wrong ones.
 */
const require = createRequire(import.meta.url);
let dir: string;
let documentFile: string;
let doc: OpenAPI3;

beforeAll(async () => {
  const t = await buildTestApp('pglite'); // the document does not depend on the database
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  await t.close();
  dir = mkdtempSync(path.join(tmpdir(), 'playrep-openapi-'));
  documentFile = path.join(dir, 'openapi.json');
  writeFileSync(documentFile, JSON.stringify(doc));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(command: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [command, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    // No usage data sent and no update check: the lint runs offline.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Query parameters the OpenAPI document types as numbers (Today's big-win threshold). */
const NUMERIC_QUERY = ['threshold', 'hour'];

describe('the OpenAPI document, for a platform team', () => {
  it('passes redocly lint with its recommended rules: no error, no warning', () => {
    const redocly = require.resolve('@redocly/cli/bin/cli.js');
    const { status, output } = run(redocly, ['lint', '--config', 'redocly.yaml', '--format', 'json', documentFile]);
    const report = JSON.parse(output.slice(output.indexOf('{'), output.lastIndexOf('}') + 1)) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(status).toBe(0);
  });

  it('generates a TypeScript client that type-checks a call to every report and to the feed', async () => {
    writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(doc)));
    writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    const reportCalls = MATRIX.map((row) => {
      // The matrix writes every query value as the URL carries it; the document types these as numbers.
      const typed = Object.fromEntries(
        Object.entries(row.extraQuery).map(([key, value]) => [key, NUMERIC_QUERY.includes(key) ? Number(value) : value]),
      );
      const query = { ...(row.accountParam ? { [row.accountParam]: 'master1' } : {}), ...typed };
      const method = row.method === 'GET' ? 'get' : 'post';
      return `export const ${row.call}: object = await ${method}('${row.path}', ${JSON.stringify(query)});`;
    });
    writeFileSync(path.join(dir, 'reports.ts'), `import { get, post } from './client';\n\n${reportCalls.join('\n')}\n`);
    writeFileSync(path.join(dir, 'feed.ts'), FEED_CALLS);
    writeFileSync(path.join(dir, 'wrong.ts'), WRONG_CALLS);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM'],
          types: [],
        },
        files: ['api.d.ts', 'client.ts', 'reports.ts', 'feed.ts', 'wrong.ts'],
      }),
    );
    const { status, output } = run(require.resolve('typescript/bin/tsc'), ['-p', path.join(dir, 'tsconfig.json')]);
    expect(output).toBe('');
    expect(status).toBe(0);
    expect(MATRIX.length).toBeGreaterThan(20);
  });
});

/** A minimal typed client over the generated `paths`, as a platform team would write one. */
const CLIENT = `import type { paths } from './api';

type Op<P extends keyof paths, M extends 'get' | 'post'> = NonNullable<paths[P][M]>;
type Part<O, K extends string> = O extends { parameters: { [k in K]?: infer Q } } ? ([NonNullable<Q>] extends [never] ? Record<string, never> : NonNullable<Q>) : never;
type BodyOf<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** The JSON body of one answer; a string when the document gives none, so that using it fails. */
export type Answer<O, S extends number> = O extends { responses: { [k in S]: { content: { 'application/json': infer R } } } } ? R : 'no such answer';

declare function send(method: string, url: string, body?: unknown): Promise<unknown>;

const withQuery = (url: string, query: object) => url + '?' + new URLSearchParams(query as Record<string, string>).toString();

export async function get<P extends keyof paths>(url: P, query: Part<Op<P, 'get'>, 'query'>): Promise<Answer<Op<P, 'get'>, 200>> {
  return (await send('GET', withQuery(url, query))) as Answer<Op<P, 'get'>, 200>;
}

export async function post<P extends keyof paths>(url: P, query: Part<Op<P, 'post'>, 'query'>, body?: BodyOf<Op<P, 'post'>>): Promise<Answer<Op<P, 'post'>, 200>> {
  return (await send('POST', withQuery(url, query), body)) as Answer<Op<P, 'post'>, 200>;
}

export async function getPath<P extends keyof paths>(url: P, params: Part<Op<P, 'get'>, 'path'>): Promise<Answer<Op<P, 'get'>, 200>> {
  const filled = Object.entries(params).reduce((u, [k, v]) => u.replace('{' + k + '}', encodeURIComponent(String(v))), url as string);
  return (await send('GET', filled)) as Answer<Op<P, 'get'>, 200>;
}
`;

const FEED_CALLS = `import type { paths } from './api';
import { type Answer, get, getPath, post } from './client';

type Events = NonNullable<paths['/api/feed/v1/events']['post']>;

const batch = await post('/api/feed/v1/events', {}, {
  events: [
    { id: 'cafe-1', type: 'cafe', cafeId: 'c-1', master: 'master1', name: 'Cafe One' },
    { id: 'play-1', type: 'play', playId: 'p-1', member: 'player1', cafeId: 'c-1', game: 'MNOQqWWi',
      drawAt: '2025-03-12T10:00:00+05:30', stake: '25.50', win: 0, at: '2025-03-12T09:58:00+05:30' },
    { id: 'tr-1', type: 'transfer', transferId: 't-1', from: 'HOUSE', to: 'admin1', amount: 100, channel: 'single', at: '2025-03-12T09:00:00Z' },
  ],
});
export const applied: number = batch.applied + batch.duplicates;
export const firstStatus: 'applied' | 'duplicate' = batch.results[0]!.status;

export const conflict: Answer<Events, 409> = { message: 'Event id "play-1" came before', conflictingIds: ['play-1'] };
export const invalid: Answer<Events, 422>['errors'][number] = { index: 0, id: null, field: 'id', reason: 'is required' };
export const busy: Answer<Events, 503>['message'] = 'The database is not available';
export const tooMany: Answer<Events, 429>['message'] = 'Too many requests';

const check = await getPath('/api/feed/v1/events/{id}', { id: 'play-1' });
export const wasApplied: boolean = check.applied;
export const inBatch: string | null = check.batchId;

const status = await get('/api/feed/v1/status', {});
export const plays: number = status.counts.play;
`;

/** Calls a generated client must refuse: each line below has to be a type error. */
const WRONG_CALLS = `import type { paths } from './api';
import { type Answer, get, getPath, post } from './client';

type Events = NonNullable<paths['/api/feed/v1/events']['post']>;

// @ts-expect-error an event type the feed does not know
await post('/api/feed/v1/events', {}, { events: [{ id: 'x', type: 'play.refund', playId: 'p' }] });
// @ts-expect-error a 409 names its conflicting ids
export const conflict: Answer<Events, 409> = { message: 'x' };
// @ts-expect-error no such report
await get('/api/playrep/nosuchreport', {});
// @ts-expect-error a report's answer has no such field
export const nope: string = (await get('/api/playrep/revenuereport', {})).nosuchfield;
// @ts-expect-error the event check needs the event id
await getPath('/api/feed/v1/events/{id}', {});
`;
