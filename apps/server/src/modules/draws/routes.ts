import { DRAW_COLUMNS, DrawDetailsQuery, DrawDetailsResponse, displayDrawNo, ErrorBody, RangeQuery } from '@playrep/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { istDay, resolveRange } from '../../lib/dates.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { sendExport } from '../export/table-export.js';
import { findDrawGame, findDraws } from './queries.js';

/** Exports are whole results; past this many rows the caller is asked to narrow the range. */
export const MAX_EXPORT_DRAWS = 200_000;

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
        const all = await findDraws(app.db, {
          gameId: game.id,
          range,
          now,
          sort: query.sort,
          limit: MAX_EXPORT_DRAWS + 1,
          offset: 0,
        });
        if (all.total > MAX_EXPORT_DRAWS)
          throw badRequest(`Too many draws to export (${all.total}); choose a shorter date range`);
        const rows = all.rows.map((r, i) => ({
          srNo: i + 1,
          drawno: displayDrawNo(game.code, r.drawno) + suffix(r.color),
          date: r.date,
        }));
        return sendExport(reply, query.format, `draws-${game.name}-${range.from}-to-${range.to}`, [
          { title: game.name, columns: DRAW_COLUMNS, rows },
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

/** In a spreadsheet the Fun AB suit is written out, since colour is lost. */
function suffix(color: string | null): string {
  const names: Record<string, string> = { c: ' diamond', k: ' spade', l: ' heart', f: ' club' };
  return color ? (names[color] ?? '') : '';
}
