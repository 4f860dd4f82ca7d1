import { describe, expect, it } from 'vitest';
import { IMPORTS, type Import } from '../test/source-imports.js';

/**
 * The server's layering, read from the import lines of every file under src (tests included):
 *
 * - lib/ is plain helpers: it imports nothing of the server outside lib/.
 * - db/ is the schema, the migrations and the connection: it knows no module, no plugin and not
 *   the demo generator.
 * - demo/ (the demo network generator) may use the modules; only the server's first start
 *   (server.ts) loads it, and no module or plugin does.
 * - A report module (REPORT_MODULES) has routes.ts (HTTP), queries.ts or a queries/ folder (SQL,
 *   amounts in hundredths) and present.ts (points, names, numbering, the response shapes). It does
 *   not import another report module, and uses the settlement and the weeks only through their
 *   public index.ts;
 *   routes.ts and present.ts hold no SQL (neither db/ nor drizzle-orm), the queries, the play sums
 *   the weeks and the settlement never convert to points (centsToPoints).
 */

const REPORT_MODULES = ['transfers', 'draws', 'network', 'money', 'insight', 'members'] as const;

const under = (folder: string) => (p: string) => p.startsWith(`${folder}/`);
const isServerCode = (target: string) => !target.startsWith('../') && target.endsWith('.ts');
const moduleOf = (p: string) => (p.startsWith('modules/') ? p.split('/')[1]! : null);
const fileName = (p: string) => p.split('/').at(-1)!;

/** The imports breaking a rule, as 'file:line imports target' lines (empty when it holds). */
function offences(breaks: (imp: Import) => boolean): string[] {
  return IMPORTS.filter(breaks).map(
    (imp) => `${imp.file}:${imp.line} imports ${imp.target}${imp.names.length ? ` { ${imp.names.join(', ')} }` : ''}`,
  );
}

describe('import rules of the server', () => {
  it('reads the import lines it checks: single and multi-line, type-only, re-exports and dynamic', () => {
    const of = (file: string) => IMPORTS.filter((imp) => imp.file === file);
    expect(of('server.ts').map((imp) => imp.target)).toContain('demo/index.ts');
    expect(of('modules/index.ts').map((imp) => imp.target)).toEqual(expect.arrayContaining(['modules/network/routes.ts']));
    expect(of('modules/settlement/index.ts').map((imp) => imp.target)).toContain('modules/settlement/close-weeks.ts');
    expect(of('demo/cli.ts').map((imp) => imp.target)).toEqual(expect.arrayContaining(['db/client.ts', 'config/env.ts']));
    const network = of('modules/network/routes.ts').find((imp) => imp.target === 'modules/network/present.ts');
    expect(network?.names).toEqual(expect.arrayContaining(['agentRow', 'dailyStatusRow']));
    expect(IMPORTS.length).toBeGreaterThan(200);
  });

  it('lib/ imports nothing of the server outside lib/', () => {
    expect(offences((imp) => under('lib')(imp.file) && isServerCode(imp.target) && !under('lib')(imp.target))).toEqual([]);
  });

  it('db/ imports no module, plugin or demo code', () => {
    const forbidden = ['modules', 'plugins', 'demo'].map(under);
    expect(offences((imp) => under('db')(imp.file) && forbidden.some((f) => f(imp.target)))).toEqual([]);
    expect(offences((imp) => under('db')(imp.file) && ['app.ts', 'server.ts'].includes(imp.target))).toEqual([]);
  });

  it('only the server start loads the demo generator; no module or plugin does', () => {
    expect(offences((imp) => under('demo')(imp.target) && !under('demo')(imp.file) && imp.file !== 'server.ts')).toEqual([]);
  });

  it('a report module imports no other report module, and the settlement and the weeks only through their index.ts', () => {
    const isReport = (p: string) => (REPORT_MODULES as readonly string[]).includes(moduleOf(p) ?? '');
    expect(offences((imp) => isReport(imp.file) && isReport(imp.target) && moduleOf(imp.target) !== moduleOf(imp.file))).toEqual(
      [],
    );
    expect(
      offences(
        (imp) =>
          isReport(imp.file) &&
          ['settlement', 'weeks'].includes(moduleOf(imp.target) ?? '') &&
          imp.target !== `modules/${moduleOf(imp.target)}/index.ts`,
      ),
    ).toEqual([]);
  });

  it('routes.ts and present.ts of a report module hold no SQL', () => {
    const layer = (imp: Import, name: string) =>
      (REPORT_MODULES as readonly string[]).includes(moduleOf(imp.file) ?? '') && fileName(imp.file) === name;
    const sql = (imp: Import) => under('db')(imp.target) || imp.target === 'drizzle-orm';
    expect(offences((imp) => (layer(imp, 'routes.ts') || layer(imp, 'present.ts')) && sql(imp))).toEqual([]);
  });

  it('the queries, the play sums and the settlement keep hundredths: only present.ts converts to points', () => {
    const keepsCents = (file: string) =>
      fileName(file) === 'queries.ts' ||
      file.includes('/queries/') ||
      ['settlement', 'weeks', 'play-sums'].includes(moduleOf(file) ?? '');
    expect(offences((imp) => keepsCents(imp.file) && imp.names.includes('centsToPoints'))).toEqual([]);
  });

  it('identity: the doors, the account page and the managers each build on the gate, never on each other; the gate on none of them', () => {
    const partOf = (p: string) => (p.startsWith('modules/identity/') ? (p.split('/')[2] ?? null) : null);
    const PARTS = ['gate', 'doors', 'own-account', 'manage'];
    // The test files of a part may drive another part's calls; only shipped code is held to the layers.
    const shipped = (imp: Import) => !imp.file.endsWith('.test.ts') && !imp.file.includes('/test-support/');
    expect(
      offences(
        (imp) =>
          shipped(imp) &&
          PARTS.includes(partOf(imp.file) ?? '') &&
          PARTS.includes(partOf(imp.target) ?? '') &&
          partOf(imp.target) !== partOf(imp.file) &&
          partOf(imp.target) !== 'gate',
      ),
    ).toEqual([]);
    // Outside identity, only its index.ts and the gate are reached into (the session plugin, the feed, the seed).
    expect(
      offences(
        (imp) =>
          moduleOf(imp.file) !== 'identity' &&
          moduleOf(imp.target) === 'identity' &&
          !['gate', 'index.ts'].includes(partOf(imp.target) ?? '') &&
          shipped(imp),
      ),
    ).toEqual([]);
  });
});
