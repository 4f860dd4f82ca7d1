/**
 * npm run bench:lighthouse [-- --url <origin>] [--runs N] [--user <username>] [--pages <list>] [--save <dir>]
 *
 * Lighthouse (mobile, performance only) on the login page and on every screen of the signed-in
 * account's role (the superadmin's by default: every screen of the product), and beside it whether
 * Chromium would offer to install the app there (Lighthouse 12 has no installability audit any
 * more: Chromium's own check, `Page.getInstallabilityErrors`, where no error means installable).
 * Without --url it starts the real server (apps/server/src/server.ts, as `npm start` runs it) on a
 * throwaway embedded database with the small demo network, serving the web app built by
 * `npm run build`. Chromium: CHROME_PATH, default /usr/bin/chromium. See bench/README.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type Role, screensFor } from '@playrep/contracts';
import lighthouse, { type Flags, type Puppeteer, type Result } from 'lighthouse';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const PASSWORD = 'Demo@1234';
const LOGIN_PATH = '/auth/login';
/** Who signs in through the login form: the superadmin opens every screen there is. */
const DEFAULT_USER = 'superadmin';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const USAGE = `Usage: npm run bench:lighthouse -- [--url <origin>] [--runs N] [--user <username>] [--pages <list>] [--save <dir>]

  --url     measure a running server (e.g. http://127.0.0.1:3000) instead of starting one
  --runs    Lighthouse runs per page; the median score is reported (default 3)
  --user    demo account to sign in as for the screens (default ${DEFAULT_USER}, who may open every one)
  --pages   comma-separated screen paths under /{role}/ (default: every screen of the user's role)
  --save    write every run's full Lighthouse report (JSON) into this folder`;

// ---------------------------------------------------------------- the server

interface RunningServer {
  origin: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The real server on a fresh embedded database that it seeds with the small demo network (about a minute). */
async function startServer(): Promise<RunningServer> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) throw new Error('No web build: run `npm run build` first.');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'playrep-lighthouse-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_ON_EMPTY: '1',
      SEED: '42',
      // No live demo feed and no backup at start: nothing else on the machine while pages are measured.
      DEMO_FEED: '0',
      BACKUP_DAILY: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server stopped at start:\n${stderr}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer within 240 s:\n${stderr}`);
    }
    const ok = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return { origin, stop };
    await sleep(500);
  }
}

// ---------------------------------------------------------------- the browser

interface PuppeteerModule {
  launch(options: { executablePath: string; headless: boolean; args: string[] }): Promise<PuppeteerBrowser>;
}
interface PuppeteerBrowser {
  newPage(): Promise<Puppeteer.Page>;
  close(): Promise<void>;
}

/**
 * Lighthouse drives Chrome through puppeteer-core, its own dependency: the same copy is used here
 * (resolved from lighthouse's folder) to sign in before a run, so the page Lighthouse measures has
 * the session the app keeps in sessionStorage, which a fresh tab would not have.
 */
async function loadPuppeteer(): Promise<PuppeteerModule> {
  const fromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse'));
  const entry = fromLighthouse.resolve('puppeteer-core');
  const module = (await import(pathToFileURL(entry).href)) as { default: PuppeteerModule };
  return module.default;
}

/** Signs in through the login form as a person would (the captcha typed from the number shown). */
async function signIn(page: Puppeteer.Page, origin: string, username: string): Promise<string> {
  await page.goto(`${origin}${LOGIN_PATH}`, { waitUntil: 'networkidle0' });
  const captcha = await page.$eval('[data-testid="captcha-code"]', (el) => (el.textContent ?? '').trim());
  await page.type('input[name="username"]', username);
  await page.type('input[name="password"]', PASSWORD);
  await page.type('input[name="captcha"]', captcha);
  await Promise.all([page.waitForNavigation({ timeout: 30_000 }).catch(() => undefined), page.click('button[type="submit"]')]);
  // A string: this folder is typed without the DOM library.
  await page.waitForFunction('!location.pathname.startsWith("/auth/")', { timeout: 30_000 });
  const area = new URL(page.url()).pathname.split('/')[1];
  if (!area) throw new Error(`Sign-in as ${username} did not leave the login page`);
  return area;
}

// ---------------------------------------------------------------- Lighthouse

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Bytes transferred, all resources, and scripts only. */
  bytes: number;
  scriptBytes: number;
}

function figuresOf(lhr: Result): Figures {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] })?.items;
  const size = (type: string) => items?.find((i) => i.resourceType === type)?.transferSize ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    bytes: size('total'),
    scriptBytes: size('script'),
  };
}

/** One Lighthouse run (mobile defaults: simulated slow 4G and 4x CPU slowdown) of `url` in `page`. */
async function measure(page: Puppeteer.Page, url: string, keepSession: boolean, saveAs?: string): Promise<Figures> {
  const flags: Flags = {
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance'],
    // Signed in: keep sessionStorage and the cookie, but start from an empty HTTP cache as a cold visit.
    disableStorageReset: keepSession,
  };
  if (keepSession) {
    // Off the app first: its page would register the service worker again after the clearing (the
    // app registers it once the page has gone quiet), and the run would load from its cache.
    await page.goto('about:blank');
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    // A cold visit: without the service worker and the app's files it keeps (the session stays).
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(url).origin,
      storageTypes: 'service_workers,cache_storage',
    });
    await cdp.detach();
  }
  const result = await lighthouse(url, flags, undefined, page);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  if (saveAs) writeFileSync(saveAs, JSON.stringify(result.lhr));
  return figuresOf(result.lhr);
}

/**
 * Whether Chromium would offer to install the app at `url`: the page loaded, its service worker
 * active, then the browser's own list of what stops an install ('yes' when it is empty).
 */
async function installability(page: Puppeteer.Page, url: string): Promise<string> {
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.waitForFunction('navigator.serviceWorker.ready.then(() => true)', { timeout: 30_000 }).catch(() => undefined);
  const cdp = await page.createCDPSession();
  try {
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    return installabilityErrors.length === 0 ? 'yes' : installabilityErrors.map((e) => e.errorId).join(',');
  } finally {
    await cdp.detach();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const ms = (v: number) => `${Math.round(v)}`;
const kb = (v: number) => (v / 1024).toFixed(1);

function printRow(name: string, runs: Figures[], installable: string): void {
  const scores = runs.map((r) => r.score);
  const mid = runs.find((r) => r.score === median(scores))!;
  console.log(
    [
      name.padEnd(34),
      String(mid.score).padStart(5),
      scores.join('/').padStart(12),
      ms(mid.fcp).padStart(6),
      ms(mid.lcp).padStart(6),
      ms(mid.tbt).padStart(6),
      mid.cls.toFixed(3).padStart(6),
      ms(mid.si).padStart(6),
      kb(mid.scriptBytes).padStart(8),
      kb(mid.bytes).padStart(8),
      ` ${installable}`,
    ].join(' '),
  );
}

/**
 * A run Lighthouse could not record (NO_NAVSTART and the like, seen on a loaded machine) is made
 * again, once: one lost trace should not end a measure of every screen.
 */
async function measureRetrying(run: () => Promise<Figures>): Promise<Figures> {
  try {
    return await run();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}: running it again`);
    return run();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      runs: { type: 'string', default: '3' },
      user: { type: 'string', default: DEFAULT_USER },
      pages: { type: 'string' },
      save: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number >= 1: ${values.runs}`);
  if (!existsSync(CHROME_PATH)) throw new Error(`No Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  const save = values.save;
  if (save) mkdirSync(save, { recursive: true });
  const saveAs = (name: string, run: number) =>
    save ? path.join(save, `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${run + 1}.json`) : undefined;

  const server: RunningServer = values.url
    ? { origin: values.url.replace(/\/$/, ''), stop: async () => {} }
    : await startServer();
  const puppeteer = await loadPuppeteer();
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    console.log(
      `Lighthouse mobile performance at ${server.origin}, median of ${runs} run(s); times in ms, sizes in KB transferred; installable: Chromium's check`,
    );
    console.log(
      ['page'.padEnd(34), 'score', 'runs'.padStart(12), 'FCP'.padStart(6), 'LCP'.padStart(6), 'TBT'.padStart(6)]
        .concat(['CLS'.padStart(6), 'SI'.padStart(6), 'JS KB'.padStart(8), 'all KB'.padStart(8), ' installable'])
        .join(' '),
    );

    const page = await browser.newPage();
    const login: Figures[] = [];
    for (let i = 0; i < runs; i++)
      login.push(await measureRetrying(() => measure(page, `${server.origin}${LOGIN_PATH}`, false, saveAs('login', i))));
    printRow(`${LOGIN_PATH} (signed out)`, login, await installability(page, `${server.origin}${LOGIN_PATH}`));

    const area = await signIn(page, server.origin, values.user);
    // The role area is named after the role (docs/screens.md, Routes).
    const pages = values.pages
      ? values.pages
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)
      : screensFor(area as Role).map((screen) => screen.path);
    for (const report of pages) {
      const url = `${server.origin}/${area}/${report}`;
      const figures: Figures[] = [];
      for (let i = 0; i < runs; i++)
        figures.push(await measureRetrying(() => measure(page, url, true, saveAs(`${area}-${report}`, i))));
      printRow(`/${area}/${report} (${values.user})`, figures, await installability(page, url));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
