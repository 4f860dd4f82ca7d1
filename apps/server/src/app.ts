import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env.js';
import type { Database } from './db/client.js';
import { type Clock, systemClock } from './lib/clock.js';
import { openApiDocs } from './modules/docs/routes.js';
import { apiModules, playrepModules } from './modules/index.js';
import './plugins/context.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerScopeGuard } from './plugins/scope.js';
import { SECURITY_HEADERS, setSecurityHeaders } from './plugins/security-headers.js';
import { registerSession } from './plugins/session.js';
import { registerWebApp } from './plugins/web-app.js';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppOptions {
  database: Database;
  env: Env;
  clock?: Clock;
  /** Folder of the built web app; null serves no files (API only). */
  webDist?: string | null;
  logger?: FastifyServerOptions['logger'];
}

/** The whole application, not listening: server.ts listens, tests use inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    // A URL that cannot be decoded (`/api/%zz`) is refused before routing and hooks: answer it
    // like every other error, with the security headers.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('env', env);
  app.decorate('clock', options.clock ?? systemClock);

  registerErrorHandling(app);
  await app.register(fastifyHelmet, SECURITY_HEADERS);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);

  await app.register(openApiDocs);
  await app.register(
    async (api) => {
      registerOriginCheck(api);
      for (const mod of apiModules) await api.register(mod.routes, { prefix: mod.prefix });
      await api.register(
        async (playrep) => {
          registerSession(playrep);
          registerScopeGuard(playrep);
          for (const mod of playrepModules) await playrep.register(mod);
        },
        { prefix: '/playrep' },
      );
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist);
  return app;
}

/** An error Fastify raises before routing: `{ message }` (the path is not echoed back) with the security headers. */
function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  setSecurityHeaders(request.raw, reply.raw);
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

/** TRUST_PROXY: unset or "false" trusts no proxy header; "true" trusts any; else a list of proxy addresses. */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((address) => address.trim());
}
