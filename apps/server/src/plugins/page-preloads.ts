import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isRole, screenOfPath } from '@playrep/contracts';

/**
 * The links index.html gets for a role area's path (`/{role}/...`): the app's files and those of
 * the screen's page at that path, which the web build lists in page-preloads.json
 * (apps/web/page-preloads.ts). Without them a phone asks for the app only once the entry script
 * has arrived and run; with them it fetches everything side by side from the start. They are
 * asked at low priority: at the same priority they slowed the entry script and its first paint
 * (the loading screen) by more than they saved (bench/README.md). The files are only fetched
 * early: the app still decides what to run, and a path without a screen (the bare area, an
 * unknown path) gets the app's files alone. The sign-in page gets none.
 */
interface PreloadFile {
  href: string;
  as: 'script' | 'style';
}
interface PagePreloads {
  app: PreloadFile[];
  pages: Record<string, PreloadFile[]>;
}

const isPreloadFile = (value: unknown): value is PreloadFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PreloadFile).href === 'string' &&
  /^\/assets\/[\w.-]+$/.test((value as PreloadFile).href) &&
  ((value as PreloadFile).as === 'script' || (value as PreloadFile).as === 'style');

/** The build's list, or null when the build has none or it does not read as one (then nothing is added). */
export function readPagePreloads(webDist: string): PagePreloads | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path.join(webDist, 'page-preloads.json'), 'utf8'));
  } catch {
    return null;
  }
  const { app, pages } = (parsed ?? {}) as Partial<PagePreloads>;
  const files = (list: unknown) => Array.isArray(list) && list.every(isPreloadFile);
  if (!files(app) || typeof pages !== 'object' || pages === null || !Object.values(pages).every(files)) return null;
  return { app: app as PreloadFile[], pages };
}

/** The `<link>` elements for `pathname`, one per line; empty outside the role areas. */
export function preloadLinks(preloads: PagePreloads, pathname: string): string {
  const [first] = pathname.split('/').filter(Boolean);
  if (!isRole(first)) return '';
  const key = screenOfPath(pathname)?.key;
  const files = new Map<string, PreloadFile>();
  for (const file of [...preloads.app, ...((key && preloads.pages[key]) || [])]) files.set(file.href, file);
  return [...files.values()]
    .map((f) =>
      f.as === 'script'
        ? `<link rel="modulepreload" crossorigin fetchpriority="low" href="${f.href}">`
        : `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${f.href}">`,
    )
    .join('\n    ');
}
