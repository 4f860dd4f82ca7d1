import type { DrawRow } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
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

export interface DrawQuery {
  gameId: number;
  range: DayRange;
  now: Date;
  sort: 'asc' | 'desc';
}

/** An open draw as stored. */
export interface DrawRecord {
  id: number;
  drawno: string;
  drawTime: Date;
  color: DrawRow['color'];
}

interface DrawSqlRow {
  id: number;
  drawno: string;
  draw_time: Date | string;
  /** draw_time as text: the exact key for the next batch (a Date would drop microseconds). */
  cursor: string;
  color: DrawRow['color'];
}

/**
 * The draws a report may show: of the game, in the IST day range, up to `now`, with a number (a
 * draw without one is not open and never shown). Served by draws_game_time_key.
 */
function openDrawsWhere(input: DrawQuery): SQL {
  const { start, end } = rangeInstants(input.range);
  const upTo = end < input.now ? end : input.now;
  return sql`game_id = ${input.gameId} AND draw_time >= ${start.toISOString()}::timestamptz
    AND draw_time < ${upTo.toISOString()}::timestamptz AND drawno IS NOT NULL`;
}

function toRecord(r: DrawSqlRow): DrawRecord {
  return { id: r.id, drawno: r.drawno, drawTime: new Date(r.draw_time), color: r.color };
}

const SELECT_DRAW = sql`SELECT id, drawno, draw_time, draw_time::text AS cursor, color FROM draws`;

/** One page of open draws (newest first by default) and how many there are in all. */
export async function findDraws(
  db: Queryable,
  input: DrawQuery & { limit: number; offset: number },
): Promise<{ total: number; rows: DrawRecord[] }> {
  const where = openDrawsWhere(input);
  const direction = input.sort === 'asc' ? sql`ASC` : sql`DESC`;
  const [countRows, pageRows] = await Promise.all([
    queryRows<{ total: number }>(db, sql`SELECT count(*) AS total FROM draws WHERE ${where}`),
    queryRows<DrawSqlRow>(
      db,
      sql`${SELECT_DRAW} WHERE ${where} ORDER BY draw_time ${direction} LIMIT ${input.limit} OFFSET ${input.offset}`,
    ),
  ]);
  return { total: Number(countRows[0]?.total ?? 0), rows: pageRows.map(toRecord) };
}

/** Draws per query when a whole range is read: the memory an export holds at a time. */
export const DRAW_BATCH_SIZE = 5_000;

/**
 * Every open draw of the range in order, read in batches by keyset (draw_time is unique per game),
 * so a year of draws streams without an OFFSET scan and without holding it all.
 */
export async function* streamDraws(db: Queryable, input: DrawQuery, batchSize = DRAW_BATCH_SIZE): AsyncGenerator<DrawRecord> {
  const where = openDrawsWhere(input);
  const ascending = input.sort === 'asc';
  let after: string | undefined;
  for (;;) {
    const keyset =
      after === undefined
        ? sql``
        : ascending
          ? sql`AND draw_time > ${after}::timestamptz`
          : sql`AND draw_time < ${after}::timestamptz`;
    const batch = await queryRows<DrawSqlRow>(
      db,
      sql`${SELECT_DRAW} WHERE ${where} ${keyset} ORDER BY draw_time ${ascending ? sql`ASC` : sql`DESC`} LIMIT ${batchSize}`,
    );
    for (const row of batch) yield toRecord(row);
    if (batch.length < batchSize) return;
    after = batch.at(-1)!.cursor;
  }
}
