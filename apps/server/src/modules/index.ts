import type { ReportCall } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import type { EndpointHandlers } from '../plugins/endpoints.js';
import { drawHandlers } from './draws/routes.js';
import { moneyReportHandlers } from './money-reports/routes.js';
import { networkHandlers } from './network/routes.js';
import { transferHandlers } from './transfers/routes.js';

export { authHandlers } from './auth/routes.js';
export { healthHandlers } from './health/routes.js';

/** The handler of every /api/playrep report call: the type makes a call without one a compile error. */
export function reportHandlers(app: FastifyInstance): EndpointHandlers<ReportCall> {
  return {
    ...transferHandlers(app),
    ...drawHandlers(app),
    ...networkHandlers(app),
    ...moneyReportHandlers(app),
  };
}
