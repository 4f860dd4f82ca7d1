import type { FastifyInstance } from 'fastify';
import { recordActivity } from './record.js';

/** Paging and sorting say nothing about what was exported. */
const NOT_FILTERS = new Set(['format', 'page', 'pageSize', 'sort', 'order']);

/**
 * Records every export downloaded from a report call (docs/domain.md, "Access": the call and its
 * filters), once its answer has gone out: a refused export (limits, bad filters) is no download.
 */
export function registerExportRecording(reports: FastifyInstance): void {
  reports.addHook('onResponse', async (request, reply) => {
    const query = request.query as Record<string, unknown> | undefined;
    const call = request.routeOptions.config?.call;
    if (!request.auth || !call || typeof query?.format !== 'string' || reply.statusCode !== 200) return;
    const filters = Object.fromEntries(
      Object.entries(query).filter(([name, value]) => !NOT_FILTERS.has(name) && value !== undefined),
    );
    try {
      await recordActivity(reports.db, {
        at: reports.clock.now(),
        kind: 'export-downloaded',
        actor: { accountId: request.auth.accountId },
        subjectId: request.subject?.id ?? request.auth.accountId,
        address: request.ip,
        userAgent: request.headers['user-agent'],
        details: { call, format: query.format, filters },
      });
    } catch (err) {
      request.log.error({ err }, 'activity: the export could not be recorded');
    }
  });
}
