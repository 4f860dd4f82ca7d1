import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { FEED_EVENT_ID_MAX } from '@playrep/contracts';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env.js';
import type { Database } from './db/client.js';
import { type Clock, systemClock } from './lib/clock.js';
import { registerExportRecording } from './modules/activity/exports.js';
import { openApiDocs } from './modules/docs/routes.js';
import { registerExportLimits } from './modules/export/export-limits.js';
import { registerFeedKeyAuth } from './modules/feed/auth.js';
import { feedHandlers } from './modules/feed/routes.js';
import { healthHandlers, identityHandlers, registerTwoStepRequirement, reportHandlers } from './modules/index.js';
import { emailHandlers, unsubscribeHandlers } from './modules/mail/routes.js';
import './plugins/context.js';
import { registerSession } from './modules/identity/gate/request-session.js';
import { clientAddressOptions } from './plugins/client-address.js';
import { registerEndpoints } from './plugins/endpoints.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import { refusingControlCharacters, registerInputGuard } from './plugins/input-guard.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerReportLimits } from './plugins/report-limits.js';
import { compiledSerializerCompiler } from './plugins/response-serializer.js';
import { registerScopeGuard } from './plugins/scope.js';
import { answerClientError, registerAnswerHeaders, setRequestHeaders, setSecurityHeaders } from './plugins/security-headers.js';
import { registerWebApp } from './plugins/web-app.js';

/**
 * Compression of answers: none under 1 KiB; gzip (and deflate) at level 1, a few per cent larger
 * than the default level 6 for a third of its work; up to 256 KiB compressed in one call on the
 * event loop rather than through a zlib stream (whose set-up costs more than compressing a report
 * answer on a two-core machine). Brotli keeps the plugin's quality 4.
 */
const COMPRESSION = { threshold: 1024, syncThreshold: 256 * 1024, zlibOptions: { level: 1 } } as const;

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppOptions {
  database: Database;
  env: Env;
  clock?: Clock;
  /** Folder of the built web app; null serves no files (API only). */
  webDist?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Routes added behind the report guard, beside the table's (the guard's own tests probe it with them). */
  extraReportRoutes?: FastifyPluginAsync;
}

/** The whole application, not listening: server.ts listens, tests use inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // A path parameter may be a whole event id (GET /api/feed/v1/events/{id}): 128 characters of up
    // to 4 UTF-8 bytes each, percent-encoded (3 characters a byte).
    routerOptions: { maxParamLength: FEED_EVENT_ID_MAX * 4 * 3 },
    // request.ip: the socket's peer, or the address the proxies of TRUST_PROXY forward, always an IP address.
    ...clientAddressOptions(env.TRUST_PROXY),
    // A URL that cannot be decoded (`/api/%zz`) is refused before routing and hooks: answer it
    // like every other error, with the security headers.
    frameworkErrors: answerFrameworkError,
    // Errors Node raises before any request reaches Fastify (malformed HTTP, headers too large).
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(refusingControlCharacters(validatorCompiler));
  // Answers written by serializers compiled from their schemas; zod checks every one too outside production.
  app.setSerializerCompiler(compiledSerializerCompiler({ crossCheck: env.NODE_ENV !== 'production' }));

  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('env', env);
  app.decorate('clock', options.clock ?? systemClock);

  registerErrorHandling(app);
  registerMetrics(app, env.METRICS_TOKEN);
  registerAnswerHeaders(app);
  registerInputGuard(app);
  // Answers from 1 KiB, gzip at level 1 and in one call up to 256 KiB (docs/decisions/0020).
  await app.register(fastifyCompress, COMPRESSION);
  await app.register(fastifyCookie);

  await app.register(openApiDocs);
  // Every /api route comes from the contracts' endpoint table, grouped by what it needs first.
  await app.register(
    async (api) => {
      registerOriginCheck(api);
      registerEndpoints(api, ['public'], healthHandlers(app));
      await api.register(async (auth) => {
        registerSession(auth);
        registerEndpoints(auth, ['public', 'session'], {
          ...identityHandlers(app),
          ...emailHandlers(app),
        });
      });
      // The statements' one-click unsubscribe: mail providers post it as a form (RFC 8058).
      await api.register(async (mail) => {
        mail.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string', bodyLimit: 1024 },
          (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
        );
        registerEndpoints(mail, ['public'], unsubscribeHandlers(app));
      });
      await api.register(async (reports) => {
        registerSession(reports);
        registerScopeGuard(reports);
        registerTwoStepRequirement(reports);
        // A download the export limits refuse is refused before the report limits count it.
        registerExportLimits(reports, { perAccount: env.EXPORTS_PER_ACCOUNT, perServer: env.EXPORTS_PER_SERVER });
        registerReportLimits(reports, env.REPORTS_PER_ACCOUNT);
        registerExportRecording(reports);
        registerEndpoints(reports, ['report'], reportHandlers(readingFromReplicas(app)));
        if (options.extraReportRoutes) await reports.register(options.extraReportRoutes);
      });
      // The platform feed: a feed key, never a session.
      await api.register(async (feed) => {
        registerFeedKeyAuth(feed);
        registerEndpoints(feed, ['feed'], feedHandlers(app));
      });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist, {
    // A build may hold source maps (the dev build does): production never serves them.
    sourceMaps: env.NODE_ENV !== 'production',
  });
  return app;
}

/**
 * The app as the report handlers see it: its `db` is the database's reader (a read replica within
 * the lag limit when there is one, else the primary), looked up at each use. Everything else, and
 * every write, is the app's own. Sign-in, sessions, the scope guard, the feed and the settlement
 * keep the primary.
 */
function readingFromReplicas(app: FastifyInstance): FastifyInstance {
  return Object.create(app, { db: { get: () => app.database.reader() } }) as FastifyInstance;
}

/** An error Fastify raises before routing: `{ message }` (the path is not echoed back) with the security headers. */
function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  setSecurityHeaders(reply.raw);
  setRequestHeaders(request, reply);
  const status = error.statusCode ?? 400;
  const message =
    status >= 500
      ? 'Something went wrong'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'Malformed URL: it has an invalid percent-encoding'
        : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'URL too long'
          : 'Bad request';
  reply.status(status).send({ message });
}
