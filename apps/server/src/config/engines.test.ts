import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every installed package supports every Node line the project names, from its oldest release
 * (package.json `engines`: 24 recommended, 22.13+ and 20.19+ still working; the README says the
 * same): `npm ci` then prints no EBADENGINE warning, and nothing Node-22-only slips in with an
 * update of the lock file.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

type Version = [number, number, number];

/** `20.19` -> [20, 19, 0]; wildcard or missing parts are 0 (with how many parts were given). */
function parseVersion(text: string): { version: Version; given: number } {
  const parts = text.replace(/^v/, '').split('.');
  const numbers = parts.filter((part) => /^\d+$/.test(part)).map(Number);
  return { version: [numbers[0] ?? 0, numbers[1] ?? 0, numbers[2] ?? 0], given: numbers.length };
}

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether `version` satisfies one comparator: `>=18`, `^20.19.0`, `~1.2`, `20`, `10.*`, `*`. */
function satisfiesComparator(version: Version, comparator: string): boolean {
  const match = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(comparator);
  const op = match?.[1] ?? '';
  const { version: bound, given } = parseVersion(match?.[2] ?? '');
  if (given === 0) return true;
  const cmp = compare(version, bound);
  const below = (upper: Version) => compare(version, upper) < 0;
  switch (op) {
    case '>=':
      return cmp >= 0;
    case '>':
      return cmp > 0;
    case '<=':
      return cmp <= 0;
    case '<':
      return cmp < 0;
    case '^':
      return cmp >= 0 && below(bound[0] > 0 ? [bound[0] + 1, 0, 0] : [0, bound[1] + 1, 0]);
    case '~':
      return cmp >= 0 && below(given >= 2 ? [bound[0], bound[1] + 1, 0] : [bound[0] + 1, 0, 0]);
    default:
      // A bare version is a range over the parts left out: `20` is 20.x.x.
      if (given === 3) return cmp === 0;
      return cmp >= 0 && below(given === 2 ? [bound[0], bound[1] + 1, 0] : [bound[0] + 1, 0, 0]);
  }
}

function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version).version;
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => satisfiesComparator(v, comparator)),
  );
}

describe('Node versions of the dependencies', () => {
  it('reads version ranges as npm does', () => {
    expect(satisfies('20.19.0', '>=22')).toBe(false);
    expect(satisfies('20.19.0', '18 || 20 || >=22')).toBe(true);
    expect(satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies('20.19.0', '^20.20.0 || >=22.12.0')).toBe(false);
    expect(satisfies('20.19.0', '10.* || >= 12.*')).toBe(true);
    expect(satisfies('20.19.0', '^10 || ^12 || >=14')).toBe(true);
    expect(satisfies('20.19.0', '>=16 || 14 >=14.17')).toBe(true);
    expect(satisfies('20.19.0', '~20.18')).toBe(false);
    expect(satisfies('20.19.0', '*')).toBe(true);
  });

  it('installs nothing that needs a newer Node than package.json and the README name', () => {
    // `engines` names Node 24 first, then the older lines still supported, each from its oldest release.
    const range = String(readJson('package.json').engines.node);
    const oldest = range.split('||').map((alternative) => alternative.trim().replace(/^(>=|\^)\s*/, ''));
    expect(oldest).toEqual(['24', '22.13.0', '20.19.0']);
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('Needs Node 24 LTS (recommended) and npm; Node 20.19+ and 22.13+ still work.');
    const packages = readJson('package-lock.json').packages as Record<string, { version?: string; engines?: { node?: string } }>;
    const tooNew = oldest.flatMap((node) =>
      Object.entries(packages)
        .filter(([, info]) => info.engines?.node && !satisfies(node, info.engines.node))
        .map(
          ([where, info]) =>
            `${where.replace(/^.*node_modules\//, '')}@${info.version} needs Node ${info.engines?.node}, not ${node}`,
        ),
    );
    expect(tooNew).toEqual([]);
  });
});
