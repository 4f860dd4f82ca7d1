import { defineConfig } from 'vitest/config';

/**
 * Whether a test worker keeps the modules it imported for the next file (isolate: false): half the
 * server project's time, seen whole on Node 20. On Node 24 such long-lived workers died now and
 * then ("Worker exited unexpectedly", no test failing, a different file each time), so there each
 * file still gets a fresh worker.
 */
const SHARE_WORKER_MODULES = Number(process.versions.node.split('.')[0]) < 24;

export default defineConfig({
  test: {
    // Two test files at a time: most of a file's time is spent waiting on PostgreSQL, a child
    // server process or the browser, so two keep the 2-core machine busy (one alone left it idle).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          isolate: !SHARE_WORKER_MODULES,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // A worker imports the server's modules once for all its files rather than once per file
          // (SHARE_WORKER_MODULES). The files share nothing through those modules: none mocks a
          // module, and each builds its own database, app, clock and servers.
          isolate: !SHARE_WORKER_MODULES,
          // On PostgreSQL, fails the run when a test leaves its database behind.
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // One real server (embedded database, small demo network) per test worker, which runs one
          // file at a time (e2e/global-setup.ts): e2e files run beside each other and beside the
          // server tests, never two on one server.
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
