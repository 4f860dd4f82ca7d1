import type { Plugin } from 'vite';

const AREA_CHUNK = 'area';

interface AreaGroup {
  name: string;
  test: (id: string) => boolean;
  minShareCount: number;
  includeDependenciesRecursively: boolean;
}

/**
 * One file for the code the role areas share, instead of the two dozen small chunks the bundler
 * cuts by default (the router, the query cache, the report kit, each of Mantine's parts). A phone
 * over HTTP/1.1 fetches six files at a time, a round trip each: a report page asked for about 35
 * files, in five or six rounds, before it could show its data (Lighthouse's largest paint
 * 3.4-3.7 s; 3.0-3.35 s with this file, bench/README.md).
 *
 * The group takes every module that two or more of the app's lazily loaded parts share (the app
 * proper, the screens' pages, the account pages), except what the entry script loads: the
 * sign-in page stays as light as it is. A module one page alone uses stays in that page's file.
 * The group's modules do not drag their imports in with them (`includeDependenciesRecursively`),
 * or React would leave the entry for the group; the build fails if the entry imports the group.
 */
/** `starts` and everything `next` leads to from them, transitively (static imports, of modules or of chunks). */
function reachable(starts: readonly string[], next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...starts];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...next(id));
  }
  return seen;
}

export function areaChunk(): { plugin: Plugin; group: AreaGroup } {
  let loadedByEntry = new Set<string>();
  const plugin: Plugin = {
    name: 'playrep-area-chunk',
    apply: 'build',
    buildEnd() {
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      loadedByEntry = reachable(entries, (id) => this.getModuleInfo(id)?.importedIds ?? []);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const area = chunks.filter((c) => c.name === AREA_CHUNK).map((c) => c.fileName);
      const [areaFile] = area;
      if (area.length !== 1 || areaFile === undefined)
        throw new Error(`area chunk: expected one ${AREA_CHUNK} chunk, found ${area.length}`);
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entries = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
      if (reachable(entries, (file) => byFile.get(file)?.imports ?? []).has(areaFile))
        throw new Error(`area chunk: the entry script imports ${areaFile}: the sign-in page would load it`);
    },
  };
  const group: AreaGroup = {
    name: AREA_CHUNK,
    test: (id) => !loadedByEntry.has(id),
    minShareCount: 2,
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}
