import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layering of the web app, read from the import lines of every source file under src/ (tests
 * included). Shared code flows one way: lib, config and components serve the features, the
 * features serve the app shell.
 * - A feature does not import the app shell (app/) nor another feature.
 * - components/, lib/ and config/ import neither features/ nor app/.
 * - Every routed page is `features/<area>/<Name>Page.tsx`: pages (with their tests) at the root of
 *   their feature, its calls under api/, everything else under components/.
 */

const SRC = dirname(fileURLToPath(import.meta.url));

interface SourceFile {
  /** Relative to src/, with '/' separators. */
  path: string;
  source: string;
}

function sourceFiles(dir = SRC): SourceFile[] {
  const files: SourceFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name)) {
      files.push({ path: relative(SRC, full).split(sep).join('/'), source: readFileSync(full, 'utf8') });
    }
  }
  return files;
}

/** Every module a file names: `import … from`, `export … from`, `import '…'` and `import('…')`. */
function importedSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [/\bfrom\s+['"]([^'"]+)['"]/g, /\bimport\s+['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** The path under src/ a relative import points at; undefined for a package. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return posix.normalize(posix.join(posix.dirname(from), specifier));
}

/** 'app', 'components', 'config', 'lib', 'test', or 'features/<area>'; the file itself for a top-level file. */
function areaOf(path: string): string {
  const [top, second] = path.split('/');
  return top === 'features' && second !== undefined ? `features/${second}` : (top ?? path);
}

/** One line per import that breaks a rule: the file, what it imports, and the rule. */
function importRuleOffences(files: readonly SourceFile[]): string[] {
  const offences: string[] = [];
  for (const file of files) {
    const area = areaOf(file.path);
    for (const specifier of importedSpecifiers(file.source)) {
      const target = resolveImport(file.path, specifier);
      if (target === undefined) continue;
      const targetArea = areaOf(target);
      const offence = (rule: string) => offences.push(`${file.path} imports '${specifier}': ${rule}`);
      if (area.startsWith('features/')) {
        if (targetArea === 'app') offence('a feature does not import the app shell (app/)');
        else if (targetArea.startsWith('features/') && targetArea !== area) offence('a feature does not import another feature');
      } else if (['components', 'lib', 'config'].includes(area)) {
        if (targetArea === 'app' || targetArea.startsWith('features/')) {
          offence(`${area}/ imports neither features/ nor app/`);
        }
      }
    }
  }
  return offences;
}

/** Page files that are not `features/<area>/<Name>Page.tsx`, and pages the app routes to from elsewhere. */
function pagePlacementOffences(files: readonly SourceFile[]): string[] {
  const offences: string[] = [];
  const isPagePath = (path: string) => /^features\/[^/]+\/[A-Z]\w*Page$/.test(path);
  for (const file of files) {
    if (/Page\.tsx$/.test(file.path) && !isPagePath(file.path.replace(/\.tsx$/, ''))) {
      offences.push(`${file.path}: a page sits at features/<area>/<Name>Page.tsx`);
    }
  }
  for (const file of files.filter((f) => f.path.startsWith('app/'))) {
    for (const specifier of importedSpecifiers(file.source)) {
      const target = resolveImport(file.path, specifier);
      if (target?.startsWith('features/') && /Page$|Screen$/.test(target) && !isPagePath(target)) {
        offences.push(`${file.path} imports the page '${specifier}': a page sits at features/<area>/<Name>Page.tsx`);
      }
    }
  }
  return offences;
}

describe('import rules', () => {
  const files = sourceFiles();

  it('reads the whole app', () => {
    expect(files.some((f) => f.path === 'app/screen-registry.ts')).toBe(true);
    expect(files.some((f) => f.path.startsWith('features/network/api/'))).toBe(true);
    expect(normalize(SRC).endsWith(join('web', 'src'))).toBe(true);
  });

  it('holds: features import neither app/ nor each other; components/, lib/ and config/ import neither', () => {
    const offences = importRuleOffences(files);
    expect(offences, `Imports that break the layering:\n${offences.join('\n')}`).toEqual([]);
  });

  it('puts every page at features/<area>/<Name>Page.tsx, where the screen registry imports it', () => {
    const offences = pagePlacementOffences(files);
    expect(offences, `Pages out of place:\n${offences.join('\n')}`).toEqual([]);
    const registry = files.find((f) => f.path === 'app/screen-registry.ts')!;
    const pages = importedSpecifiers(registry.source).filter((s) => s.includes('/features/'));
    expect(pages.length).toBeGreaterThan(10);
  });

  it('names each page after its screen: the screen key `agentStatus` has `AgentStatusPage`', () => {
    const registry = files.find((f) => f.path === 'app/screen-registry.ts')!;
    // `key: () => import('../features/<area>/<Name>Page')`, and `const drawDetails = () => import(...)`
    // for the page the four draw screens share.
    const entries = [...registry.source.matchAll(/^\s*(?:const )?'?(\w+)'?\s*[:=] \(\) => import\('[^']*\/(\w+)Page'\)/gm)];
    expect(entries.length).toBeGreaterThan(10);
    const misnamed = entries
      .map(([, key, page]) => [key!, page!] as const)
      .filter(([key, page]) => page !== key.charAt(0).toUpperCase() + key.slice(1))
      .map(([key, page]) => `${key}: ${page}Page`);
    expect(misnamed).toEqual([]);
  });

  it('names each offending import and its rule', () => {
    const broken: SourceFile[] = [
      { path: 'features/loans/LoanPage.tsx', source: "import { PageFrame } from '../../app/page-frame';" },
      { path: 'features/loans/components/Table.tsx', source: "import {\n  useDraft,\n} from '../../mail/components/use-draft';" },
      { path: 'features/loans/api/call.ts', source: "export { x } from '../../../features/network/api/x';" },
      { path: 'components/report/Thing.tsx', source: "const page = () => import('../../features/draws/DrawDetailsPage');" },
      { path: 'lib/session.ts', source: "import '../app/global.css';" },
      { path: 'config/paths.ts', source: "import { x } from '../features/auth/components/messages';" },
      // Allowed: within a feature, the shared layers, packages, and the app shell importing features.
      { path: 'features/loans/LoanPage.test.tsx', source: "import { renderApp } from '../../test/render-app';" },
      {
        path: 'features/loans/components/Ok.tsx',
        source: "import { x } from '../api/call';\nimport { y } from '../../../lib/format';",
      },
      { path: 'app/routes.tsx', source: "import { LoginPage } from '../features/auth/LoginPage';\nimport { z } from 'zod';" },
    ];
    expect(importRuleOffences(broken)).toEqual([
      "features/loans/LoanPage.tsx imports '../../app/page-frame': a feature does not import the app shell (app/)",
      "features/loans/components/Table.tsx imports '../../mail/components/use-draft': a feature does not import another feature",
      "features/loans/api/call.ts imports '../../../features/network/api/x': a feature does not import another feature",
      "components/report/Thing.tsx imports '../../features/draws/DrawDetailsPage': components/ imports neither features/ nor app/",
      "lib/session.ts imports '../app/global.css': lib/ imports neither features/ nor app/",
      "config/paths.ts imports '../features/auth/components/messages': config/ imports neither features/ nor app/",
    ]);
    expect(
      pagePlacementOffences([
        { path: 'features/network/components/AgentDetailsPage.tsx', source: '' },
        { path: 'app/screen-registry.ts', source: "lazy(() => import('../features/network/components/AgentDetailsPage'))" },
        { path: 'features/network/AgentStatusPage.tsx', source: '' },
      ]),
    ).toEqual([
      'features/network/components/AgentDetailsPage.tsx: a page sits at features/<area>/<Name>Page.tsx',
      "app/screen-registry.ts imports the page '../features/network/components/AgentDetailsPage': a page sits at features/<area>/<Name>Page.tsx",
    ]);
  });
});
