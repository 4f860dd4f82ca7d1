import { ACTIVITY_COUNT_LIMIT, ACTIVITY_EXPORT_LIMIT, ACTIVITY_EXPORT_TOO_LARGE } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { addDays, istDay, istDayStart, resolveDay } from '../../lib/dates.js';
import { badRequest } from '../../lib/http-error.js';
import type { EndpointHandlers } from '../../plugins/endpoints.js';
import { activityRow } from './present.js';
import { countActivity, listActivity } from './queries.js';
import { activityScopeOf } from './scope.js';

/**
 * The Activity screen (docs/domain.md, "Access"): the entries the caller may see (all for the
 * superadmin and admins, else those whose actor or subject is in its subtree), filtered, paged and
 * sorted on the server, with its CSV and Excel export.
 */
export function activityHandlers(app: FastifyInstance): EndpointHandlers<'activity'> {
  return {
    activity: async (request) => {
      const { query } = request;
      const auth = request.auth;
      const scope = activityScopeOf(auth);
      const today = istDay(app.clock.now());
      const from = query.fromDate ? resolveDay(query.fromDate, today, 'fromDate') : undefined;
      const to = query.toDate ? resolveDay(query.toDate, today, 'toDate') : undefined;
      if (from && to && to < from) throw badRequest('To Date must not be before From Date');
      const filters = {
        kind: query.kind,
        actor: query.actor || undefined,
        subject: query.subject || undefined,
        from: from ? istDayStart(from) : undefined,
        to: to ? istDayStart(addDays(to, 1)) : undefined,
      };
      const order = { sort: query.sort, direction: query.order };
      return {
        // A download holds every entry the filters keep (up to its limit); the screen one page.
        download: async () => {
          if ((await countActivity(app.db, scope, filters, ACTIVITY_EXPORT_LIMIT)) > ACTIVITY_EXPORT_LIMIT) {
            throw badRequest(ACTIVITY_EXPORT_TOO_LARGE);
          }
          const all = await listActivity(app.db, scope, filters, { ...order, offset: 0, limit: null });
          return { about: [auth.username], sheets: { activity: all.map(activityRow) } };
        },
        json: async () => {
          const [entries, counted] = await Promise.all([
            listActivity(app.db, scope, filters, { ...order, offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),
            countActivity(app.db, scope, filters),
          ]);
          return {
            data: entries.map(activityRow),
            total: Math.min(counted, ACTIVITY_COUNT_LIMIT),
            totalIsLowerBound: counted > ACTIVITY_COUNT_LIMIT,
            page: query.page,
            pageSize: query.pageSize,
          };
        },
      };
    },
  };
}
