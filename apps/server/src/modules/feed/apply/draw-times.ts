import { formatCount, gameNameForCode } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.js';
import { definite } from '../../../lib/definite.js';
import { type ApplyContext, type Item, refuse } from './context.js';

interface DrawTime {
  game: string;
  gameId: number;
  at: Date;
  /** The events naming this draw, in batch order. */
  items: (Item<'draw'> | Item<'play'>)[];
}

/**
 * Two draws of one game are at least the game's minimum interval apart (games.min_draw_interval_seconds,
 * docs/domain.md, "Data from the game platform"): a second result a moment beside a draw is a
 * mistake, not a second draw. A draw event, or a play, naming a time that is not a known draw
 * but lies within the interval of another draw of the game (known, or new in this run) is refused
 * on `drawAt`, with every event naming that time. One statement per run, however many events.
 * Returns the indexes of the refused events (the caller leaves them out).
 */
export async function refuseDrawsTooClose(ctx: ApplyContext, items: (Item<'draw'> | Item<'play'>)[]): Promise<Set<number>> {
  const refused = new Set<number>();
  if (items.length === 0) return refused;
  const gameIds = await ctx.gameIds();
  const times = new Map<string, DrawTime>();
  for (const item of items) {
    const { game, drawAt } = item.event;
    const key = `${game} ${drawAt.getTime()}`;
    const time = times.get(key) ?? { game, gameId: definite(gameIds.get(game), `the id of game ${game}`), at: drawAt, items: [] };
    time.items.push(item);
    times.set(key, time);
  }
  const list = [...times.values()];
  // Per time: its game's interval, whether it is a known draw, and the nearest other draw within the interval.
  const rows = await queryRows<{ i: number; interval_ms: number; known: boolean; nearest_ms: number | null }>(
    ctx.tx,
    sql`WITH r AS (SELECT * FROM json_to_recordset(${JSON.stringify(list.map((t, i) => ({ i, g: t.gameId, dt: t.at.toISOString() })))}::json)
                   AS r(i int, g smallint, dt timestamptz))
        SELECT r.i, g.min_draw_interval_seconds * 1000 AS interval_ms,
               EXISTS (SELECT 1 FROM draws d WHERE d.game_id = r.g AND d.draw_time = r.dt) AS known,
               (SELECT floor(extract(epoch FROM d.draw_time) * 1000)::bigint FROM draws d
                 WHERE d.game_id = r.g AND d.draw_time <> r.dt
                   AND d.draw_time > r.dt - make_interval(secs => g.min_draw_interval_seconds)
                   AND d.draw_time < r.dt + make_interval(secs => g.min_draw_interval_seconds)
                 ORDER BY abs(extract(epoch FROM d.draw_time - r.dt)) LIMIT 1) AS nearest_ms
          FROM r JOIN games g ON g.id = r.g`,
  );
  const intervalMs = new Map<string, number>();
  const fresh: DrawTime[] = [];
  for (const row of rows) {
    const time = definite(list[row.i], 'the draw time of a row');
    intervalMs.set(time.game, row.interval_ms);
    if (row.known) continue;
    if (row.nearest_ms !== null) tooClose(ctx, refused, time, new Date(Number(row.nearest_ms)), row.interval_ms);
    else fresh.push(time);
  }
  // New draws of the run against each other: in time order, each against the last one kept; of two
  // too close, the one the batch names later is refused.
  const firstIndex = (t: DrawTime) => definite(t.items[0], 'the first event naming a draw time').index;
  const byGame = new Map<string, DrawTime[]>();
  for (const time of fresh) {
    const gameTimes = byGame.get(time.game);
    if (gameTimes) gameTimes.push(time);
    else byGame.set(time.game, [time]);
  }
  for (const [game, gameTimes] of byGame) {
    const interval = definite(intervalMs.get(game), `the draw interval of ${game}`);
    gameTimes.sort((a, b) => a.at.getTime() - b.at.getTime());
    let kept: DrawTime | undefined;
    for (const time of gameTimes) {
      if (kept && time.at.getTime() - kept.at.getTime() < interval) {
        const [later, earlier] = firstIndex(time) > firstIndex(kept) ? [time, kept] : [kept, time];
        tooClose(ctx, refused, later, earlier.at, interval);
        kept = earlier;
      } else {
        kept = time;
      }
    }
  }
  return refused;
}

function tooClose(ctx: ApplyContext, refused: Set<number>, time: DrawTime, other: Date, intervalMs: number): void {
  const apart = Math.abs(time.at.getTime() - other.getTime()) / 1_000;
  const reason =
    `is ${formatCount(apart, 'second')} from the ${gameNameForCode(time.game)} draw at ${other.toISOString()}: ` +
    `draws of one game are at least ${intervalMs / 1_000} seconds apart`;
  for (const item of time.items) {
    refuse(ctx, item, 'drawAt', reason);
    refused.add(item.index);
  }
}
