import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app takes from `@playrep/contracts` only what lives outside its zod modules (api/): a
 * value imported from one of those modules brings the module's schemas, and zod with them, into the
 * page that imports it (a module's `z.object(...)` calls cannot be left out of a bundle). Column
 * lists, page sizes, sorts and labels live in tables/ and screens/ for this reason. Types are free:
 * they leave nothing in the bundle. (e2e/page-weight.test.ts checks the pages it opens in a
 * browser; this checks every page's source.)
 */

const SRC = dirname(fileURLToPath(import.meta.url));
const API_DIR = join(SRC, '../../../packages/contracts/src/api');

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return files(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

/** The values (not types) the contracts' api/ modules export. */
function apiValues(): Set<string> {
  const names = new Set<string>();
  for (const file of files(API_DIR, /\.ts$/)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/^export (?:const|function|class|enum) (\w+)/gm))
      names.add(match[1]!);
  }
  return names;
}

/** The values a source imports from '@playrep/contracts' (not `import type`, not `type X`). */
function contractValuesImported(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@playrep\/contracts'/g)) {
    if (match[1]) continue;
    for (const part of match[2]!.split(',')) {
      const name = part.trim();
      if (name === '' || name.startsWith('type ')) continue;
      names.push(name.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

describe('what the web app takes from the contracts', () => {
  it('reads the contracts and the app', () => {
    expect(apiValues().has('ENDPOINTS')).toBe(false); // endpoints.ts sits beside api/, not in it
    expect(apiValues().has('AccountsQuery')).toBe(true);
    expect(contractValuesImported("import { A, type B, C as D } from '@playrep/contracts';")).toEqual(['A', 'C']);
    expect(contractValuesImported("import type { A } from '@playrep/contracts';")).toEqual([]);
  });

  it('takes no value from the zod modules (api/) in any source that ships', () => {
    const api = apiValues();
    const offences = files(SRC, /\.tsx?$/)
      .filter((file) => !/\.test\.tsx?$/.test(file) && !file.includes(`${sep}test${sep}`))
      .flatMap((file) =>
        contractValuesImported(readFileSync(file, 'utf8'))
          .filter((name) => api.has(name))
          .map((name) => `${relative(SRC, file)}: ${name}`),
      );
    expect(offences).toEqual([]);
  });
});
