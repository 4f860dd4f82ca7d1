import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One family name per area across the three trees (CONTRIBUTING.md, "How the code is laid out"):
 * a contracts file of packages/contracts/src/{api,screens,tables}/ is named `<family>.ts` or
 * `<family>-<part>.ts`, a server module (apps/server/src/modules/<name>/) and a web feature
 * (apps/web/src/features/<name>/) are named `<family>`, unless the name is declared
 * infrastructure; a family with a server module or a web feature has `api/<family>.ts`.
 */

/** The families, as CONTRIBUTING.md's table lists them. */
const FAMILIES = [
  'activity',
  'draws',
  'feed',
  'health',
  'identity',
  'insight',
  'mail',
  'members',
  'money',
  'network',
  'platform',
  'transfers',
] as const;

/** Shared code, named for what it does, in each folder read (the web keeps it out of features/). */
const INFRASTRUCTURE: Record<Tree, readonly string[]> = {
  api: ['common', 'list-paging'],
  screens: ['screen-row'],
  tables: ['columns', 'statement'],
  modules: ['accounts', 'docs', 'export', 'ledger', 'loans', 'play-sums', 'settlement', 'weeks'],
  features: [],
};

/** Families with a server module or a web feature but no `api/<family>.ts`, each with its reason. */
const NO_CONTRACTS_FILE: Record<string, string> = {};

type Tree = 'api' | 'screens' | 'tables' | 'modules' | 'features';

/** The names found in each folder: file names without `.ts` for contracts, folder names for the apps. */
type Names = Record<Tree, readonly string[]>;

interface Table {
  families: readonly string[];
  infrastructure: Record<Tree, readonly string[]>;
  noContractsFile: Record<string, string>;
}

const FOLDERS: Record<Tree, string> = {
  api: 'packages/contracts/src/api',
  screens: 'packages/contracts/src/screens',
  tables: 'packages/contracts/src/tables',
  modules: 'apps/server/src/modules',
  features: 'apps/web/src/features',
};

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function readNames(): Names {
  const entries = (tree: Tree) => readdirSync(join(ROOT, FOLDERS[tree]), { withFileTypes: true });
  const contracts = (tree: Tree) =>
    entries(tree)
      .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
      .map((e) => e.name.replace(/\.ts$/, ''));
  const folders = (tree: Tree) =>
    entries(tree)
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  return {
    api: contracts('api'),
    screens: contracts('screens'),
    tables: contracts('tables'),
    modules: folders('modules'),
    features: folders('features'),
  };
}

/** One line per name outside the table, per family missing its contracts file, per stale entry. */
function familyNameOffences(names: Names, table: Table): string[] {
  const offences: string[] = [];
  const isFamily = (name: string) => table.families.includes(name);
  const familyOfFile = (name: string) => table.families.find((f) => name === f || name.startsWith(`${f}-`));
  for (const tree of ['api', 'screens', 'tables'] as const) {
    for (const name of names[tree]) {
      if (!familyOfFile(name) && !table.infrastructure[tree].includes(name)) {
        offences.push(`${FOLDERS[tree]}/${name}.ts: not <family>.ts, <family>-<part>.ts nor declared infrastructure`);
      }
    }
  }
  for (const tree of ['modules', 'features'] as const) {
    for (const name of names[tree]) {
      if (!isFamily(name) && !table.infrastructure[tree].includes(name)) {
        offences.push(`${FOLDERS[tree]}/${name}/: neither a family nor declared infrastructure`);
      }
    }
  }
  const withCode = new Set([...names.modules, ...names.features].filter(isFamily));
  for (const family of [...withCode].sort()) {
    if (!names.api.includes(family) && table.noContractsFile[family] === undefined) {
      offences.push(`${family}: a server module or web feature but no ${FOLDERS.api}/${family}.ts`);
    }
  }
  // The table holds no name that is gone, nor one name on both sides.
  for (const family of table.families) {
    if (!(['api', 'modules', 'features'] as const).some((tree) => names[tree].some((n) => familyOfFile(n) === family))) {
      offences.push(`${family}: a family with no contracts file, server module nor web feature`);
    }
    if (Object.values(table.infrastructure).some((infra) => infra.includes(family))) {
      offences.push(`${family}: both a family and infrastructure`);
    }
  }
  for (const [tree, infra] of Object.entries(table.infrastructure) as [Tree, readonly string[]][]) {
    for (const name of infra.filter((n) => !names[tree].includes(n))) {
      offences.push(`${FOLDERS[tree]}/${name}: declared infrastructure that is not there`);
    }
  }
  for (const family of Object.keys(table.noContractsFile).filter((f) => !withCode.has(f) || names.api.includes(f))) {
    offences.push(`${family}: a declared exception that is no longer needed`);
  }
  return offences;
}

const TABLE: Table = { families: FAMILIES, infrastructure: INFRASTRUCTURE, noContractsFile: NO_CONTRACTS_FILE };

describe('family names', () => {
  const names = readNames();

  it('reads the three trees', () => {
    expect(names.api).toEqual(expect.arrayContaining(['network', 'identity', 'insight-week-glance']));
    expect(names.modules).toEqual(expect.arrayContaining(['network', 'identity', 'weeks']));
    expect(names.features).toEqual(expect.arrayContaining(['network', 'identity']));
    expect(names.screens).toContain('screen-row');
    expect(names.tables).toContain('columns');
  });

  it('names every contracts file, server module and web feature after a family or as infrastructure', () => {
    const offences = familyNameOffences(names, TABLE);
    expect(offences, `Names outside the table (CONTRIBUTING.md, "How the code is laid out"):\n${offences.join('\n')}`).toEqual(
      [],
    );
  });

  it('lists the same families and infrastructure modules as CONTRIBUTING.md', () => {
    const contributing = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
    const tableFamilies = [...contributing.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(tableFamilies).toEqual([...FAMILIES]);
    const infraParagraph = contributing.slice(contributing.indexOf('Infrastructure, named for what it does'));
    for (const module of INFRASTRUCTURE.modules) expect(infraParagraph).toContain(`\`${module}\``);
  });

  it('finds the offences of made-up trees', () => {
    const madeUp: Names = {
      api: ['common', 'network', 'network-paging', 'auth', 'loans'],
      screens: ['screen-row', 'network'],
      tables: ['columns', 'statement'],
      modules: ['network', 'money-reports', 'weeks', 'draws'],
      features: ['network', 'outbox', 'draws', 'money'],
    };
    const table: Table = {
      families: ['network', 'draws', 'money', 'members'],
      infrastructure: {
        api: ['common'],
        screens: ['screen-row'],
        tables: ['columns'],
        modules: ['weeks', 'ledger'],
        features: [],
      },
      noContractsFile: { money: 'its calls sit in api/loans.ts', network: 'no longer true' },
    };
    expect(familyNameOffences(madeUp, table)).toEqual([
      'packages/contracts/src/api/auth.ts: not <family>.ts, <family>-<part>.ts nor declared infrastructure',
      'packages/contracts/src/api/loans.ts: not <family>.ts, <family>-<part>.ts nor declared infrastructure',
      'packages/contracts/src/tables/statement.ts: not <family>.ts, <family>-<part>.ts nor declared infrastructure',
      'apps/server/src/modules/money-reports/: neither a family nor declared infrastructure',
      'apps/web/src/features/outbox/: neither a family nor declared infrastructure',
      'draws: a server module or web feature but no packages/contracts/src/api/draws.ts',
      'members: a family with no contracts file, server module nor web feature',
      'apps/server/src/modules/ledger: declared infrastructure that is not there',
      'network: a declared exception that is no longer needed',
    ]);
  });
});
