import type { FastifyInstance } from 'fastify';
import { istDay, resolveRange } from '../../lib/dates.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { EndpointHandlers } from '../../plugins/endpoints.js';
import { drawExportRows, drawRow } from './present.js';
import { findDrawGame, findDraws, MAX_DRAW_PAGE_DEPTH, streamDraws } from './queries.js';

export function drawHandlers(app: FastifyInstance): EndpointHandlers<'drawDetails'> {
  return {
    drawDetails: async (request) => {
      const { query } = request;
      const game = await findDrawGame(app.db, query.gameId);
      if (!game) throw notFound(`Unknown game: ${query.gameId}`);
      const now = app.clock.now();
      const range = resolveRange(query, istDay(now));
      return {
        // A download streams the whole range; the screen reads one page.
        download: () => ({
          about: [game.name, range.from, 'to', range.to],
          sheets: {
            draws: {
              rows: drawExportRows(game.code, streamDraws(app.db, { gameId: game.id, range, now, sort: query.sort })),
              titled: game.name,
            },
          },
        }),
        json: async () => {
          const { total, rows } = await findDraws(app.db, {
            gameId: game.id,
            range,
            now,
            sort: query.sort,
            limit: query.pageSize,
            offset: (query.page - 1) * query.pageSize,
          });
          if (rows === null) throw badRequest(tooDeepMessage(query.page, query.pageSize, total));
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
    },
  };
}

/** A page further than MAX_DRAW_PAGE_DEPTH draws from both ends of the range: which pages can be shown instead. */
function tooDeepMessage(page: number, pageSize: number, total: number): string {
  const pages = Math.ceil(total / pageSize);
  const lastFromStart = Math.floor(MAX_DRAW_PAGE_DEPTH / pageSize);
  const firstFromEnd = Math.ceil((total - MAX_DRAW_PAGE_DEPTH) / pageSize) + 1;
  const n = (value: number) => value.toLocaleString('en-IN');
  return (
    `Page ${n(page)} of ${n(pages)} is too far into this range to show: pages 1 to ${n(lastFromStart)} and ` +
    `${n(firstFromEnd)} to ${n(pages)} can be. Choose a shorter date range to see the draws between them.`
  );
}
