import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The import lines of the server's source (src, tests included), read as text for the tests of its
 * layering (src/import-rules.test.ts) and of its import cycles (src/import-cycles.test.ts).
 */

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

export interface Import {
  /** The importing file, relative to src ('modules/network/routes.ts'). */
  file: string;
  line: number;
  /** Relative to src for a relative import ('db/client.ts', or '../test/...' outside src); else the package name. */
  target: string;
  /** The imported names, as written between the braces (empty for `* as`, defaults and dynamic imports). */
  names: string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

// `import ... from '...'` and `export ... from '...'` over any number of lines (an import
// clause has no semicolon or quote), side-effect imports, and dynamic `import('...')`.
const STATIC = /^[ \t]*(?:import|export)\b([^;'"]*?)\bfrom\s*['"]([^'"]+)['"]/gm;
const BARE = /^[ \t]*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(fullPath: string): Import[] {
  const text = readFileSync(fullPath, 'utf8');
  const file = path.relative(SRC, fullPath).split(path.sep).join('/');
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const resolve = (specifier: string) => {
    if (!specifier.startsWith('.')) return specifier;
    const absolute = path.resolve(path.dirname(fullPath), specifier).replace(/\.js$/, '.ts');
    return path.relative(SRC, absolute).split(path.sep).join('/');
  };
  const found: Import[] = [];
  for (const m of text.matchAll(STATIC)) {
    const names = /\{([^}]*)\}/.exec(m[1]!)?.[1] ?? '';
    found.push({
      file,
      line: lineAt(m.index),
      target: resolve(m[2]!),
      names: names
        .split(',')
        .map(
          (n) =>
            n
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]!,
        )
        .filter(Boolean),
    });
  }
  for (const pattern of [BARE, DYNAMIC]) {
    for (const m of text.matchAll(pattern)) found.push({ file, line: lineAt(m.index), target: resolve(m[1]!), names: [] });
  }
  return found;
}

/** Every import of every file under src, tests included. */
export const IMPORTS = sourceFiles(SRC).flatMap(importsOf);
