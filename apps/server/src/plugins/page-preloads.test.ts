import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { preloadLinks, readPagePreloads } from './page-preloads.js';

const INDEX =
  '<!doctype html><html><head><title>Playrep</title><script type="module" src="/assets/index.js"></script></head><body></body></html>';
const PRELOADS = {
  app: [
    { href: '/assets/mount-app.css', as: 'style' },
    { href: '/assets/mount-app.js', as: 'script' },
    { href: '/assets/router.js', as: 'script' },
  ],
  pages: {
    trends: [
      { href: '/assets/TrendsPage.js', as: 'script' },
      { href: '/assets/router.js', as: 'script' },
    ],
    'drawDetails-funtarget': [{ href: '/assets/DrawDetailsPage.js', as: 'script' }],
  },
};

function webDist(preloads: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'playrep-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'page-preloads.json'), JSON.stringify(preloads));
  return dir;
}

const hrefs = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|preload" as="style)" crossorigin fetchpriority="low" href="([^"]+)">/g)].map(
    (m) => m[1],
  );

describe('the links index.html gets for a path', () => {
  it("a screen's path: the app's files, then its page's, each once", () => {
    expect(hrefs(preloadLinks(PRELOADS as never, '/superadmin/reports/trends'))).toEqual([
      '/assets/mount-app.css',
      '/assets/mount-app.js',
      '/assets/router.js',
      '/assets/TrendsPage.js',
    ]);
    // Every game's draw details has the one page.
    expect(hrefs(preloadLinks(PRELOADS as never, '/master/drawdetails/funroullet/12'))).toContain('/assets/DrawDetailsPage.js');
  });

  it("a path without a screen the role may open: the app's files alone; outside the role areas: none", () => {
    const appOnly = ['/assets/mount-app.css', '/assets/mount-app.js', '/assets/router.js'];
    expect(hrefs(preloadLinks(PRELOADS as never, '/superadmin/'))).toEqual(appOnly);
    expect(hrefs(preloadLinks(PRELOADS as never, '/superadmin/no/such/screen'))).toEqual(appOnly);
    // A player has no Trends.
    expect(hrefs(preloadLinks(PRELOADS as never, '/player/reports/trends'))).toEqual(appOnly);
    for (const outside of ['/auth/login', '/', '/nobody/reports/trends'])
      expect(preloadLinks(PRELOADS as never, outside)).toBe('');
  });

  it('a list that does not read as the build writes it adds nothing', () => {
    const bad = [
      { app: [{ href: '"><script>alert(1)</script>', as: 'script' }], pages: {} },
      { app: [{ href: 'https://elsewhere.example/x.js', as: 'script' }], pages: {} },
      { app: [{ href: '/assets/a.js', as: 'image' }], pages: {} },
      { app: [], pages: { trends: 'x' } },
      null,
    ];
    for (const preloads of bad) {
      const dir = webDist(preloads);
      try {
        expect(readPagePreloads(dir)).toBeNull();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    expect(readPagePreloads(path.join(tmpdir(), 'no-such-web-dist'))).toBeNull();
  });
});

describe('index.html as the server sends it', () => {
  let t: TestApp;
  const dist = webDist(PRELOADS);

  beforeAll(async () => {
    t = await buildTestApp('pglite', { webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("holds the links of the path's screen in its head, revalidated at every load", async () => {
    const res = await t.app.inject({ url: '/superadmin/reports/trends?weeks=8' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(hrefs(head)).toEqual(['/assets/mount-app.css', '/assets/mount-app.js', '/assets/router.js', '/assets/TrendsPage.js']);
    expect(res.body.replace(/\s*<link [^>]+>/g, '').replace(/\s+<\/head>/, '</head>')).toBe(INDEX);
  });

  it('is sent as built on the sign-in page', async () => {
    const res = await t.app.inject({ url: '/auth/login' });
    expect([res.statusCode, res.body]).toEqual([200, INDEX]);
  });
});
