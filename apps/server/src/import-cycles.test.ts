import { describe, expect, it } from 'vitest';
import { IMPORTS, type Import } from '../test/source-imports.js';

/**
 * No import cycles between the parts of the server, read from the import lines of its shipped
 * files (type-only imports included: they tie the parts together just the same). A part is a
 * module (modules/<name>/), one of the folders lib/, db/, plugins/, config/ and demo/, or a file at
 * the top of src (app.ts, server.ts, modules/index.ts). When two parts need the same piece, it
 * moves to the lower one (or to a part of its own), so that the parts stay in layers.
 *
 * Tests and their test-support files are left out: they drive the whole app from any module.
 */

/** The part a file of src belongs to. */
function partOf(file: string): string {
  const [top, second, ...rest] = file.split('/');
  if (second === undefined || (top === 'modules' && rest.length === 0)) return file;
  return top === 'modules' ? `modules/${second}` : top!;
}

const shipped = (file: string) =>
  !file.endsWith('.test.ts') && !file.split('/').some((name) => name === 'test-support' || name === 'test-support.ts');
const isServerFile = (target: string) => !target.startsWith('../') && target.endsWith('.ts');

/**
 * Each cycle between parts, as 'a -> b -> a' with the import that makes each step
 * ('file:line imports target'), one cycle per group of parts that reach each other.
 */
function importCycles(imports: readonly Import[]): string[] {
  const steps = new Map<string, Map<string, Import>>();
  for (const imp of imports) {
    if (!shipped(imp.file) || !isServerFile(imp.target)) continue;
    const [from, to] = [partOf(imp.file), partOf(imp.target)];
    if (from === to) continue;
    const next = steps.get(from) ?? new Map<string, Import>();
    if (!next.has(to)) next.set(to, imp);
    steps.set(from, next);
  }
  const reported = new Set<string>();
  const cycles: string[] = [];
  for (const start of [...steps.keys()].sort()) {
    if (reported.has(start)) continue;
    const cycle = shortestCycleThrough(start, steps);
    if (!cycle) continue;
    for (const part of cycle) reported.add(part);
    const path = [...cycle, start];
    const how = cycle.map((part, i) => {
      const imp = steps.get(part)!.get(path[i + 1]!)!;
      return `${imp.file}:${imp.line} imports ${imp.target}`;
    });
    cycles.push(`${path.join(' -> ')} (${how.join('; ')})`);
  }
  return cycles;
}

/** The parts of the shortest way from `start` back to itself, `start` first; null when there is none. */
function shortestCycleThrough(start: string, steps: Map<string, Map<string, Import>>): string[] | null {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const part = queue.shift()!;
    for (const next of [...(steps.get(part)?.keys() ?? [])].sort()) {
      if (next === start) {
        const cycle = [part];
        while (cycle[0] !== start) cycle.unshift(cameFrom.get(cycle[0]!)!);
        return cycle;
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, part);
      queue.push(next);
    }
  }
  return null;
}

describe('import cycles of the server', () => {
  const imp = (file: string, target: string, line = 1): Import => ({ file, line, target, names: [] });

  it('names each cycle with the imports that close it, and ignores tests, packages and imports within a part', () => {
    const cycles = importCycles([
      imp('modules/weeks/late-profit.ts', 'modules/play-sums/index.ts', 5),
      imp('modules/play-sums/index.ts', 'modules/weeks/index.ts', 4),
      imp('modules/feed/apply/plays.ts', 'lib/money.ts'),
      imp('lib/money.ts', 'db/client.ts'),
      imp('db/client.ts', 'modules/feed/routes.ts', 9),
      imp('modules/ledger/ledger.test.ts', 'app.ts'),
      imp('app.ts', 'modules/ledger/routes.ts'),
      imp('modules/ledger/test-support.ts', 'app.ts'),
      imp('modules/ledger/ledger.ts', 'modules/ledger/types.ts'),
      imp('modules/ledger/types.ts', 'drizzle-orm'),
    ]);
    expect(cycles).toEqual([
      'db -> modules/feed -> lib -> db (db/client.ts:9 imports modules/feed/routes.ts; modules/feed/apply/plays.ts:1 imports lib/money.ts; lib/money.ts:1 imports db/client.ts)',
      'modules/play-sums -> modules/weeks -> modules/play-sums (modules/play-sums/index.ts:4 imports modules/weeks/index.ts; modules/weeks/late-profit.ts:5 imports modules/play-sums/index.ts)',
    ]);
  });

  it('takes each module, each folder beside the modules and each file at the top of src as one part', () => {
    const parts = new Set(IMPORTS.filter((i) => shipped(i.file)).map((i) => partOf(i.file)));
    expect([...parts]).toEqual(
      expect.arrayContaining(['app.ts', 'server.ts', 'lib', 'db', 'plugins', 'config', 'modules/index.ts', 'modules/weeks']),
    );
    expect([...parts].filter((p) => p.startsWith('modules/identity'))).toEqual(['modules/identity']);
  });

  it('no part of the server imports, directly or through others, a part that imports it', () => {
    expect(importCycles(IMPORTS)).toEqual([]);
  });
});
