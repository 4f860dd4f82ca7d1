import { SCREENS } from '@playrep/contracts';
import { describe, expect, it } from 'vitest';
import { codeComments, docSections, isDirectory, packageHasFile, pathExists, readRepoFile, repoFiles } from './repo-text.js';

/**
 * What the docs and the code comments name must exist: a path or a file name, a function, a type
 * or a constant, and a section of a document (`docs/domain.md, "Days and weeks"`). A path that is
 * no file of the repository may be a screen's route, or a file the code makes at run time or build
 * time (its name is written in the code: `DATA_DIR/secret-key`, `apps/web/dist`). A rename that
 * leaves a doc behind fails here, naming the doc, its line and the name.
 */

const MARKDOWN = repoFiles().filter((f) => f === 'README.md' || f === 'CONTRIBUTING.md' || /^docs\/.*\.md$/.test(f));
const CODE = repoFiles().filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && !f.includes('/migrations/'));
/** Code whose words count as the code's own, comments left out: the sources, the scripts and the configuration. */
const CODE_AND_CONFIG = [
  ...CODE,
  ...repoFiles().filter((f) => /^\.ci\/|(^|\/)(package|knip|biome|tsconfig[\w.]*)\.json$/.test(f)),
];

/** The routes of the screens, below `/{role}/` (`reports/revenue`, `drawdetails/funtarget/MNOQqWWi`). */
const ROUTES = new Set(SCREENS.map((s) => s.path));

/**
 * URL parameters the code composes rather than writes out: the member page's two lists
 * (`listKey('plays', 'page')`, apps/web/src/features/members/MemberPage.tsx).
 */
const COMPOSED_NAMES = new Set(['playsPage', 'playsPageSize', 'playsSort', 'playsOrder', 'transfersPage']);

/** Every word of the code outside its comments, and the names it declares (function, const, type, key...). */
const CODE_INDEX = (() => {
  const words = new Set<string>();
  const declared = new Set<string>();
  let all = '';
  for (const file of CODE_AND_CONFIG) {
    const text = file.endsWith('.json') ? readRepoFile(file) : stripComments(readRepoFile(file));
    all += `${text}\n`;
    for (const w of text.match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(w);
    const declarations =
      /\b(?:function\*?|const|let|var|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)|(?:^|[\s{,])(?:async\s+)?([A-Za-z_$][\w$]*)\??\s*(?:[:(]|<[^>]*>\s*\()/gm;
    for (const m of text.matchAll(declarations)) declared.add((m[1] ?? m[2]) as string);
    // Destructured exports and re-exports: `export const { useReport: useX } = ...`, `export { a, b as c }`.
    for (const m of text.matchAll(/\b(?:const|export)\s*\{([^}]*)\}/g)) {
      for (const name of (m[1] as string).match(/[A-Za-z_$][\w$]*/g) ?? []) declared.add(name);
    }
  }
  return { words, declared, text: all };
})();

function stripComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[\s;,{}()])\/\/.*$/gm, '$1')
    .replace(/^\s*#(?!!).*$/gm, ''); // shell comments (.ci/)
}

/** A file the code makes: its last part is written in the code, quoted or as a path's part. */
function madeByTheCode(path: string): boolean {
  const last = path.replace(/\/$/, '').split('/').pop() ?? '';
  const quoted = new RegExp(`['"\`/]${last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`/]`);
  return last !== '' && quoted.test(CODE_INDEX.text);
}

interface Reference {
  where: string;
  name: string;
}

const FILE_NAME = /^[\w.-]*[\w-]\.(?:ts|tsx|mjs|js|json|md|sql|yaml|yml|html|css|sh)$/;
const IDENTIFIER = /^([A-Za-z_$][\w$]*)(?:\(.*\))?$/;

/** A backticked span or a bare token that names a repository path or a file: `db/jobs.ts`, `present.ts`, `e2e/`. */
function pathLike(token: string): string | undefined {
  const t = token.replace(/[.,;:)]+$/, '').replace(/^\.\//, '');
  if (/[\s<>{}*$=?|'"]/.test(t) || t.startsWith('/') || /^[a-z]+:/.test(t) || t.includes('...')) return undefined;
  if (t.startsWith('@')) return undefined; // a package
  const last = t.split('/').filter(Boolean).pop() ?? '';
  if (FILE_NAME.test(last)) return t;
  if (t.includes('/') && /^[\w.-]+(\/[\w.-]+)*\/?$/.test(t) && /[a-z]/.test(t) && !/^\d/.test(t)) return t;
  return undefined;
}

/** Where a path named in `from` exists: from the repository's root, beside `from`, or as the end of a repository path. */
function resolves(path: string, from: string): boolean {
  const clean = path.replace(/\/$/, '');
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
  const candidates = [clean, dir ? `${dir}/${clean}` : clean];
  if (candidates.some((c) => pathExists(normalize(c)))) return true;
  // Named from where it lives (`db/jobs.ts`, `modules/mail/`, `OneTableReport.test.tsx`).
  const suffix = `/${clean}`;
  return repoFiles().some((f) => f.endsWith(suffix) || f.includes(`${suffix}/`) || f.startsWith(`${clean}/`));
}

function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/** A name of the code, checked when it is written as one: camelCase, PascalCase, UPPER_SNAKE, or called `name()`. */
function codeNameProblem(span: string): string | undefined {
  const m = span.match(IDENTIFIER);
  if (!m) return undefined;
  const name = m[1] as string;
  const called = span.includes('(');
  const codeLike = /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]|^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name);
  if (!called && !codeLike) return undefined;
  if (called && !/[A-Z]/.test(name)) return undefined; // lower case: an SQL function (`ist_day(ts)`) as often as ours
  if (COMPOSED_NAMES.has(name)) return undefined;
  if (called ? CODE_INDEX.declared.has(name) : CODE_INDEX.words.has(name)) return undefined;
  return called ? `${span}: no such function in the code` : `${span}: no such name in the code`;
}

/** The inline code spans and the link targets of a Markdown text, by line, outside fenced blocks. */
function markdownReferences(file: string): { references: Reference[]; fences: { lang: string; body: string; line: number }[] } {
  const references: Reference[] = [];
  const fences: { lang: string; body: string; line: number }[] = [];
  const lines = readRepoFile(file).split('\n');
  let fence: { lang: string; body: string[]; line: number } | undefined;
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    const open = line.match(/^\s*```(\w*)/);
    if (open) {
      if (fence) {
        fences.push({ lang: fence.lang, body: fence.body.join('\n'), line: fence.line });
        fence = undefined;
      } else fence = { lang: open[1] ?? '', body: [], line: i + 1 };
      return;
    }
    if (fence) {
      fence.body.push(line);
      return;
    }
    for (const m of line.matchAll(/`([^`]+)`/g)) references.push({ where, name: m[1] as string });
    for (const m of line.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
      const target = m[1] as string;
      if (!/^[a-z]+:/.test(target)) references.push({ where, name: `link:${target}` });
    }
  });
  return { references, fences };
}

function problemsOf(references: Reference[], from: string): string[] {
  const problems: string[] = [];
  for (const { where, name } of references) {
    if (name.startsWith('link:')) {
      const target = name.slice(5);
      if (!resolves(target, from) && !isDirectory(target)) problems.push(`${where} links to ${target}, which does not exist`);
      continue;
    }
    const path = pathLike(name);
    if (path) {
      if (!resolves(path, from) && !ROUTES.has(path) && !madeByTheCode(path))
        problems.push(`${where} names ${path}, which is not in the repository`);
      continue;
    }
    const codeProblem = codeNameProblem(name.trim());
    if (codeProblem) problems.push(`${where} ${codeProblem}`);
  }
  return problems;
}

/** A section named after a document: `docs/domain.md, "Days and weeks"` (straight or curly quotes). */
const SECTION_REFERENCE = /((?:docs\/)?[\w./-]+\.md),? (?:section )?["“]([^"”]+)["”]/g;

function sectionProblems(text: string, where: (index: number) => string, from: string): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(SECTION_REFERENCE)) {
    const doc = m[1] as string;
    const title = (m[2] as string).replace(/\s+/g, ' ').trim();
    const file = ['', 'docs/', from.slice(0, from.lastIndexOf('/') + 1)]
      .map((dir) => normalize(`${dir}${doc}`))
      .find((f) => pathExists(f));
    if (!file) continue; // a missing document is reported as a path
    if (!docSections(file).some((s) => s === title || s.startsWith(`${title} (`) || s.startsWith(`${title}:`))) {
      problems.push(`${where(m.index ?? 0)} names the section "${title}" of ${file}, which has no such heading`);
    }
  }
  return problems;
}

describe('the docs name what exists', () => {
  it('has documents and code to read', () => {
    expect(MARKDOWN).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/screens.md', 'docs/domain.md']));
    expect(CODE.length).toBeGreaterThan(100);
  });

  it.each(MARKDOWN)('%s: every path, file, link and code name it quotes exists', (file) => {
    const { references } = markdownReferences(file);
    expect(problemsOf(references, file)).toEqual([]);
  });

  it.each(MARKDOWN)(
    '%s: every function its TypeScript examples call is one of the code’s, or declared in the document',
    (file) => {
      const { fences } = markdownReferences(file);
      const ts = fences.filter((f) => f.lang === 'ts' || f.lang === 'tsx');
      const ownDeclarations = new Set<string>();
      for (const f of ts) {
        for (const m of f.body.matchAll(/\b(?:function|const|interface|type)\s+([A-Za-z_$][\w$]*)/g))
          ownDeclarations.add(m[1] as string);
        for (const m of f.body.matchAll(/^\s*([A-Za-z_$][\w$]*):/gm)) ownDeclarations.add(m[1] as string);
      }
      const problems: string[] = [];
      for (const f of ts) {
        for (const m of f.body.matchAll(/(?<![.\w$])([A-Za-z_$][\w$]*)\s*(?:<[^>()]*>)?\(/g)) {
          const name = m[1] as string;
          if (JS_WORDS.has(name) || ownDeclarations.has(name) || CODE_INDEX.declared.has(name)) continue;
          problems.push(`${file}: the example at line ${f.line} calls ${name}(), which the code does not declare`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(MARKDOWN)('%s: every section it names in another document is a heading there', (file) => {
    const text = readRepoFile(file);
    const lineOf = (index: number) => `${file}:${text.slice(0, index).split('\n').length}`;
    expect(sectionProblems(text, lineOf, file)).toEqual([]);
  });
});

describe('the code comments name what exists', () => {
  it('every path, file and section a comment names exists, and so does every code name it quotes', () => {
    const problems: string[] = [];
    for (const file of CODE) {
      for (const { line, text } of codeComments(readRepoFile(file))) {
        const where = `${file}:${line}`;
        const tokens = [
          ...[...text.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string),
          ...text.split(/[\s`(),;"“”]+/).filter((t) => /\.(ts|tsx|mjs|md|sql)\b|\/$/.test(t.replace(/[.,:;]+$/, ''))),
        ];
        // A file of a package the comment names (`Button.module.mjs` of @mantine/core) is that package's.
        const packages = [...text.matchAll(/@[\w-]+\/[\w.-]+/g)].map((m) => m[0]);
        const references = [...new Set(tokens)]
          .filter((name) => !packages.some((pkg) => packageHasFile(pkg, pathLike(name) ?? '')))
          .map((name) => ({ where, name }));
        problems.push(
          ...problemsOf(references, file).filter((p) => !/no such name/.test(p)),
          ...sectionProblems(text, () => where, file),
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('cite the product’s docs, not a specification that is not in the repository', () => {
    const citations: string[] = [];
    for (const file of CODE) {
      for (const { line, text } of codeComments(readRepoFile(file))) {
        if (/\bthe spec\b|\bspec[’'](?:s)\b|\bspec §|\bthe specification\b|\(spec\b|\.md\s+(?:\*\s+)?section \d/i.test(text))
          citations.push(`${file}:${line}: ${text.trim()}`);
      }
    }
    expect(citations).toEqual([]);
  });
});

const JS_WORDS = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'function',
  'return',
  'await',
  'async',
  'typeof',
  'import',
  'super',
  'Number',
  'String',
  'BigInt',
  'Promise',
  'Date',
  'Array',
  'Object',
  'Boolean',
  'Error',
  'Set',
  'Map',
]);
