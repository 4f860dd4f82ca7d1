import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

let files: string[] | undefined;

/** The repository's files (committed, and new ones not ignored), as paths from its root. */
export function repoFiles(): string[] {
  files ??= execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f !== '' && existsSync(REPO + f));
  return files;
}

export function readRepoFile(path: string): string {
  return readFileSync(REPO + path, 'utf8');
}

export function pathExists(path: string): boolean {
  const set = new Set(repoFiles());
  return set.has(path) || repoFiles().some((f) => f.startsWith(`${path}/`));
}

export function isDirectory(path: string): boolean {
  return existsSync(REPO + path) && statSync(REPO + path).isDirectory();
}

/** The headings of a Markdown document, without their #s. */
export function docSections(path: string): string[] {
  return [...readRepoFile(path).matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((m) => (m[1] as string).replace(/`/g, ''));
}

/**
 * The comments of a source file, one entry per comment line (a block comment's lines joined with
 * the next when a sentence runs on, so that `docs/domain.md, "Days and weeks"` split over two
 * lines is one text). Strings are not parsed: a `//` must start the line or follow a space.
 */
export function codeComments(source: string): { line: number; text: string }[] {
  const comments: { line: number; text: string }[] = [];
  const lines = source.split('\n');
  let block: { line: number; parts: string[] } | undefined;
  lines.forEach((raw, i) => {
    if (block) {
      const end = raw.indexOf('*/');
      block.parts.push((end >= 0 ? raw.slice(0, end) : raw).replace(/^\s*\*\s?/, ''));
      if (end >= 0) {
        comments.push({ line: block.line, text: block.parts.join(' ') });
        block = undefined;
      }
      return;
    }
    const start = raw.search(/(^|\s)\/\*/);
    if (start >= 0) {
      const from = raw.indexOf('/*', start);
      const end = raw.indexOf('*/', from + 2);
      if (end >= 0) comments.push({ line: i + 1, text: raw.slice(from + 2, end).replace(/^\*/, '') });
      else block = { line: i + 1, parts: [raw.slice(from + 2).replace(/^\*/, '')] };
      return;
    }
    const slash = raw.search(/(^|\s)\/\//);
    if (slash >= 0) {
      const text = raw.slice(raw.indexOf('//', slash) + 2);
      const previous = comments[comments.length - 1];
      // A run of // lines is one comment.
      if (previous && previous.line + previous.text.split('\n').length === i + 1 && /^\s*\/\//.test(lines[i - 1] ?? '')) {
        previous.text += `\n${text}`;
      } else comments.push({ line: i + 1, text });
    }
  });
  return comments;
}

const packageFiles = new Map<string, string[]>();

/** True when the installed package `name` has a file whose path ends with `path`. */
export function packageHasFile(name: string, path: string): boolean {
  if (path === '') return false;
  let files = packageFiles.get(name);
  if (!files) {
    // Installed at the root, or in the workspace that needs another version.
    const dir = ['', 'apps/web/', 'apps/server/', 'packages/contracts/']
      .map((workspace) => `${REPO}${workspace}node_modules/${name}`)
      .find((d) => existsSync(d));
    files = dir ? (readdirSync(dir, { recursive: true }) as string[]).map((f) => f.replaceAll('\\', '/')) : [];
    packageFiles.set(name, files);
  }
  const clean = path.replace(/\/$/, '');
  return files.some((f) => f === clean || f.endsWith(`/${clean}`) || f.includes(`/${clean}/`) || f.startsWith(`${clean}/`));
}
