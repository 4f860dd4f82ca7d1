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

/**
 * How far into a range a page may lie, in draws from the nearer end: an OFFSET reads every draw it
 * skips, so a page in the middle of a year (351,000 draws) would cost as much as reading them all.
 */
export const MAX_DRAW_PAGE_DEPTH = 10_000;

/** One page of draws and how many there are in all; `rows` is null for a page deeper than MAX_DRAW_PAGE_DEPTH. */
export interface DrawPage {
  total: number;
  rows: DrawRecord[] | null;
}

/**
 * One page of open draws (newest first by default) and how many there are in all. A page in the
 * second half of the range is read from its other end, in the other order, so that the last pages
 * cost no more than the first; one further than MAX_DRAW_PAGE_DEPTH draws from both ends is not read.
 */
export async function findDraws(db: Queryable, input: DrawQuery & { limit: number; offset: number }): Promise<DrawPage> {
  const where = openDrawsWhere(input);
  const count = async () => {
    const rows = await queryRows<{ total: number }>(db, sql`SELECT count(*) AS total FROM draws WHERE ${where}`);
    return Number(rows[0]?.total ?? 0);
  };
  const page = async (sort: DrawQuery['sort'], limit: number, offset: number) => {
    const direction = sort === 'asc' ? sql`ASC` : sql`DESC`;
    const rows = await queryRows<DrawSqlRow>(
      db,
      sql`${SELECT_DRAW} WHERE ${where} ORDER BY draw_time ${direction} LIMIT ${limit} OFFSET ${offset}`,
    );
    return rows.map(toRecord);
  };

  const { limit, offset } = input;
  if (offset + limit <= MAX_DRAW_PAGE_DEPTH) {
    const [total, rows] = await Promise.all([count(), page(input.sort, limit, offset)]);
    return { total, rows };
  }
  const total = await count();
  if (offset >= total) return { total, rows: [] };
  const size = Math.min(limit, total - offset);
  const after = total - offset - size; // draws after the page, in the screen's order
  if (after + size > MAX_DRAW_PAGE_DEPTH) return { total, rows: null };
  const reversed = await page(input.sort === 'asc' ? 'desc' : 'asc', size, after);
  return { total, rows: reversed.reverse() };
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
    const last = batch.at(-1);
    if (batch.length < batchSize || last === undefined) return;
    after = last.cursor;
  }
}
