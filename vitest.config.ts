import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time: most of a file's time is spent waiting on PostgreSQL, a child
    // server process or the browser, so two keep the 2-core machine busy (one alone left it idle).
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // A worker imports the server's modules once for all its files rather than once per file
          // (half the project's time). The files share nothing through those modules: none mocks
          // a module, and each builds its own database, app, clock and servers.
          isolate: false,
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
