import type { ReportCall } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import type { EndpointHandlers } from '../plugins/endpoints.js';
import { activityHandlers } from './activity/routes.js';
import { drawHandlers } from './draws/routes.js';
import { managerHandlers } from './identity/index.js';
import { cafeTrendsHandlers } from './insight/cafe-trends-routes.js';
import { insightHandlers } from './insight/routes.js';
import { todayHandlers } from './insight/today-routes.js';
import { weekGlanceHandlers } from './insight/week-glance-routes.js';
import { digestHandlers } from './mail/digest/routes.js';
import { mailScreenHandlers } from './mail/routes.js';
import { memberHandlers } from './members/routes.js';
import { moneyReportHandlers } from './money/routes.js';
import { statementMailRenderer } from './money/statement-mail.js';
import { networkHandlers } from './network/routes.js';
import { platformHandlers } from './platform/routes.js';
import { transferHandlers } from './transfers/routes.js';

export { healthHandlers } from './health/routes.js';
export { identityHandlers, registerTwoStepRequirement } from './identity/index.js';

/** The handler of every /api/playrep report call: the type makes a call without one a compile error. */
export function reportHandlers(app: FastifyInstance): EndpointHandlers<ReportCall> {
  return {
    ...transferHandlers(app),
    ...drawHandlers(app),
    ...networkHandlers(app),
    ...moneyReportHandlers(app),
    ...insightHandlers(app),
    ...cafeTrendsHandlers(app),
    ...todayHandlers(app),
    ...weekGlanceHandlers(app),
    ...digestHandlers(app),
    ...memberHandlers(app),
    ...mailScreenHandlers(app, statementMailRenderer(app.database.db, app.clock)),
    ...managerHandlers(app),
    ...activityHandlers(app),
    ...platformHandlers(app),
  };
}
