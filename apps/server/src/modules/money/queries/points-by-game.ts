import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import type { DayRange } from '../../../lib/dates.js';
import { type DbCents, readCents } from '../../../lib/money.js';
// The settlement's own profit rule (play − win over draw games), so every money report sums alike.
import { kindFilter, playsBelowByChildOver, profitSum } from '../../play-sums/index.js';
import { rowsOverClosedWeeks } from '../../weeks/index.js';

export interface GamePointsCents {
  gameName: string;
  playCents: bigint;
  profitCents: bigint;
}

/**
 * The mail statement's "Total Points Used" by type: play points and profit per draw game of the
 * plays below the account (depth > 0, the same plays as the statement's rows), every draw game
 * listed in game order, zeros included. Closed weeks read what their closing fixed (one statement
 * when the range's whole weeks are all closed).
 */
export async function pointsByGame(db: Queryable, accountId: string, range: DayRange): Promise<GamePointsCents[]> {
  const rows = await rowsOverClosedWeeks<{ name: string; play_cents: DbCents; profit_cents: DbCents }>(
    db,
    'games',
    range,
    (split) => sql`SELECT g.id AS game_id, g.name,
               coalesce(x.play_cents, 0)::bigint AS play_cents,
               coalesce(x.profit_cents, 0)::bigint AS profit_cents
          FROM games g
          LEFT JOIN (
                SELECT d.game_id, sum(d.play_points_cents)::bigint AS play_cents, ${profitSum('games')} AS profit_cents
                  FROM (${playsBelowByChildOver(accountId, 'games', split)}) d
                 WHERE ${kindFilter('games')}
                 GROUP BY d.game_id
               ) x ON x.game_id = g.id
         WHERE g.kind = 'draw'`,
    sql`r.game_id`,
  );
  return rows.map((row) => ({
    gameName: row.name,
    playCents: readCents(row.play_cents),
    profitCents: readCents(row.profit_cents),
  }));
}
