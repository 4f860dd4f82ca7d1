import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { buildApp } from '../src/app.js';
import { readEnv } from '../src/config/env.js';
import type { Clock } from '../src/lib/clock.js';
import { ManualClock } from './manual-clock.js';
import { createTestDatabase, type TestDatabase, type TestDbKind } from './test-db.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ManualClock;
  /**
   * The server's error log lines (JSON), oldest first: the test app prints no log, so a test that
   * meets an unexpected 500 prints these to say why.
   */
  serverErrors: string[];
  close(): Promise<void>;
}

/** The real app on a fresh migrated database, for inject(). */
export async function buildTestApp(
  kind: TestDbKind,
  options: {
    webDist?: string | null;
    clock?: Clock;
    env?: Record<string, string>;
    extraReportRoutes?: FastifyPluginAsync;
  } = {},
): Promise<TestApp> {
  const env = readEnv({ NODE_ENV: 'test', ...options.env });
  // The database as the server opens it: report reads limited to the report statement timeout.
  const database = await createTestDatabase(kind, { reportStatementTimeoutMs: env.REPORT_STATEMENT_TIMEOUT_MS });
  const clock = options.clock instanceof ManualClock ? options.clock : new ManualClock();
  const serverErrors: string[] = [];
  const app = await buildApp({
    // Only errors, kept rather than printed: a test that expects a failure stays quiet.
    logger: { level: 'error', stream: { write: (line: string) => void serverErrors.push(line) } },
    database,
    env,
    clock,
    webDist: options.webDist ?? null,
    ...(options.extraReportRoutes ? { extraReportRoutes: options.extraReportRoutes } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    serverErrors,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
