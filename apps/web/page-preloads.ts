import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The file the build writes beside index.html; the server reads it (apps/server/src/plugins/web-app.ts). */
const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * What the server adds to index.html for a role area's path, so that a phone fetches the app and
 * the screen's page while the entry script is still arriving, instead of after it has run:
 * `app`, the files of the app proper (mount-app.tsx and what it imports), and `pages`, those of
 * each screen's page by screen key. Paths are the server's (`/assets/...`); files the entry
 * already loads from index.html are left out; a stylesheet is preloaded, not applied.
 */
interface PagePreloads {
  app: PreloadFile[];
  pages: Record<string, PreloadFile[]>;
}
interface PreloadFile {
  href: string;
  as: 'script' | 'style';
}

const REGISTRY = 'src/app/screen-registry.ts';
const APP_MODULE = 'src/app/mount-app.tsx';

/**
 * The module of each screen's page, read from the screen registry's source: an entry is
 * `key: () => import('...')` or `key: name` for a constant `const name = () => import('...');`
 * (the forms its header describes). The build fails when an entry has another form.
 */
export function pageModulesOf(source: string, registryDir: string): Record<string, string> {
  const constants = new Map<string, string>();
  for (const [, name, target] of source.matchAll(/^const (\w+) = \(\) => import\('([^']+)'\);$/gm)) {
    if (name && target) constants.set(name, target);
  }
  const table = /^const PAGE_MODULES\b.* = \{\n([\s\S]*?)\n\};/m.exec(source)?.[1];
  if (!table) throw new Error(`${REGISTRY}: PAGE_MODULES not found`);
  const modules: Record<string, string> = {};
  for (const line of table.split('\n')) {
    const [, key, imported, constant] = /^\s+'?([\w-]+)'?: (?:\(\) => import\('([^']+)'\)|(\w+)),$/.exec(line) ?? [];
    const target = imported ?? (constant === undefined ? undefined : constants.get(constant));
    if (!key || !target) throw new Error(`${REGISTRY}: an entry of PAGE_MODULES the build cannot read: ${line.trim()}`);
    modules[key] = path.resolve(registryDir, target);
  }
  return modules;
}

export function pagePreloads(root: string): Plugin {
  return {
    name: 'playrep-page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const byModule = new Map(chunks.flatMap((c) => (c.facadeModuleId ? [[c.facadeModuleId.replace(/\.tsx?$/, ''), c]] : [])));
      const withImports = (fileName: string, into = new Set<string>()): Set<string> => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('page preloads: no entry chunk');
      const loadedByHtml = withImports(entry.fileName);
      const filesOf = (module: string): PreloadFile[] => {
        const chunk = byModule.get(module.replace(/\.tsx?$/, ''));
        if (!chunk) throw new Error(`page preloads: no chunk for ${path.relative(root, module)}`);
        const scripts = [...withImports(chunk.fileName)].filter((f) => !loadedByHtml.has(f));
        const styles = scripts.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        return [
          ...styles.map((f) => ({ href: `/${f}`, as: 'style' as const })),
          ...scripts.map((f) => ({ href: `/${f}`, as: 'script' as const })),
        ];
      };
      const registry = path.join(root, REGISTRY);
      const modules = pageModulesOf(readFileSync(registry, 'utf8'), path.dirname(registry));
      const preloads: PagePreloads = {
        app: filesOf(path.join(root, APP_MODULE)),
        pages: Object.fromEntries(Object.entries(modules).map(([key, module]) => [key, filesOf(module)])),
      };
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
