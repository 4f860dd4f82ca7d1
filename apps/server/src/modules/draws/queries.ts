import type { DrawRow } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { type DayRange, rangeInstants } from '../../lib/dates.js';

export interface DrawGameRow {
  id: number;
  code: string;
  name: string;
}

export async function findDrawGame(db: Queryable, code: string): Promise<DrawGameRow | undefined> {
  const rows = await queryRows<DrawGameRow>(db, sql`SELECT id, code, name FROM games WHERE code = ${code} AND kind = 'draw'`);
  return rows[0];
}

/**
 * Open draws of a game in an IST day range, up to `now` (a draw without a number is not open and
 * never shown), newest first by default, one page at a time. Served by draws_game_time_key.
 */
export async function findDraws(
  db: Queryable,
  input: { gameId: number; range: DayRange; now: Date; limit: number; offset: number; sort: 'asc' | 'desc' },
): Promise<{ total: number; rows: DrawRow[] }> {
  const { start, end } = rangeInstants(input.range);
  const upTo = end < input.now ? end : input.now;
  const where = sql`game_id = ${input.gameId} AND draw_time >= ${start.toISOString()}::timestamptz
    AND draw_time < ${upTo.toISOString()}::timestamptz AND drawno IS NOT NULL`;
  const direction = input.sort === 'asc' ? sql`ASC` : sql`DESC`;
  const [countRows, pageRows] = await Promise.all([
    queryRows<{ total: number }>(db, sql`SELECT count(*) AS total FROM draws WHERE ${where}`),
    queryRows<{ id: number; drawno: string; draw_time: Date | string; color: DrawRow['color'] }>(
      db,
      sql`SELECT id, drawno, draw_time, color FROM draws WHERE ${where}
           ORDER BY draw_time ${direction} LIMIT ${input.limit} OFFSET ${input.offset}`,
    ),
  ]);
  return {
    total: Number(countRows[0]?.total ?? 0),
    rows: pageRows.map((r) => ({
      _id: String(r.id),
      drawno: r.drawno,
      date: new Date(r.draw_time).toISOString(),
      color: r.color,
    })),
  };
}
