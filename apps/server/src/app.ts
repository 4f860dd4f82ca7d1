import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env.js';
import type { Database } from './db/client.js';
import { type Clock, systemClock } from './lib/clock.js';
import { apiModules, playrepModules } from './modules/index.js';
import './plugins/context.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerScopeGuard } from './plugins/scope.js';
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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('env', env);
  app.decorate('clock', options.clock ?? systemClock);

  registerErrorHandling(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine writes style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Served over plain http on localhost by default; HSTS only makes sense behind TLS.
    strictTransportSecurity: false,
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);

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

/** TRUST_PROXY: unset or "false" trusts no proxy header; "true" trusts any; else a list of proxy addresses. */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((address) => address.trim());
}
