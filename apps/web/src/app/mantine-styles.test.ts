import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * mantine-styles.css imports the component library's styles one component at a time. This test
 * works out which ones the app needs, the way the bundler finds the code: from every named import
 * of @mantine/core and @mantine/dates in src/, through the library's own modules,
 * to each component's class names module (`Button.module.mjs`, whose styles are `styles/Button.css`).
 */

const SRC = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
/** A package's folder (its main module is cjs/index.cjs). */
const packageDir = (pkg: string) => dirname(dirname(require.resolve(pkg)));
/** The library's ES module folder (`esm/`) of a package. */
const esmOf = (pkg: string) => join(packageDir(pkg), 'esm');
const CORE = packageDir('@mantine/core');
const PACKAGES = ['@mantine/core', '@mantine/dates'] as const;
/** Always first, as the library's documentation says: the reset, the default variables, global rules. */
const BASE = ['baseline', 'default-css-variables', 'global'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The names a source imports (values, not types) from a package. */
function namedImports(source: string, pkg: string): string[] {
  const pattern = new RegExp(`import\\s*{([^}]*)}\\s*from\\s*['"]${pkg.replace('/', '\\/')}['"]`, 'g');
  return [...source.matchAll(pattern)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0]!),
  );
}

/** Export name -> module file, from a package's esm/index.mjs. */
function exportsOf(pkg: string): Map<string, string> {
  const esm = esmOf(pkg);
  const index = readFileSync(join(esm, 'index.mjs'), 'utf8');
  const map = new Map<string, string>();
  for (const m of index.matchAll(/(?:import|export)\s*{([^}]*)}\s*from\s*"(\.[^"]+)"/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!;
      if (name && !map.has(name)) map.set(name, join(esm, m[2]!));
    }
  }
  return map;
}

/** The core component styles the app's imports lead to. */
function neededComponentStyles(): Set<string> {
  const exportsByPackage = new Map<string, Map<string, string>>(PACKAGES.map((pkg) => [pkg, exportsOf(pkg)]));
  const needed = new Set<string>();
  const seen = new Set<string>();
  const visitName = (pkg: string, name: string) => {
    const file = exportsByPackage.get(pkg)?.get(name);
    if (!file) throw new Error(`${pkg} has no export ${name}`);
    visitFile(file);
  };
  const visitFile = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:from|import)\s*"(\.[^"]+)"/g)) {
      const target = join(dirname(file), m[1]!);
      if (target.endsWith('.module.mjs')) {
        if (target.startsWith(CORE)) needed.add(target.slice(target.lastIndexOf('/') + 1, -'.module.mjs'.length));
      } else visitFile(target);
    }
    // The dates package is built from core components too.
    if (!file.startsWith(CORE)) for (const name of namedImports(source, '@mantine/core')) visitName('@mantine/core', name);
  };
  for (const file of sourceFiles(SRC)) {
    const source = readFileSync(file, 'utf8');
    for (const pkg of PACKAGES) for (const name of namedImports(source, pkg)) visitName(pkg, name);
  }
  return needed;
}

/** The files in the order of the library's whole stylesheet (some components override others). */
function inLibraryOrder(names: Iterable<string>): string[] {
  const whole = readFileSync(join(CORE, 'styles.css'), 'utf8');
  const position = (name: string) => {
    const at = whole.indexOf(readFileSync(join(CORE, 'styles', `${name}.css`), 'utf8').slice(0, 300));
    if (at < 0) throw new Error(`styles/${name}.css is not part of styles.css`);
    return at;
  };
  return [...names].sort((a, b) => position(a) - position(b));
}

describe('component library styles', () => {
  it('imports exactly the styles of the components the app uses, in the library order', () => {
    const css = readFileSync(join(SRC, 'app/mantine-styles.css'), 'utf8');
    const imported = [...css.matchAll(/@import\s+"@mantine\/core\/styles\/([\w-]+)\.css";/g)].map((m) => m[1]!);
    const needed = neededComponentStyles();
    expect(needed.size).toBeGreaterThan(20);
    expect(needed.has('Button') && needed.has('Table') && needed.has('AppShell')).toBe(true);
    const expected = [...BASE, ...inLibraryOrder(needed)];
    expect(imported, `mantine-styles.css should import, in this order:\n${expected.join('\n')}`).toEqual(expected);
  });

  it('is what the app loads instead of the whole stylesheet', () => {
    const app = readFileSync(join(SRC, 'app/App.tsx'), 'utf8');
    expect(app).toContain("import './mantine-styles.css';");
    const everything = sourceFiles(SRC).filter((file) => readFileSync(file, 'utf8').includes('@mantine/core/styles.css'));
    expect(everything).toEqual([]);
  });
});
