import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { assertChromiumInstalled } from './browser.js';
import { REPO_ROOT, startServer } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the one server shared by every e2e file listens, e.g. http://127.0.0.1:41234. */
    baseURL: string;
    /** A live feed key of that server (server-process.ts). */
    feedKey: string;
  }
}

/** One real server for all e2e files: started before the first file, stopped after the last. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  assertChromiumInstalled();
  // The harness builds nothing: `npm test` and `npm run test:e2e` run `npm run build` first.
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The browser tests run against the built web app, and apps/web/dist is missing: run `npm run build` first.');
  }
  const started = Date.now();
  const server = await startServer();
  console.log(`e2e: server ready at ${server.url} in ${((Date.now() - started) / 1000).toFixed(1)} s (log: ${server.logFile})`);
  project.provide('baseURL', server.url);
  project.provide('feedKey', server.feedKey);
  return () => server.stop();
}
