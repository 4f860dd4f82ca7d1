import {
  DRAW_COLUMNS,
  DrawDetailsQuery,
  DrawDetailsResponse,
  type DrawRow,
  drawResultText,
  ErrorBody,
  RangeQuery,
} from '@playrep/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { istDay, resolveRange } from '../../lib/dates.js';
import { notFound } from '../../lib/http-error.js';
import { sendExport } from '../export/table-export.js';
import { findDrawGame, findDraws, streamDraws } from './queries.js';

const Query = DrawDetailsQuery.extend({ format: RangeQuery.shape.format });

export const drawRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/drawdetails',
    { config: { call: 'drawdetails' }, schema: { querystring: Query, response: { 200: DrawDetailsResponse, 404: ErrorBody } } },
    async (request, reply) => {
      const { query } = request;
      const game = await findDrawGame(app.db, query.gameId);
      if (!game) throw notFound(`Unknown game: ${query.gameId}`);
      const now = app.clock.now();
      const range = resolveRange(query, istDay(now));

      if (query.format) {
        const draws = streamDraws(app.db, { gameId: game.id, range, now, sort: query.sort });
        return sendExport(reply, query.format, `draws-${game.name}-${range.from}-to-${range.to}`, [
          { title: game.name, columns: DRAW_COLUMNS, rows: exportRows(game.code, draws) },
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
        data: rows,
      };
    },
  );
};

/** The export's rows: numbered, the winning number as the screen shows it. */
async function* exportRows(gameCode: string, draws: AsyncIterable<DrawRow>) {
  let srNo = 0;
  for await (const draw of draws) {
    srNo++;
    yield { srNo, drawno: drawResultText(gameCode, draw.drawno, draw.color), date: draw.date };
  }
}
