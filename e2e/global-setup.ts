import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { assertChromiumInstalled } from './browser.js';
import { REPO_ROOT, startServer } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The servers of the e2e files, one per test worker (thisFileServer in harness.ts picks a file's). */
    e2eServers: E2EServer[];
  }
}

/** Where a server of the e2e files listens, e.g. http://127.0.0.1:41234, and a live feed key of it. */
export interface E2EServer {
  baseURL: string;
  feedKey: string;
}

/**
 * One real server per test worker, started before the first file and stopped after the last: a
 * worker runs one file at a time, so the files that share a server run one after another (as a
 * single server for all would have them), while two workers run two e2e files, or an e2e file
 * beside the server tests, at once.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  assertChromiumInstalled();
  // The harness builds nothing: `npm test` and `npm run test:e2e` run `npm run build` first.
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The browser tests run against the built web app, and apps/web/dist is missing: run `npm run build` first.');
  }
  const workers = Math.max(1, Number(project.globalConfig.maxWorkers) || 1);
  const started = Date.now();
  // All at once: each seeds its demo network in its own process, on one core (the embedded
  // database is single-threaded), so two take about the time of one.
  const starting = Array.from({ length: workers }, (_, n) => startServer({ name: `server-${n + 1}` }));
  const outcomes = await Promise.allSettled(starting);
  const servers = outcomes.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = outcomes.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`e2e: ${servers.length} servers ready in ${seconds} s (logs: ${servers.map((s) => s.logFile).join(', ')})`);
  project.provide(
    'e2eServers',
    servers.map((s) => ({ baseURL: s.url, feedKey: s.feedKey })),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
