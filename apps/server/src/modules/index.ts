import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { drawRoutes } from './draws/routes.js';
import { healthRoutes } from './health/routes.js';
import { moneyReportRoutes } from './money-reports/routes.js';
import { networkRoutes } from './network/routes.js';
import { transferRoutes } from './transfers/routes.js';

/** Public and /api/auth modules, each under its own prefix below /api. */
export const apiModules: { prefix: string; routes: FastifyPluginAsync<any> }[] = [
  { prefix: '', routes: healthRoutes },
  { prefix: '/auth', routes: authRoutes },
];

/** Modules whose routes live under /api/playrep: every route needs a session and a `call` name. */
export const playrepModules: FastifyPluginAsync<any>[] = [transferRoutes, drawRoutes, networkRoutes, moneyReportRoutes];
