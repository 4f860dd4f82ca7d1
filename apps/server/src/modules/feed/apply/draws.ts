import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.js';
import { definite } from '../../../lib/definite.js';
import { type ApplyContext, type Item, refuse } from './context.js';

/**
 * `draw`: the result of a draw (game and time). A draw not known yet is created with it; one known
 * without a result (created by a play) gets it. A result is final: the same one again changes
 * nothing, another one is refused.
 *
 * Set-based, like plays: a run of draw results is one statement whatever its size (a platform
 * sends four every 90 seconds; a catch-up sends days of them).
 */
export async function applyDraws(ctx: ApplyContext, items: Item<'draw'>[]): Promise<void> {
  if (items.length === 0) return;
  const gameIds = await ctx.gameIds();
  // One row per draw: a second event for the same draw in the run must bring the same result.
  const first = new Map<string, { drawno: string; color: string | null }>();
  const rows: { i: number; g: number; dt: string; r: string; c: string | null }[] = [];
  for (const item of items) {
    const e = item.event;
    const drawAt = e.drawAt.toISOString();
    const result = { drawno: e.result, color: e.color ?? null };
    const key = `${e.game} ${drawAt}`;
    const earlier = first.get(key);
    if (earlier) {
      if (earlier.drawno !== result.drawno || earlier.color !== result.color) refuse(ctx, item, 'result', anotherResult(earlier));
      continue;
    }
    first.set(key, result);
    rows.push({ i: item.index, g: definite(gameIds.get(e.game), 'the game id'), dt: drawAt, r: result.drawno, c: result.color });
  }
  // The outer SELECT reads the draws as they were before the statement: a draw it finds that the
  // INSERT did not write had a result already, which must be the same one.
  const refused = await queryRows<{ i: number; drawno: string; color: string | null }>(
    ctx.tx,
    sql`
    WITH r AS (SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(i int, g smallint, dt timestamptz, r text, c text)),
    written AS (
      INSERT INTO draws (game_id, draw_time, drawno, color)
      SELECT r.g, r.dt, r.r, r.c FROM r ORDER BY r.g, r.dt
      ON CONFLICT (game_id, draw_time) DO UPDATE SET drawno = excluded.drawno, color = excluded.color
       WHERE draws.drawno IS NULL
      RETURNING game_id, draw_time)
    SELECT r.i, d.drawno, d.color
      FROM r JOIN draws d ON d.game_id = r.g AND d.draw_time = r.dt
     WHERE NOT EXISTS (SELECT 1 FROM written w WHERE w.game_id = r.g AND w.draw_time = r.dt)
       AND (d.drawno IS DISTINCT FROM r.r OR d.color IS DISTINCT FROM r.c)`,
  );
  if (refused.length === 0) return;
  const byIndex = new Map(items.map((item) => [item.index, item]));
  for (const row of refused) refuse(ctx, definite(byIndex.get(Number(row.i)), 'the refused item'), 'result', anotherResult(row));
}

function anotherResult(current: { drawno: string; color: string | null }): string {
  const shown = current.color ? `${current.drawno} (${current.color})` : current.drawno;
  return `this draw already has another result: ${shown}`;
}
