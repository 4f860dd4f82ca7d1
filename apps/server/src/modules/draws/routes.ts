import { ENDPOINTS } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { istDay, resolveRange } from '../../lib/dates.js';
import { notFound } from '../../lib/http-error.js';
import type { EndpointHandlers } from '../../plugins/endpoints.js';
import { sendExport } from '../export/table-export.js';
import { drawExportRows, drawRow } from './present.js';
import { findDrawGame, findDraws, streamDraws } from './queries.js';

export function drawHandlers(app: FastifyInstance): EndpointHandlers<'drawdetails'> {
  return {
    drawdetails: async (request, reply) => {
      const { query } = request;
      const game = await findDrawGame(app.db, query.gameId);
      if (!game) throw notFound(`Unknown game: ${query.gameId}`);
      const now = app.clock.now();
      const range = resolveRange(query, istDay(now));

      if (query.format) {
        const draws = streamDraws(app.db, { gameId: game.id, range, now, sort: query.sort });
        return sendExport(reply, query.format, `draws-${game.name}-${range.from}-to-${range.to}`, [
          { title: game.name, columns: ENDPOINTS.drawdetails.exports.draws, rows: drawExportRows(game.code, draws) },
        ]);
      }

      const offset = (query.page - 1) * query.pageSize;
      const { total, rows } = await findDraws(app.db, {
        gameId: game.id,
        range,
        now,
        sort: query.sort,
        limit: query.pageSize,
        offset,
      });
      return {
        gameId: game.code,
        gameName: game.name,
        range: { fromDate: range.from, toDate: range.to },
        page: query.page,
        pageSize: query.pageSize,
        total,
        data: rows.map(drawRow),
      };
    },
  };
}
