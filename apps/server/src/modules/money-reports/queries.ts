import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import type { DayRange } from '../../lib/dates.js';
// The settlement's own profit rule (play − win over draw games), so every money report sums alike.
import { kindFilter, playsBelowByChild, profitSum } from '../settlement/profit-sql.js';

export interface ChildProfit {
  id: string;
  username: string;
  name: string;
  profitCents: number;
}

/**
 * Manager Mail Details: every direct child of the account (agents, managers, or members below a
 * master) with the draw-games profit of the plays below it in the range, 0 when none. Every play
 * below the account is below exactly one direct child, so Σ profit = the account's profit.
 */
export async function directChildrenProfit(db: Queryable, accountId: string, range: DayRange): Promise<ChildProfit[]> {
  const rows = await queryRows<{ id: string; username: string; name: string; profit_cents: number | null }>(
    db,
    sql`SELECT ch.id, ch.username, btrim(ch.first_name || ' ' || ch.last_name) AS name, x.profit_cents
          FROM account_closure top
          JOIN accounts ch ON ch.id = top.descendant_id
          LEFT JOIN (SELECT d.root_id, ${profitSum('games')} AS profit_cents
                       FROM (${playsBelowByChild(accountId, range)}) d
                      WHERE ${kindFilter('games')}
                      GROUP BY d.root_id) x ON x.root_id = ch.id
         WHERE top.ancestor_id = ${accountId} AND top.depth = 1 AND ch.role <> 'house'
         ORDER BY lower(ch.username)`,
  );
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    name: row.name,
    profitCents: Number(row.profit_cents ?? 0),
  }));
}

export interface GamePoints {
  gameName: string;
  playCents: number;
  profitCents: number;
}

/**
 * The mail statement's "Total Points Used" by type: play points and profit per draw game of the
 * plays below the account (depth > 0, the same plays as the statement's rows), every draw game
 * listed in game order, zeros included.
 */
export async function pointsByGame(db: Queryable, accountId: string, range: DayRange): Promise<GamePoints[]> {
  const rows = await queryRows<{ name: string; play_cents: number; profit_cents: number }>(
    db,
    sql`SELECT g.name,
               coalesce(x.play_cents, 0)::bigint AS play_cents,
               coalesce(x.profit_cents, 0)::bigint AS profit_cents
          FROM games g
          LEFT JOIN (
                SELECT d.game_id, sum(d.play_points_cents)::bigint AS play_cents, ${profitSum('games')} AS profit_cents
                  FROM (${playsBelowByChild(accountId, range)}) d
                 WHERE ${kindFilter('games')}
                 GROUP BY d.game_id
               ) x ON x.game_id = g.id
         WHERE g.kind = 'draw'
         ORDER BY g.id`,
  );
  return rows.map((row) => ({
    gameName: row.name,
    playCents: Number(row.play_cents),
    profitCents: Number(row.profit_cents),
  }));
}
